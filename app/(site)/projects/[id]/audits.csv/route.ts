import { route } from '@/server/api';
import { projectAuditsCsvResponse } from '@/server/project-exports';

export const dynamic = 'force-dynamic';

/** A project's published audits as CSV (an unknown or hidden project is a 404 problem). */
export const GET = route<{ params: Promise<{ id: string }> }>(async (_request, { params }) => projectAuditsCsvResponse((await params).id));
