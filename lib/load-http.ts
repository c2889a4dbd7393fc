/**
 * The HTTP client (./http.ts) for the islands on every page, loaded with their first request instead of with the
 * page (#18): the search box (preloaded when it is pointed at, touched or focused), the survey's check after login,
 * and the answers getChecked reads. Code that already runs on use imports ./http.ts directly.
 */
export const loadHttp = () => import('./http').then((module) => module.http);
