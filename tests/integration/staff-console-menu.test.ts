import { isValidElement, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createAlertAction } from '@/actions/staff/create-alert';
import StaffAlertPage from '@/app/staff/(console)/alerts/[id]/page';
import ConsoleLayout from '@/app/staff/(console)/layout';
import AlertsPage from '@/app/staff/(console)/alerts/page';
import StaffOverviewPage from '@/app/staff/(console)/page';
import EnrolPage from '@/app/staff/enrol/page';
import type { StaffRole } from '@/lib/staff';
import { CLI_ACTOR } from '@/server/staff/audit-log';
import { addStaffMember } from '@/server/staff/members';
import { beginEnrolment } from '@/server/staff/second-factor';

import { createTestRun } from '../fixtures/test-run';
import { makeStaff, makeTestProject, signInAs, type StaffUser } from '../support/staff';

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

describe('enrolment', () => {
  it('shows the QR code of the otpauth URI and the same secret as text for manual entry', async () => {
    const user = await testRun.makeUser('enrolling');
    await addStaffMember(CLI_ACTOR, user.email, 'sales');
    signInAs(user, `enrolling-${user.username}`);
    const tree = elementsOf(await EnrolPage());
    const { secret } = await beginEnrolment(user.id);
    const qr = tree.find((element) => element.type === 'img');
    expect(qr?.props.alt).toBe('QR code to add this account to an authenticator app');
    expect(qr?.props.src).toMatch(/^data:image\/png;base64,.{200,}/);
    const text = tree.find((element) => element.props['data-testid'] === 'totp-secret');
    expect(text?.props.children).toBe(secret);
  });
});

describe('an entity page', () => {
  it("shows the thing's history from the audit log", async () => {
    signInAs(members.analyst);
    const projectId = await makeTestProject(testRun, 'Menu', 'history');
    const today = new Date().toISOString().slice(0, 10);
    const { id } = (await createAlertAction({
      title: `History ${testRun.id}`, type: 'exploit', occurredOn: today, chain: '', amountLostUsd: '', amountReturnedUsd: '', amountsPricedOn: '', technique: '',
      sourceUrls: 'https://example.com/thread', confidence: 'medium', projectId, description: '',
    })).data!;
    const history = elementsOf(await StaffAlertPage({ params: Promise.resolve({ id }) })).find((element) => element.props.entity === 'alert' && Array.isArray(element.props.entries));
    expect((history!.props.entries as { action: string; actorEmail: string; entityId: string }[]).map((entry) => [entry.action, entry.actorEmail, entry.entityId])).toEqual([['alert.create', members.analyst.email, id]]);
  });
});
