// @vitest-environment jsdom
// (The badge is parsed with the browser's DOMParser.)
import { describe, expect, it } from 'vitest';

import { BADGE_NOT_ASSESSED, badgeSnippets, badgeValue, badgeWidth, escapeXml, renderBadgeSvg } from '@/lib/badge';
import { SVG_BADGE_CSP } from '@/lib/security-headers';

const hostile = `Evil <script>alert("x")</script> & 'Co' <img src=x onerror=alert(1)>`;
const svgOf = (overrides: Partial<Parameters<typeof renderBadgeSvg>[0]> = {}) =>
  renderBadgeSvg({ name: 'Aave', grade: 'AA', tone: 'good', score: 87.46, verifyUrl: 'https://example.com/verify/aave', ...overrides });

/** The document parsed as a browser would: a hostile name must not become markup. */
const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');

describe('the SVG badge', () => {
  it('shows the grade and the score rounded down as the pages show it', () => {
    const doc = parse(svgOf());
    expect(doc.querySelector('parsererror')).toBeNull();
    const texts = [...doc.querySelectorAll('text')].map((node) => node.textContent);
    expect(texts).toContain('AA 87.4');
    expect(badgeValue({ grade: 'AAA', score: 89.96 })).toBe('AAA 89.9');
  });

  it('is as wide as badgeWidth says, so the page holds its place before it loads', () => {
    for (const input of [{ grade: 'AA', tone: 'good', score: 87.46 }, { grade: 'C', tone: 'poor', score: 41 }, { grade: null, tone: null, score: null }] as const) {
      const root = parse(svgOf(input)).documentElement;
      expect(root.getAttribute('width')).toBe(String(badgeWidth(input)));
      expect(root.getAttribute('viewBox')).toBe(`0 0 ${badgeWidth(input)} 20`);
    }
    expect(badgeWidth({ grade: null, score: null })).toBeGreaterThan(badgeWidth({ grade: 'C', score: 41 }));
  });

  it('says "not assessed" for a project without a score, in grey', () => {
    const svg = svgOf({ grade: null, tone: null, score: null });
    expect([...parse(svg).querySelectorAll('text')].map((node) => node.textContent)).toContain(BADGE_NOT_ASSESSED);
    expect(svg).toContain('#475569');
  });

  it('escapes a name with <, &, and quotes, so it stays text in the title', () => {
    const svg = svgOf({ name: hostile });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<img');
    const doc = parse(svg);
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.querySelector('title')?.textContent).toContain(hostile);
    expect(doc.documentElement.getAttribute('aria-label')).toContain(hostile);
    // Only the badge's own elements: nothing the name smuggled in.
    const tags = new Set([...doc.querySelectorAll('*')].map((node) => node.tagName));
    expect([...tags].sort()).toEqual(['g', 'rect', 'svg', 'text', 'title']);
  });

  it('holds no script, no event handler, no link and no external reference', () => {
    for (const svg of [svgOf(), svgOf({ name: hostile }), svgOf({ grade: null, tone: null, score: null })]) {
      expect(svg).not.toMatch(/<script|<a[\s>]|<image|<use|<foreignObject|<style/i);
      const elements = [...parse(svg).querySelectorAll('*')];
      for (const element of elements) {
        for (const attribute of element.getAttributeNames()) {
          expect(attribute, element.tagName).not.toMatch(/^on|href$/i);
          expect(element.getAttribute(attribute), attribute).not.toMatch(/url\(|javascript:/i);
        }
      }
      // The only address outside the title's text is the SVG namespace.
      expect(parse(svg).documentElement.namespaceURI).toBe('http://www.w3.org/2000/svg');
      expect([...svg.replace(/<title>.*<\/title>/, '').replace(/aria-label="[^"]*"/, '').matchAll(/https?:\/\/[^\s"<]+/g)].map((match) => match[0])).toEqual(['http://www.w3.org/2000/svg']);
    }
  });

  it('escapes every XML special character', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('is served under a policy that lets nothing load and nothing run', () => {
    expect(SVG_BADGE_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });
});

describe('the embed snippets', () => {
  it('link the badge to its verify page, in Markdown and in HTML, with the alt text escaped', () => {
    const { markdown, html } = badgeSnippets('https://shield.example', 'aave', 'A [x] "b" <c>: grade AA');
    expect(markdown).toBe('[![A \\[x\\] "b" <c>: grade AA](https://shield.example/badge/aave.svg)](https://shield.example/verify/aave)');
    const anchor = new DOMParser().parseFromString(html, 'text/html').querySelector('a')!;
    expect(anchor.getAttribute('href')).toBe('https://shield.example/verify/aave');
    expect(anchor.querySelector('img')?.getAttribute('src')).toBe('https://shield.example/badge/aave.svg');
    expect(anchor.querySelector('img')?.getAttribute('alt')).toBe('A [x] "b" <c>: grade AA');
    expect(new DOMParser().parseFromString(html, 'text/html').querySelectorAll('c')).toHaveLength(0);
  });
});
