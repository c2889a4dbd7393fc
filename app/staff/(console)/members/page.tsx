import type { Metadata } from 'next';

import { TextLink } from '@/components/staff/entity-page';
import { StaffPageHeader, StaffTable } from '@/components/staff/list-page';
import { MemberActions, MemberInviteForm, RevokeInvitationButton } from '@/components/staff/members';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { STAFF_ROLE_LABELS } from '@/lib/staff';
import { requireStaffPage } from '@/server/staff/access';
import { listOpenInvitations, listStaffMembers } from '@/server/staff/members';

export const metadata: Metadata = { title: 'Staff · Staff console' };

/** Admins: the staff with their roles and second-factor state, invitations, and what may be changed for each. */
export default async function StaffMembersPage() {
  const staff = await requireStaffPage('staff.read');
  const [members, invitations] = await Promise.all([listStaffMembers(), listOpenInvitations()]);
  const mayWrite = staff.permissions.includes('staff.write');
  return (
    <div className="grid gap-8">
      <StaffPageHeader title="Staff" description="Who works in the console, in which role. You cannot change your own role or remove yourself: ask another admin.">
        <p className="mt-1 text-sm">
          <TextLink href="/staff/log?type=staff">History of staff changes</TextLink>
        </p>
      </StaffPageHeader>
      <section aria-labelledby="members-heading" className="grid gap-3">
        <h2 id="members-heading" className="text-lg font-semibold">
          Members
        </h2>
        <StaffTable
          caption="Staff members"
          emptyText="No staff member yet."
          alignTop
          rows={members}
          rowKey={(member) => member.userId}
          columns={[
            {
              header: 'Member',
              cell: (member) => (
                <>
                  <span className="font-medium">{member.email}</span>
                  <br />
                  <span className="text-muted-foreground">{member.username}</span>
                </>
              ),
            },
            { header: 'Role', cell: (member) => STAFF_ROLE_LABELS[member.role] },
            {
              header: 'Second factor',
              cell: (member) =>
                member.factorLocked ? (
                  <Badge variant="destructive">Locked: too many wrong codes</Badge>
                ) : member.enrolled ? (
                  <Badge variant="success">Set up</Badge>
                ) : (
                  <Badge variant="warning">Not set up yet</Badge>
                ),
            },
            { header: 'Since', className: 'tabular whitespace-nowrap', cell: (member) => formatDate(member.since) },
            mayWrite && { header: 'Change', cell: (member) => (member.userId === staff.userId ? <span className="text-muted-foreground">You</span> : <MemberActions member={member} />) },
          ]}
        />
      </section>
      {mayWrite ? (
        <section aria-labelledby="invite-heading" className="grid gap-3">
          <h2 id="invite-heading" className="text-lg font-semibold">
            Invite to the staff
          </h2>
          <p className="text-sm text-muted-foreground">An existing account gets the role at once; any other address is mailed an invitation to sign up.</p>
          <MemberInviteForm />
        </section>
      ) : null}
      <section aria-labelledby="invitations-heading" className="grid gap-3">
        <h2 id="invitations-heading" className="text-lg font-semibold">
          Open invitations
        </h2>
        <StaffTable
          caption="Open invitations"
          emptyText="No invitation is waiting."
          alignTop
          rows={invitations}
          rowKey={(invitation) => invitation.id}
          columns={[
            { header: 'Email', cell: (invitation) => invitation.email },
            { header: 'Role', cell: (invitation) => STAFF_ROLE_LABELS[invitation.role] },
            { header: 'Sent', className: 'tabular', cell: (invitation) => formatDate(invitation.createdAt) },
            { header: 'Expires', className: 'tabular', cell: (invitation) => formatDate(invitation.expiresAt) },
            mayWrite && { header: 'Change', cell: (invitation) => <RevokeInvitationButton invitation={invitation} /> },
          ]}
        />
      </section>
    </div>
  );
}
