import 'server-only';

import { and, asc, eq, lt } from 'drizzle-orm';

import type { StaffLogQuery } from '@/lib/schemas/staff-log';

import { getDb } from '../db/client';
import { staffAuditLog } from '../db/schema';
import { listStaffChanges, type StaffLogEntry } from './audit-log';

/** The values the log page's filters offer: every entity type and every actor the log holds. */
export async function listStaffLogFacets(): Promise<{ entityTypes: string[]; actors: string[] }> {
  const db = await getDb();
  const [types, actors] = await Promise.all([
    db.selectDistinct({ value: staffAuditLog.entityType }).from(staffAuditLog).orderBy(asc(staffAuditLog.entityType)),
    db.selectDistinct({ value: staffAuditLog.actorEmail }).from(staffAuditLog).orderBy(asc(staffAuditLog.actorEmail)),
  ]);
  return { entityTypes: types.map((row) => row.value), actors: actors.map((row) => row.value) };
}

/** One page of the log, newest first, and the id to page back from when older entries match too (else null). */
export async function readStaffLog(query: StaffLogQuery): Promise<{ entries: StaffLogEntry[]; olderBefore: number | null }> {
  const filters = { entityType: query.type, actorEmail: query.actor };
  const entries = await listStaffChanges({ ...filters, beforeId: query.before });
  const oldest = entries.at(-1);
  if (!oldest) return { entries, olderBefore: null };
  const db = await getDb();
  const conditions = [lt(staffAuditLog.id, oldest.id)];
  if (filters.entityType) conditions.push(eq(staffAuditLog.entityType, filters.entityType));
  if (filters.actorEmail) conditions.push(eq(staffAuditLog.actorEmail, filters.actorEmail));
  const [older] = await db.select({ id: staffAuditLog.id }).from(staffAuditLog).where(and(...conditions)).limit(1);
  return { entries, olderBefore: older ? oldest.id : null };
}
