// @ts-expect-error -- jsdom ships no type declarations (and @types/jsdom has none for this version)
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';

import { atomDocument, xmlEscape, type AtomEntry, type AtomFeed } from '@/server/feeds';

const ATOM = 'http://www.w3.org/2005/Atom';

const entry = (n: number, overrides: Partial<AtomEntry> = {}): AtomEntry => ({
  id: `http://localhost:3000/alerts/${n}`,
  title: `T${n}`,
  link: `http://localhost:3000/alerts/${n}`,
  updated: new Date(1000 * n),
  summary: `D${n}`,
  published: new Date(500 * n),
  categories: [{ label: 'Exploit', term: 'exploit' }],
  ...overrides,
});

const feed = (entries: AtomEntry[], overrides: Partial<AtomFeed> = {}): AtomFeed => ({
  id: 'http://localhost:3000/alerts/feed.xml',
  title: 'Security alerts · Sentinel Shield',
  subtitle: 'Every security alert and incident Sentinel Shield published.',
  updated: new Date(0),
  language: 'en',
  generator: 'Sentinel Shield',
  rights: 'Sentinel Shield',
  author: { name: 'Sentinel Shield', uri: 'http://localhost:3000/' },
  alternate: 'http://localhost:3000/',
  self: 'http://localhost:3000/alerts/feed.xml',
  entries,
  ...overrides,
});

const parse = (xml: string): Document => new JSDOM(xml, { contentType: 'application/xml' }).window.document;

describe('the Atom document of a feed', () => {
  it('keeps the elements, ids, links, dates, categories and order the feed always had, its texts typed as plain text', () => {
    expect(atomDocument(feed([entry(1), entry(2)]))).toBe(`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
    <id>http://localhost:3000/alerts/feed.xml</id>
    <title type="text">Security alerts · Sentinel Shield</title>
    <updated>1970-01-01T00:00:00.000Z</updated>
    <generator>Sentinel Shield</generator>
    <author>
        <name>Sentinel Shield</name>
        <uri>http://localhost:3000/</uri>
    </author>
    <link rel="alternate" href="http://localhost:3000/"/>
    <link rel="self" href="http://localhost:3000/alerts/feed.xml"/>
    <subtitle type="text">Every security alert and incident Sentinel Shield published.</subtitle>
    <rights type="text">Sentinel Shield</rights>
    <entry>
        <title type="text">T1</title>
        <id>http://localhost:3000/alerts/1</id>
        <link href="http://localhost:3000/alerts/1"/>
        <updated>1970-01-01T00:00:01.000Z</updated>
        <summary type="text">D1</summary>
        <category label="Exploit" term="exploit"/>
        <published>1970-01-01T00:00:00.500Z</published>
    </entry>
    <entry>
        <title type="text">T2</title>
        <id>http://localhost:3000/alerts/2</id>
        <link href="http://localhost:3000/alerts/2"/>
        <updated>1970-01-01T00:00:02.000Z</updated>
        <summary type="text">D2</summary>
        <category label="Exploit" term="exploit"/>
        <published>1970-01-01T00:00:01.000Z</published>
    </entry>
</feed>
`);
  });

  it('reads back every text literally, markup, "]]>", quotes and line ends included, as the only elements it has', () => {
    const hostile = 'a ]]> <a href="https://evil.example">x</a> ]]><script>alert(1)</script><![CDATA[ & \'q\' \r\n\t end';
    const document = parse(
      atomDocument(
        feed([entry(1, { title: `<b>x</b>${hostile}`, summary: hostile, categories: [{ label: hostile, term: 'exploit"/><script/>' }] })], {
          title: `${hostile} security alerts`,
          subtitle: hostile,
          author: { name: hostile, uri: 'http://localhost:3000/?a=1&b="2"' },
        }),
      ),
    );
    const only = (name: string, parent: Element = document.documentElement) => Array.from(parent.children).find((element) => element.localName === name)!;
    const item = only('entry');
    expect(only('title').textContent).toBe(`${hostile} security alerts`);
    expect(only('subtitle').textContent).toBe(hostile);
    expect(only('name', only('author')).textContent).toBe(hostile);
    expect(only('uri', only('author')).textContent).toBe('http://localhost:3000/?a=1&b="2"');
    expect(only('title', item).textContent).toBe(`<b>x</b>${hostile}`);
    expect(only('summary', item).textContent).toBe(hostile);
    expect(only('category', item).getAttribute('label')).toBe(hostile);
    expect(only('category', item).getAttribute('term')).toBe('exploit"/><script/>');
    const names = Array.from(document.getElementsByTagName('*')).map((element) => `${element.namespaceURI} ${element.localName}`);
    expect(new Set(names)).toEqual(
      new Set(['feed', 'id', 'title', 'updated', 'generator', 'author', 'name', 'uri', 'link', 'subtitle', 'rights', 'entry', 'summary', 'category', 'published'].map((name) => `${ATOM} ${name}`)),
    );
  });

  it('leaves out what XML 1.0 forbids (C0 controls, lone surrogates, U+FFFE and U+FFFF), so the document still parses', () => {
    const text = 'nul\u0000 bell\u0007 esc\u001B lone\uD800 high\uDFFF \uFFFE\uFFFF shield 🛡️ tab\t lf\n cr\r end';
    const document = parse(atomDocument(feed([entry(1, { title: text, summary: text, categories: [{ label: text, term: 'exploit' }] })])));
    const expected = 'nul bell esc lone high  shield 🛡️ tab\t lf\n cr\r end';
    const item = document.getElementsByTagNameNS(ATOM, 'entry')[0];
    expect(item.getElementsByTagNameNS(ATOM, 'title')[0].textContent).toBe(expected);
    expect(item.getElementsByTagNameNS(ATOM, 'summary')[0].textContent).toBe(expected);
    expect(item.getElementsByTagNameNS(ATOM, 'category')[0].getAttribute('label')).toBe(expected);
  });

  it('escapes text and attribute values with character references only, quotes only where they would end a value', () => {
    expect(xmlEscape('<a href="x">&\'</a> ]]>\r\n\t')).toBe('&lt;a href="x"&gt;&amp;\'&lt;/a&gt; ]]&gt;&#13;\n\t');
    expect(xmlEscape('<a href="x">&\'\r\n\t', { attribute: true })).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&#13;&#10;&#9;');
  });
});
