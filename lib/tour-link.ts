/** How to start the guided tour; apart from lib/tour.ts so links and the launcher do not ship the steps. */

/** The query parameter that starts the tour on the home page. */
export const TOUR_QUERY = { name: 'tour', value: 'true' } as const;
export const TOUR_START_HREF = `/?${TOUR_QUERY.name}=${TOUR_QUERY.value}`;
