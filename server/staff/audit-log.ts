import 'server-only';

import { and, desc, eq, lt, type SQL } from 'drizzle-orm';

import type { Database } from '../db/client';
import { getDb } from '../db/client';
import { staffAuditLog } from '../db/schema';

/** Who made a change: a staff member in the console, or the operator at the command line. */
export type StaffActor = { userId: string | null; email: string };

export const CLI_ACTOR: StaffActor = { userId: null, email: 'cli' };

export type StaffChange = {
  /** What was done, as `<entity>.<verb>`, e.g. `alert.publish`. */
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** JSON-safe copy (dates as ISO strings), so before/after read the same whatever the driver returned. */
const plain = (value: Record<string, unknown> | null) => (value === null ? null : (JSON.parse(JSON.stringify(value)) as Record<string, unknown>));

/** Appends one entry; call it in the transaction of the change it records, so neither exists without the other. */
export async function recordStaffChange(tx: Database, actor: StaffActor, change: StaffChange): Promise<void> {
  await tx.insert(staffAuditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    before: plain(change.before),
    after: plain(change.after),
  });
}

export type StaffLogEntry = typeof staffAuditLog.$inferSelect;

export const STAFF_LOG_PAGE_SIZE = 50;

/** The newest entries first, optionally of one entity type (or one entity: a thing's history) or one actor; `beforeId` pages back. */
export async function listStaffChanges(filters: { entityType?: string; entityId?: string; actorEmail?: string; beforeId?: number } = {}): Promise<StaffLogEntry[]> {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (filters.entityType) conditions.push(eq(staffAuditLog.entityType, filters.entityType));
  if (filters.entityId) conditions.push(eq(staffAuditLog.entityId, filters.entityId));
  if (filters.actorEmail) conditions.push(eq(staffAuditLog.actorEmail, filters.actorEmail));
  if (filters.beforeId) conditions.push(lt(staffAuditLog.id, filters.beforeId));
  return db
    .select()
    .from(staffAuditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(staffAuditLog.id))
    .limit(STAFF_LOG_PAGE_SIZE);
}
