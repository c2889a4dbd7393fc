import 'server-only';

import fs from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from '@/lib/zod';

import { socialActivityRowSchema } from '@/lib/schemas/skynet';

import type { Database } from '../db/client';
import { projects, skynetSocialActivity } from '../db/schema';
import { clearSkynetMemo } from './memo';

/** Reads CSV (header `projectId,type,date,value`) or a JSON array of the same objects. */
export function parseSocialFile(text: string, fileName: string): z.output<typeof socialActivityRowSchema>[] {
  let raw: unknown[];
  if (fileName.toLowerCase().endsWith('.json') || /^\s*[[{]/.test(text)) {
    const parsed = JSON.parse(text) as unknown;
    raw = Array.isArray(parsed) ? parsed : [parsed];
  } else {
    const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
    const header = lines.shift()?.split(',').map((cell) => cell.trim()) ?? [];
    for (const column of ['projectId', 'type', 'date', 'value']) if (!header.includes(column)) throw new Error(`The CSV header lacks the column ${column}.`);
    raw = lines.map((line) => Object.fromEntries(line.split(',').map((cell, index) => [header[index], cell.trim()])));
  }
  return raw.map((row, index) => {
    const parsed = socialActivityRowSchema.safeParse(row);
    if (!parsed.success) throw new Error(`Row ${index + 1}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    return parsed.data;
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
