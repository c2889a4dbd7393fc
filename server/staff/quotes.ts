import 'server-only';

import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { toCsv } from '@/lib/csv';
import { UserFacingError } from '@/lib/errors';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { QUOTE_OWNER_NONE, type QuoteListQuery, type QuoteUpdate } from '@/lib/schemas/staff-quote';
import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@/lib/staff';

import type { Database } from '../db/client';
import { getDb } from '../db/client';
import { quoteRequests, staffMembers, users } from '../db/schema';
import { quoteServiceLabel } from '../quotes';
import { recordStaffChange, type StaffActor } from './audit-log';
import { containsPattern, readListPage, rowCount, type StaffListPage } from './list-page';
import { STAFF_PERMISSIONS } from './permissions';

/** Who may own a lead: members whose role handles quote requests. */
const OWNER_ROLES = STAFF_PERMISSIONS['quotes.write'];

/** The most rows one CSV export holds; the inbox's filters narrow a larger set. */
export const QUOTE_EXPORT_MAX_ROWS = 10_000;

const owners = alias(users, 'owner');

export type StaffQuoteRow = {
  id: string;
  name: string;
  email: string;
  company: string;
  services: string[];
  status: QuoteStatus;
  ownerUserId: string | null;
  ownerEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type StaffQuote = StaffQuoteRow & { website: string | null; message: string; notes: string };

const rowColumns = {
  id: quoteRequests.id,
  name: quoteRequests.name,
  email: quoteRequests.email,
  company: quoteRequests.company,
  services: quoteRequests.services,
  status: quoteRequests.status,
  ownerUserId: quoteRequests.ownerUserId,
  ownerEmail: owners.email,
  createdAt: quoteRequests.createdAt,
  updatedAt: quoteRequests.updatedAt,
};

const detailColumns = { ...rowColumns, website: quoteRequests.website, message: quoteRequests.message, notes: quoteRequests.notes };

/** The inbox's filters: search by name, company or email; a status; an owner or nobody. */
function inboxWhere(query: Omit<QuoteListQuery, 'page'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(quoteRequests.name, pattern), ilike(quoteRequests.company, pattern), ilike(quoteRequests.email, pattern))!);
  }
  if (query.status) conditions.push(eq(quoteRequests.status, query.status));
  if (query.owner === QUOTE_OWNER_NONE) conditions.push(isNull(quoteRequests.ownerUserId));
  else if (query.owner) conditions.push(eq(quoteRequests.ownerUserId, query.owner));
  return conditions.length ? and(...conditions) : undefined;
}

/** The quote inbox, newest first. */
export async function listStaffQuotes(query: QuoteListQuery): Promise<StaffListPage<StaffQuoteRow>> {
  const db = await getDb();
  const where = inboxWhere(query);
  return readListPage(
    query.page,
    () => db.select({ total: rowCount }).from(quoteRequests).where(where),
    ({ limit, offset }) =>
      db
        .select(rowColumns)
        .from(quoteRequests)
        .leftJoin(owners, eq(owners.id, quoteRequests.ownerUserId))
        .where(where)
        .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
        .limit(limit)
        .offset(offset),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One request with its message and the team's notes; null when there is none. */
export async function getStaffQuote(id: string): Promise<StaffQuote | null> {
  if (!UUID.test(id)) return null;
  const db = await getDb();
  const [row] = await db.select(detailColumns).from(quoteRequests).leftJoin(owners, eq(owners.id, quoteRequests.ownerUserId)).where(eq(quoteRequests.id, id));
  return row ?? null;
}

/** The members a request may be given to, by email. */
export async function listQuoteOwners(db?: Database): Promise<{ userId: string; email: string }[]> {
  const handle = db ?? (await getDb());
  return handle
    .select({ userId: staffMembers.userId, email: users.email })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(inArray(staffMembers.role, [...OWNER_ROLES]))
    .orderBy(asc(users.email));
}

/**
 * Saves the sales team's handling of a request: its status, its owner (a member who handles quotes, or nobody) and
 * their notes, with the audit-log entry in the same transaction.
 */
export async function updateQuoteRequest(actor: StaffActor, id: string, input: QuoteUpdate, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = UUID.test(id)
      ? await tx
          .select({ status: quoteRequests.status, ownerUserId: quoteRequests.ownerUserId, ownerEmail: owners.email, notes: quoteRequests.notes })
          .from(quoteRequests)
          .leftJoin(owners, eq(owners.id, quoteRequests.ownerUserId))
          .where(eq(quoteRequests.id, id))
          .for('update', { of: quoteRequests })
      : [];
    if (!current) throw new UserFacingError(STAFF_MESSAGES.quoteNotFound, 404);
    let ownerEmail = input.ownerUserId === current.ownerUserId ? current.ownerEmail : null;
    // A new owner must handle quotes; one who no longer does may stay until someone reassigns the lead.
    if (input.ownerUserId && input.ownerUserId !== current.ownerUserId) {
      ownerEmail = (await listQuoteOwners(tx)).find((owner) => owner.userId === input.ownerUserId)?.email ?? null;
      if (!ownerEmail) throw new UserFacingError(STAFF_MESSAGES.quoteOwnerInvalid, 400);
    }
    if (current.status === input.status && current.ownerUserId === input.ownerUserId && current.notes === input.notes) {
      throw new UserFacingError(STAFF_MESSAGES.nothingChanged, 409);
    }
    await tx.update(quoteRequests).set({ status: input.status, ownerUserId: input.ownerUserId, notes: input.notes, updatedAt: now }).where(eq(quoteRequests.id, id));
    await recordStaffChange(tx, actor, {
      action: 'quote.update',
      entityType: 'quote',
      entityId: id,
      before: { status: current.status, owner: current.ownerEmail, notes: current.notes },
      after: { status: input.status, owner: ownerEmail, notes: input.notes },
    });
  });
}

export const QUOTE_CSV_HEADER = ['Received (UTC)', 'Name', 'Email', 'Company', 'Website', 'Services', 'Message', 'Status', 'Owner', 'Notes', 'Updated (UTC)'] as const;

/** The inbox's filtered requests (every page, newest first, at most QUOTE_EXPORT_MAX_ROWS) as a CSV document. */
export async function exportQuotesCsv(query: Omit<QuoteListQuery, 'page'>): Promise<string> {
  const db = await getDb();
  const rows = await db
    .select(detailColumns)
    .from(quoteRequests)
    .leftJoin(owners, eq(owners.id, quoteRequests.ownerUserId))
    .where(inboxWhere(query))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(QUOTE_EXPORT_MAX_ROWS);
  return toCsv(
    QUOTE_CSV_HEADER,
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.name,
      row.email,
      row.company,
      row.website,
      row.services.map(quoteServiceLabel).join('; '),
      row.message,
      QUOTE_STATUS_LABELS[row.status],
      row.ownerEmail,
      row.notes,
      row.updatedAt.toISOString(),
    ]),
  );
}
