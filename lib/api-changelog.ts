/**
 * The public API's changelog, newest first (shown on /developers). Within v1 an entry may only add: a route, a
 * parameter, a field, a value of an enumeration. A rename or removal would be v2.
 */
export type ApiChange = { date: string; version: string; changes: readonly string[] };

export const API_CHANGELOG: readonly ApiChange[] = [
  {
    date: '2026-12-02',
    version: '1.1.0',
    changes: [
      'Alerts and incidents carry `protocol` and `record`: an incident of the public record with its source and licence, chains, attacker and victim addresses, attack transactions and links; `/incidents?q=` also finds an incident by its protocol name or title. Their CSV adds the `protocol` and `recordSource` columns.',
      'Admin powers name a Safe’s modules and guard, and a timelock’s cancellers, admins and whether it administers itself.',
    ],
  },
  {
    date: '2026-11-23',
    version: '1.0.0',
    changes: [
      'First release of v1: projects (leaderboard filters, sort, cursor pages), one project, score history, alerts, one alert with its correction log, incidents, and Skynet’s figures.',
      'API keys in Settings; RateLimit and RateLimit-Policy headers; ETag and If-None-Match; CORS for GET; RFC 9457 problem details.',
      'CSV for the lists and the score history, with Accept: text/csv or ?format=csv.',
    ],
  },
];
