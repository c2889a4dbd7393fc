/** /compare?ids=a,b,c (issue #19): two to four distinct project ids, read from the URL; every refusal says why. */
import { z } from '@/lib/zod';

import { COMPARE_MAX, COMPARE_MIN } from '../compare-selection';
import { OPEN_DATA_TEXTS } from '../messages/open-data';

export { COMPARE_MAX, COMPARE_MIN };
/** Longer than four of the longest ids could be: refused before it is split. */
const MAX_IDS_LENGTH = 4 * 100 + 3;

const projectId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/);

export type CompareIds = { ok: true; ids: string[] } | { ok: false; problem: string };

/** The ids parameter (a repeated one counts once, its first value) to the ids, or the reason it cannot be compared. */
export function parseCompareIds(raw: string | string[] | undefined | null): CompareIds {
  const value = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  if (value.length > MAX_IDS_LENGTH) return { ok: false, problem: OPEN_DATA_TEXTS.compareTooMany };
  const ids = value
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  const malformed = ids.filter((id) => !projectId.safeParse(id).success);
  if (malformed.length > 0) return { ok: false, problem: OPEN_DATA_TEXTS.compareMalformed(malformed) };
  const repeated = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  if (repeated.length > 0) return { ok: false, problem: OPEN_DATA_TEXTS.compareDuplicates(repeated) };
  if (ids.length < COMPARE_MIN) return { ok: false, problem: OPEN_DATA_TEXTS.compareTooFew };
  if (ids.length > COMPARE_MAX) return { ok: false, problem: OPEN_DATA_TEXTS.compareTooMany };
  return { ok: true, ids };
}
