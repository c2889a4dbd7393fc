import { isValidElement, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import ConsoleLayout from '@/app/staff/(console)/layout';
import AlertsPage from '@/app/staff/(console)/alerts/page';
import StaffOverviewPage from '@/app/staff/(console)/page';
import type { StaffRole } from '@/lib/staff';

import { createTestRun } from '../fixtures/test-run';
import { makeStaff, signInAs, type StaffUser } from '../support/staff';

/*
 * The "the console shows only what the role may do": the menu and the overview list a role's sections only,
 * and a page a role may read shows the buttons of writes it may not make to nobody. What each role sees is written
 * from the words, not read from server/staff/permissions.ts (the role matrix proves the 404s behind them).
 */

vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

const SECTIONS_OF: Record<StaffRole, string[]> = {
  admin: ['Projects', 'Audits', 'Alerts', 'Incident reports', 'Scores', 'Quote requests', 'Staff', 'Audit log'],
  analyst: ['Projects', 'Audits', 'Alerts', 'Scores'],
  // Alerts: the ones they correct.
  moderator: ['Alerts', 'Incident reports'],
  sales: ['Quote requests'],
};

const members = {} as Record<StaffRole, StaffUser>;
beforeAll(async () => {
  for (const role of Object.keys(SECTIONS_OF) as StaffRole[]) members[role] = await makeStaff(testRun, role);
});

/** Every element in a rendered server component's tree, through children and element-valued props (unrendered components included). */
function elementsOf(node: unknown): { type: unknown; props: Record<string, unknown> }[] {
  if (Array.isArray(node)) return node.flatMap(elementsOf);
  if (!isValidElement(node)) return [];
  const props = node.props as Record<string, unknown>;
  return [{ type: node.type, props }, ...Object.values(props).flatMap(elementsOf)];
}
const hrefsOf = (tree: ReactNode) => elementsOf(tree).flatMap((element) => (typeof element.props.href === 'string' ? [element.props.href] : []));

describe.each(Object.keys(SECTIONS_OF) as StaffRole[])('the %s', (role) => {
  it('has a menu and an overview of their sections only', async () => {
    signInAs(members[role]);
    const layout = elementsOf(await ConsoleLayout({ children: null }));
    const menu = layout.find((element) => Array.isArray(element.props.sections));
    expect((menu!.props.sections as { label: string }[]).map((section) => section.label)).toEqual(SECTIONS_OF[role]);

    const overview = hrefsOf(await StaffOverviewPage());
    expect(overview).toEqual((menu!.props.sections as { href: string }[]).map((section) => section.href));
  });
});

describe('a page a role may read', () => {
  it('offers "New alert" to those who may write alerts, not to a moderator who only corrects them', async () => {
    const newAlertShown = async (role: StaffRole) => {
      signInAs(members[role]);
      return hrefsOf(await AlertsPage({ searchParams: Promise.resolve({}) })).includes('/staff/alerts/new');
    };
    expect(await newAlertShown('analyst')).toBe(true);
    expect(await newAlertShown('admin')).toBe(true);
    expect(await newAlertShown('moderator')).toBe(false);
  });
});
