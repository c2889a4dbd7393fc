import { route } from '@/server/api';
import { leaderboardCsvResponse } from '@/server/project-exports';

export const dynamic = 'force-dynamic';

/** The leaderboard's filtered set as CSV, every page (the /projects filters in the query; a bad one is a 400 problem). */
export const GET = route(async (request) => leaderboardCsvResponse(new URL(request.url).searchParams));
