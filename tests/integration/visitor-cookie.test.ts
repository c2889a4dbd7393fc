import { describe, expect, it, vi } from 'vitest';

import { POST as votePOST } from '@/app/api/projects/vote/route';
import { VISITOR_COOKIE } from '@/lib/constants';

import { lowRankedProjects } from '../fixtures/project-counts';
import { callRoute, jsonPost } from '../fixtures/route-scope';

/** Issue #42: the anonymous visitor cookie is Secure on an https site, as the session cookie is. */
const site = vi.hoisted(() => ({ siteUrl: 'https://shield.example' }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), ...site }) };
});
vi.mock('next/headers', async () => (await import('../fixtures/route-scope')).nextHeaders);
vi.mock('@/server/session', () => ({ getSessionUser: async () => null }));

describe('the visitor cookie', () => {
  it.each([
    ['https://shield.example', true],
    ['http://localhost:3000', false],
  ])('on %s is Secure: %s', async (siteUrl, secure) => {
    site.siteUrl = siteUrl;
    const [project] = await lowRankedProjects(0, 1);
    const reply = await callRoute(votePOST, jsonPost('/api/projects/vote', { id: project, vote: true }, { ip: `visitor-cookie-${secure}` }));
    expect(reply.status).toBe(200);
    const cookie = reply.cookies.find((written) => written.name === VISITOR_COOKIE);
    expect(cookie?.options).toMatchObject({ httpOnly: true, sameSite: 'lax', secure });
  });
});
