import { eq } from 'drizzle-orm';
// @ts-expect-error -- jsdom ships no type declarations (and @types/jsdom has none for this version)
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';

import { GET as allAlertsFeed } from '@/app/(site)/alerts/feed.xml/route';
import { GET as projectFeed } from '@/app/(site)/projects/[id]/feed.xml/route';
import { getDb } from '@/server/db/client';
import { FEED_ENTRY_LIMIT } from '@/server/feeds';
import { projects, securityAlerts } from '@/server/db/schema';

vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <T,>(fn: T) => fn }));

const ATOM = 'http://www.w3.org/2005/Atom';

/** Parses an answer as XML (a syntax error throws) and checks what Atom 1.0 (RFC 4287) requires of a feed and its entries. */
async function readAtom(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const document: Document = new JSDOM(await response.text(), { contentType: 'application/xml' }).window.document;
  const feed = document.documentElement;
  expect([feed.namespaceURI, feed.localName]).toEqual([ATOM, 'feed']);
  const child = (parent: Element, name: string) => Array.from(parent.children).find((element) => element.namespaceURI === ATOM && element.localName === name);
  for (const name of ['id', 'title', 'updated']) expect(child(feed, name)?.textContent, `feed ${name}`).toBeTruthy();
  const entries = Array.from(feed.children).filter((element) => element.localName === 'entry');
  for (const entry of entries) {
    for (const name of ['id', 'title', 'updated']) expect(child(entry, name)?.textContent, `entry ${name}`).toBeTruthy();
    expect(Number.isNaN(Date.parse(child(entry, 'updated')!.textContent!))).toBe(false);
    expect(child(entry, 'link')?.getAttribute('href')).toMatch(/\/alerts\/[0-9a-f-]{36}$/);
  }
  return entries.map((entry) => ({ id: child(entry, 'id')!.textContent!, title: child(entry, 'title')!.textContent! }));
}

const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function insertAlert(projectId: string, title: string, status: 'draft' | 'published', description: string | null = null) {
  const db = await getDb();
  const [row] = await db
    .insert(securityAlerts)
    .values({ projectId, type: 'exploit', title, description, occurredAt: new Date(), confidence: 'high', status, publishedAt: status === 'published' ? new Date() : null, sourceUrls: ['https://example.com/post'] })
    .returning({ id: securityAlerts.id });
  return row.id;
}

describe('the Atom feeds of alerts', () => {
  it('carry published alerts as valid Atom entries, never drafts', async () => {
    const db = await getDb();
    const [project] = await db.select({ id: projects.id }).from(projects).limit(1);
    const published = await insertAlert(project.id, 'Feed test: published exploit', 'published');
    await insertAlert(project.id, 'Feed test: draft exploit', 'draft');

    const everything = await readAtom(await allAlertsFeed());
    expect(everything.some((entry) => entry.title === 'Feed test: published exploit' && entry.id.endsWith(`/alerts/${published}`))).toBe(true);
    expect(everything.some((entry) => entry.title === 'Feed test: draft exploit')).toBe(false);

    const own = await readAtom(await projectFeed(new Request('http://localhost/'), params(project.id)));
    expect(own.map((entry) => entry.title)).toContain('Feed test: published exploit');
    expect(own.map((entry) => entry.title)).not.toContain('Feed test: draft exploit');
  });

  it("leave out a hidden project's alerts, and its own feed answers 404 like its page", async () => {
    const db = await getDb();
    const [project] = await db.select({ id: projects.id }).from(projects).orderBy(projects.id).offset(1).limit(1);
    await insertAlert(project.id, 'Feed test: alert of a hidden project', 'published');
    await db.update(projects).set({ hiddenAt: new Date() }).where(eq(projects.id, project.id));
    try {
      expect((await readAtom(await allAlertsFeed())).some((entry) => entry.title === 'Feed test: alert of a hidden project')).toBe(false);
      expect((await projectFeed(new Request('http://localhost/'), params(project.id))).status).toBe(404);
    } finally {
      await db.update(projects).set({ hiddenAt: null }).where(eq(projects.id, project.id));
    }
  });

  it("write an alert's markup and CDATA terminators as literal text that adds no element to the feed", async () => {
    const db = await getDb();
    const [project] = await db.select({ id: projects.id, name: projects.name }).from(projects).orderBy(projects.id).offset(2).limit(1);
    const feedOfProject = () => projectFeed(new Request('http://localhost/'), params(project.id));
    const before = (await readAtom(await feedOfProject())).length;
    expect(before).toBeLessThan(FEED_ENTRY_LIMIT);
    const title = 'Feed test: <b>x</b><script>alert(1)</script> & "more"';
    // A correction quoting a reader's report: the second ]]> ended the CDATA the first one was escaped into, and the
    // closing <![CDATA[ swallowed the writer's own ]]>, so the link and the scripts became elements of the feed.
    const description =
      'Correction ]]> <a href="https://evil.example">a mirror</a> <script>alert(1)</script> ]]><a href="https://evil.example">evil</a><script>alert(2)</script><![CDATA[ end';
    const id = await insertAlert(project.id, title, 'published', description);

    const response = await feedOfProject();
    const xml = await response.clone().text();
    const entries = await readAtom(response);
    expect(entries).toHaveLength(before + 1);
    const document: Document = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
    const entry = Array.from(document.getElementsByTagNameNS(ATOM, 'entry')).find((element) => element.querySelector('id')?.textContent?.endsWith(`/alerts/${id}`))!;
    const text = (name: string) => Array.from(entry.children).find((element) => element.namespaceURI === ATOM && element.localName === name)!;
    expect(text('title').textContent).toBe(title);
    expect(text('summary').textContent).toBe(`Exploit · ${project.name}. ${description}`);
    // Plain text, so a reader shows the markup instead of rendering it.
    for (const name of ['title', 'summary']) expect(text(name).getAttribute('type') ?? 'text', `${name} type`).toBe('text');

    const atomElements = new Set(['feed', 'id', 'title', 'updated', 'generator', 'author', 'name', 'uri', 'link', 'subtitle', 'rights', 'entry', 'summary', 'category', 'published']);
    const strangers = Array.from(document.getElementsByTagName('*')).filter((element) => element.namespaceURI !== ATOM || !atomElements.has(element.localName));
    expect(strangers.map((element) => element.tagName)).toEqual([]);
    for (const name of ['a', 'script', 'b']) expect(document.getElementsByTagNameNS('*', name), name).toHaveLength(0);
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain('<![CDATA[');
  });

  it('leave out characters XML 1.0 forbids, so the feed still parses, and keep every other one literally', async () => {
    const db = await getDb();
    const [project] = await db.select({ id: projects.id, name: projects.name }).from(projects).orderBy(projects.id).offset(2).limit(1);
    const id = await insertAlert(project.id, 'Feed test: bell\u0007 tab\t vertical\u000B nonchar\uFFFE\uFFFF end', 'published', 'line one\r\nline two\u0001\u001F « ünïcödé » 🛡️');

    const response = await projectFeed(new Request('http://localhost/'), params(project.id));
    const xml = await response.clone().text();
    const entries = await readAtom(response);
    const entry = entries.find((candidate) => candidate.id.endsWith(`/alerts/${id}`))!;
    expect(entry.title).toBe('Feed test: bell tab\t vertical nonchar end');
    const document: Document = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
    const summary = Array.from(document.getElementsByTagNameNS(ATOM, 'entry'))
      .find((element) => element.querySelector('id')?.textContent?.endsWith(`/alerts/${id}`))!
      .querySelector('summary')!.textContent;
    expect(summary).toBe(`Exploit · ${project.name}. line one\r\nline two « ünïcödé » 🛡️`);
  });

  it('answer 404 for an unknown project', async () => {
    expect((await projectFeed(new Request('http://localhost/'), params('no-such-project'))).status).toBe(404);
  });
});
