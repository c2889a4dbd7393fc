import { route } from '@/server/api';
import { badgeResponse } from '@/server/badges';

/** /badge/{id}.svg: the project's grade and score as an SVG badge (404 for an unknown or hidden project). */
export const GET = route<{ params: Promise<{ file: string }> }>(async (_request, { params }) => badgeResponse((await params).file));
