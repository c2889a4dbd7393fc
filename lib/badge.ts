/**
 * The embeddable grade badge (/badge/{id}.svg, issue #19): a flat two-part SVG drawn from text only. It holds no
 * script, no link and no external reference (fonts are the viewer's own), so it is safe to serve from our origin and
 * to embed anywhere; every text that reaches it is escaped.
 */

import { formatScore, type Grade, type GradeTone } from './score';

export type BadgeInput = {
  /** The project's name, in the badge's accessible title only. */
  name: string;
  grade: Grade | null;
  tone: GradeTone | null;
  score: number | null;
  /** Where the badge can be checked, named in its title (the embed snippet links there). */
  verifyUrl: string;
};

export const BADGE_LABEL = 'Sentinel Shield';
export const BADGE_NOT_ASSESSED = 'not assessed';

/** The same fixed colours as the pages' grades (green, amber, red), dark enough for white text (WCAG AA). */
const TONE_FILL: Record<GradeTone | 'none', string> = { good: '#15803d', fair: '#b45309', poor: '#b91c1c', none: '#475569' };

/** Text for XML character data and attribute values alike. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
}

/** Width in pixels of 11 px Verdana-like text, closely enough to size the boxes (narrow and wide letters apart). */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[il.,:;|!' ]/.test(char) ? 3.5 : /[mwMW@]/.test(char) ? 10 : /[A-Z0-9]/.test(char) ? 7.5 : 6.5;
  return Math.ceil(width);
}

/** What the badge's right part says: the grade and score, or that the project is not yet assessed. */
export function badgeValue(input: Pick<BadgeInput, 'grade' | 'score'>): string {
  return input.grade && input.score !== null ? `${input.grade} ${formatScore(input.score)}` : BADGE_NOT_ASSESSED;
}

/** The widths in pixels of the badge's two parts (label, value); the badge is 20 px high. */
function badgeParts(value: string): { left: number; right: number } {
  return { left: textWidth(BADGE_LABEL) + 12, right: textWidth(value) + 12 };
}

/** The badge's width in pixels, so a page can hold its place before the image loads. */
export function badgeWidth(input: Pick<BadgeInput, 'grade' | 'score'>): number {
  const { left, right } = badgeParts(badgeValue(input));
  return left + right;
}

/** The badge as an SVG document. */
export function renderBadgeSvg(input: BadgeInput): string {
  const value = badgeValue(input);
  const fill = TONE_FILL[input.grade ? (input.tone ?? 'none') : 'none'];
  const { left, right } = badgeParts(value);
  const width = left + right;
  const title = escapeXml(`${input.name}: ${BADGE_LABEL} security grade ${value}. Verify at ${input.verifyUrl}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" viewBox="0 0 ${width} 20" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="${left}" height="20" rx="3" fill="#0f172a"/>`,
    `<rect x="${left}" width="${right}" height="20" rx="3" fill="${fill}"/>`,
    `<rect x="${left}" width="4" height="20" fill="${fill}"/>`,
    `<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">`,
    `<text x="${left / 2}" y="14">${escapeXml(BADGE_LABEL)}</text>`,
    `<text x="${left + right / 2}" y="14" font-weight="bold">${escapeXml(value)}</text>`,
    `</g>`,
    `</svg>`,
  ].join('');
}

/** The addresses of a project's badge and of its verification page. */
export function badgeUrls(siteUrl: string, projectId: string): { badge: string; verify: string } {
  return { badge: `${siteUrl}/badge/${projectId}.svg`, verify: `${siteUrl}/verify/${projectId}` };
}

/**
 * The copyable embeds: the badge image wrapped in a link to its verification page, so a click on any copy of it
 * lands where the live grade is stated.
 */
export function badgeSnippets(siteUrl: string, projectId: string, alt: string): { markdown: string; html: string } {
  const { badge, verify } = badgeUrls(siteUrl, projectId);
  const markdownAlt = alt.replace(/[\\[\]]/g, (char) => `\\${char}`);
  return {
    markdown: `[![${markdownAlt}](${badge})](${verify})`,
    html: `<a href="${escapeXml(verify)}"><img src="${escapeXml(badge)}" alt="${escapeXml(alt)}" height="20"></a>`,
  };
}
