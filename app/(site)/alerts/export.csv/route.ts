import { route } from '@/server/api';
import { alertsCsvResponse } from '@/server/alert-export';

export const dynamic = 'force-dynamic';

/** The incident database's filtered set as CSV (the /alerts filters in the query; a bad one is a 400 problem). */
export const GET = route(async (request) => alertsCsvResponse(new URL(request.url).searchParams));
