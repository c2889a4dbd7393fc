import 'server-only';

import fs from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from '@/lib/zod';

import { socialActivityRowSchema } from '@/lib/schemas/skynet';

import type { Database } from '../db/client';
import { projects, skynetSocialActivity } from '../db/schema';
import { clearSkynetMemo } from './memo';
import { parseRows, readRowFile } from './row-file';

/** Reads CSV (header `projectId,type,date,value`) or a JSON array of the same objects; throws at the first bad row. */
export function parseSocialFile(text: string, fileName: string): z.output<typeof socialActivityRowSchema>[] {
  const rows = parseRows(readRowFile(text, fileName, { required: ['projectId', 'type', 'date', 'value'] }), socialActivityRowSchema);
  return rows.map((entry) => {
    if ('reasons' in entry) throw new Error(`Row ${entry.row}: ${entry.reasons.join('; ')}`);
    return entry.value;
  });
}

/**
 * Imports an operator's social activity file: its rows replace the same days, and the demo rows of each imported
 * project and type go, so real and generated figures never mix in one series.
 */
export async function importSocialActivity(db: Database, file: string): Promise<{ rows: number; projects: number }> {
  const rows = parseSocialFile(fs.readFileSync(file, 'utf8'), file);
  const ids = [...new Set(rows.map((row) => row.projectId))];
  const known = new Set((await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids))).map((row) => row.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw new Error(`Unknown project ids: ${unknown.slice(0, 10).join(', ')}.`);
  await db.transaction(async (tx) => {
    for (const key of new Set(rows.map((row) => `${row.projectId}|${row.type}`))) {
      const [projectId, type] = key.split('|');
      await tx
        .delete(skynetSocialActivity)
        .where(and(eq(skynetSocialActivity.projectId, projectId), eq(skynetSocialActivity.type, type), eq(skynetSocialActivity.isDemo, true)));
    }
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500).map((row) => ({ projectId: row.projectId, type: row.type, day: row.date, value: row.value, isDemo: false }));
      await tx
        .insert(skynetSocialActivity)
        .values(batch)
        .onConflictDoUpdate({
          target: [skynetSocialActivity.projectId, skynetSocialActivity.type, skynetSocialActivity.day],
          set: { value: sqlExcluded('value'), isDemo: false },
        });
    }
  });
  clearSkynetMemo();
  return { rows: rows.length, projects: ids.length };
}

const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);
