import { eq } from 'drizzle-orm';
// @ts-expect-error -- jsdom ships no type declarations (and @types/jsdom has none for this version)
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';

import { GET as allAlertsFeed } from '@/app/(site)/alerts/feed.xml/route';
import { GET as projectFeed } from '@/app/(site)/projects/[id]/feed.xml/route';
import { getDb } from '@/server/db/client';
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

async function insertAlert(projectId: string, title: string, status: 'draft' | 'published') {
  const db = await getDb();
  const [row] = await db
    .insert(securityAlerts)
    .values({ projectId, type: 'exploit', title, occurredAt: new Date(), confidence: 'high', status, publishedAt: status === 'published' ? new Date() : null, sourceUrls: ['https://example.com/post'] })
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

  it('answer 404 for an unknown project', async () => {
    expect((await projectFeed(new Request('http://localhost/'), params('no-such-project'))).status).toBe(404);
  });
});
