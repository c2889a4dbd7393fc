/**
 * The answers' schemas (./answers.ts) for islands on every page, loaded on first use: the browser fetches them
 * alongside the answer they check, so zod is not part of any page's first JavaScript and visitors whose page reads
 * no answer never download it.
 */
export const loadAnswerSchemas = () => import('./answers');
