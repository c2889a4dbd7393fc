import { NextResponse } from 'next/server';

import { INCIDENT_IMPORT_BODY_BYTES } from '@/lib/body-limits.mjs';
import { incidentImportQuerySchema } from '@/lib/schemas/incident-import';
import { BadRequest, decodeUtf8, readBytes, staffRoute } from '@/server/api';
import { getDb } from '@/server/db/client';
import { importIncidents } from '@/server/incident-record';
import { RowFileError } from '@/server/skynet/row-file';
import { actorOf } from '@/server/staff/access';

/**
 * The console's import of the incident record (`?name=record.json&dryRun=true|false`, the file's text as the body):
 * answers the report, the same as `npm run import -- incidents`. A dry run (the preview) writes nothing.
 */
export const POST = staffRoute('alerts.write', async (request, staff) => {
  const query = incidentImportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new BadRequest(query.error.issues[0].message);
  const text = decodeUtf8(await readBytes(request, INCIDENT_IMPORT_BODY_BYTES, `Import at most ${INCIDENT_IMPORT_BODY_BYTES / (1024 * 1024)} MB.`));
  try {
    const report = await importIncidents(await getDb(), { text, fileName: query.data.name, dryRun: query.data.dryRun, actor: actorOf(staff) });
    return NextResponse.json(report, { status: report.refused.length ? 422 : 200, headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    if (error instanceof RowFileError) throw new BadRequest(error.message);
    throw error;
  }
});
