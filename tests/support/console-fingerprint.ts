import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';

import { getDb } from '@/server/db/client';

/** Every table a staff console call can write (the mail outbox and accounts included). */
export const CONSOLE_TABLES = [
  'projects',
  'project_scores',
  'project_score_history',
  'audits',
  'audit_code',
  'code_compilations',
  'code_matches',
  'security_alerts',
  'alert_revisions',
  'incident_reports',
  'quote_requests',
  'staff_members',
  'staff_recovery_codes',
  'staff_invitations',
  'staff_verified_sessions',
  'staff_audit_log',
  'mail_outbox',
  'users',
] as const;

/**
 * What the console has written: each table's rows hashed in a stable order, and the names of the uploaded files.
 * Equal before and after a call means the call stored nothing.
 */
export async function consoleFingerprint(): Promise<Record<string, string>> {
  const db = await getDb();
  const columns = CONSOLE_TABLES.map((table) => `(select count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t) as ${table}`);
  const result = (await db.execute(sql.raw(`select ${columns.join(', ')}`))) as unknown as { rows?: Record<string, string>[] } & Record<string, string>[];
  const [row] = result.rows ?? result;
  const filesDir = path.join(process.env.DATA_DIR!, 'files');
  const files = fs.existsSync(filesDir) ? fs.readdirSync(filesDir).sort() : [];
  return { ...row, files: createHash('sha256').update(files.join('\n')).digest('hex') };
}
