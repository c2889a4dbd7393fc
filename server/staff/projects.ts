import 'server-only';

import { and, asc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import type { AuditStatus } from '@/lib/projects';
import { isLogoKey, PROJECT_SLUG_PATTERN, type ProjectCreateInput, type ProjectInput, type ProjectListQuery } from '@/lib/schemas/staff-project';

import { CACHE_TAGS, revalidatePublicData } from '../cache-tags';
import type { Database } from '../db/client';
import { getDb } from '../db/client';
import { projects } from '../db/schema';
import { staffFileUrl } from '../files';
import { invalidateSearchCaches } from '../search';
import { recordStaffChange, type StaffActor } from './audit-log';
import { containsPattern, readListPage, rowCount, type StaffListPage } from './list-page';

export type StaffProjectRow = {
  id: string;
  name: string;
  logo: string | null;
  tokenTickers: string[];
  category: string | null;
  chains: string[];
  hidden: boolean;
  isDemo: boolean;
  updatedAt: Date;
};

/** A project as the console's form edits it, hidden or not. */
export type StaffProject = {
  id: string;
  name: string;
  tokenTickers: string[];
  logo: string | null;
  category: string | null;
  chains: string[];
  website: string | null;
  socials: { network: string; url: string }[];
  description: string | null;
  contracts: { chain: string; address: string }[];
  auditStatus: AuditStatus;
  kycVerified: boolean;
  hiddenAt: Date | null;
  isDemo: boolean;
  updatedAt: Date;
};

/** The audit log's entity type for projects (the history page reads it back). */
export const PROJECT_ENTITY = 'project';

/** The console's project list: search by name, slug or ticker; filter by category, chain and visibility. */
export async function listStaffProjects(query: ProjectListQuery): Promise<StaffListPage<StaffProjectRow>> {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const tickerMatches = sql`exists (select 1 from unnest(${projects.tokenTickers}) as ticker where ticker ilike ${pattern})`;
    conditions.push(or(ilike(projects.name, pattern), ilike(projects.id, pattern), tickerMatches)!);
  }
  if (query.category) conditions.push(eq(projects.category, query.category));
  if (query.chain) conditions.push(sql`${query.chain} = any(${projects.chains})`);
  if (query.visibility) conditions.push(query.visibility === 'hidden' ? isNotNull(projects.hiddenAt) : isNull(projects.hiddenAt));
  const where = and(...conditions);
  return readListPage(
    query.page,
    () => db.select({ total: rowCount }).from(projects).where(where),
    async ({ limit, offset }) => {
      const rows = await db
        .select({
          id: projects.id,
          name: projects.name,
          logo: projects.logo,
          tokenTickers: projects.tokenTickers,
          category: projects.category,
          chains: projects.chains,
          hiddenAt: projects.hiddenAt,
          isDemo: projects.isDemo,
          updatedAt: projects.updatedAt,
        })
        .from(projects)
        .where(where)
        .orderBy(asc(projects.name), asc(projects.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ hiddenAt, ...row }) => ({ ...row, hidden: hiddenAt !== null }));
    },
  );
}

/** Every category and chain in use, hidden projects included, for the console's filters and form. */
export async function listStaffProjectOptions(): Promise<{ categories: string[]; chains: string[] }> {
  const db = await getDb();
  const categories = await db.selectDistinct({ value: projects.category }).from(projects).where(isNotNull(projects.category)).orderBy(asc(projects.category));
  const chains = await db.execute<{ value: string }>(sql`select distinct unnest(${projects.chains}) as value from ${projects} order by 1`);
  const chainRows = (Array.isArray(chains) ? chains : (chains as { rows: { value: string }[] }).rows) as { value: string }[];
  return { categories: categories.map((row) => row.value!), chains: chainRows.map((row) => row.value) };
}

async function readProject(db: Database, id: string, lock = false): Promise<StaffProject | null> {
  if (!PROJECT_SLUG_PATTERN.test(id)) return null;
  const query = db
    .select({
      id: projects.id,
      name: projects.name,
      tokenTickers: projects.tokenTickers,
      logo: projects.logo,
      category: projects.category,
      chains: projects.chains,
      website: projects.website,
      socials: projects.socials,
      description: projects.description,
      contracts: projects.contracts,
      auditStatus: projects.auditStatus,
      kycVerified: projects.kycVerified,
      hiddenAt: projects.hiddenAt,
      isDemo: projects.isDemo,
      updatedAt: projects.updatedAt,
    })
    .from(projects)
    .where(eq(projects.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** One project for the console, hidden or not; null when there is none. */
export async function getStaffProject(id: string): Promise<StaffProject | null> {
  return readProject(await getDb(), id);
}

/** What the audit log keeps of a project: every field staff edit, and whether it is hidden. */
const snapshot = (project: Omit<StaffProject, 'hiddenAt' | 'isDemo' | 'updatedAt'> & { hidden: boolean }) => ({
  name: project.name,
  tokenTickers: project.tokenTickers,
  logo: project.logo,
  category: project.category,
  chains: project.chains,
  website: project.website,
  // Rebuilt key by key: jsonb gives its keys back in its own order, and snapshots are compared as JSON.
  socials: project.socials.map(({ network, url }) => ({ network, url })),
  description: project.description,
  contracts: project.contracts.map(({ chain, address }) => ({ chain, address })),
  auditStatus: project.auditStatus,
  kycVerified: project.kycVerified,
  hidden: project.hidden,
});

/**
 * The logo to store: an upload's key becomes the address browsers read it at; anything else must be the logo the
 * project already has (the form sends it back unchanged), so no address from elsewhere is ever stored.
 */
function logoToStore(submitted: string | null, current: string | null): string | null {
  if (submitted === null) return null;
  if (isLogoKey(submitted)) return staffFileUrl(submitted);
  if (submitted === current) return current;
  throw new UserFacingError(STAFF_MESSAGES.logoInvalid, 400);
}

const columnsOf = (input: ProjectInput, logo: string | null) => ({
  name: input.name,
  tokenTickers: input.tokenTickers,
  logo,
  category: input.category,
  chains: input.chains,
  website: input.website,
  socials: input.socials,
  description: input.description,
  contracts: input.contracts,
  auditStatus: input.auditStatus,
  kycVerified: input.kycVerified,
});

/** Public pages, the search box and the home lists show projects: after a change they must read them again. */
function refreshPublicProjects(): void {
  invalidateSearchCaches();
  revalidatePublicData(CACHE_TAGS.projects, CACHE_TAGS.alerts, CACHE_TAGS.audits);
}

/** A new project, public at once (and searchable at once); its slug is taken for good. */
export async function createProject(actor: StaffActor, input: ProjectCreateInput): Promise<{ id: string }> {
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const columns = columnsOf(input, logoToStore(input.logo, null));
    const inserted = await tx
      .insert(projects)
      .values({ id: input.id, ...columns, isDemo: false })
      .onConflictDoNothing({ target: projects.id })
      .returning({ id: projects.id });
    if (inserted.length === 0) throw new UserFacingError(STAFF_MESSAGES.projectIdTaken, 409);
    await recordStaffChange(tx, actor, { action: 'project.create', entityType: PROJECT_ENTITY, entityId: input.id, before: null, after: snapshot({ id: input.id, ...columns, hidden: false }) });
    return inserted[0];
  });
  refreshPublicProjects();
  return created;
}

/**
 * Saves the form over a project (its slug stays). A save that changes nothing writes nothing, not even a log entry.
 * Generated projects keep their demo mark: their rank is still generated.
 */
export async function updateProject(actor: StaffActor, id: string, input: ProjectInput): Promise<{ changed: boolean }> {
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const current = await readProject(tx, id, true);
    if (!current) throw new UserFacingError(STAFF_MESSAGES.unknownProject, 404);
    const columns = columnsOf(input, logoToStore(input.logo, current.logo));
    const before = snapshot({ ...current, hidden: current.hiddenAt !== null });
    const after = snapshot({ id, ...columns, hidden: current.hiddenAt !== null });
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    await tx.update(projects).set({ ...columns, updatedAt: new Date() }).where(eq(projects.id, id));
    await recordStaffChange(tx, actor, { action: 'project.update', entityType: PROJECT_ENTITY, entityId: id, before, after });
    return true;
  });
  if (changed) refreshPublicProjects();
  return { changed };
}

async function setHidden(actor: StaffActor, id: string, hidden: boolean): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const current = await readProject(tx, id, true);
    if (!current) throw new UserFacingError(STAFF_MESSAGES.unknownProject, 404);
    if ((current.hiddenAt !== null) === hidden) throw new UserFacingError(hidden ? STAFF_MESSAGES.projectAlreadyHidden : STAFF_MESSAGES.projectAlreadyVisible, 409);
    await tx
      .update(projects)
      .set({ hiddenAt: hidden ? new Date() : null, updatedAt: new Date() })
      .where(eq(projects.id, id));
    await recordStaffChange(tx, actor, { action: hidden ? 'project.hide' : 'project.show', entityType: PROJECT_ENTITY, entityId: id, before: { hidden: !hidden }, after: { hidden } });
  });
  refreshPublicProjects();
}

/** Hides a project: it answers 404 publicly and leaves every public list, search and the sitemap. Nothing is deleted. */
export async function hideProject(actor: StaffActor, id: string): Promise<void> {
  await setHidden(actor, id, true);
}

/** Shows a hidden project again, as it was. */
export async function showProject(actor: StaffActor, id: string): Promise<void> {
  await setHidden(actor, id, false);
}
