import { redirect } from 'next/navigation';

import { SecondFactorForm } from '@/components/staff/second-factor-form';
import { requireStaffMember } from '@/server/staff/access';

/** Each new session of a member proves the second factor before the console opens. */
export default async function VerifyPage() {
  const staff = await requireStaffMember();
  if (!staff.enrolled) redirect('/staff/enrol');
  if (staff.verified) redirect('/staff');
  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">Verify it is you</h1>
        <p className="text-muted-foreground">Enter the current code from your authenticator app, or one of your recovery codes.</p>
      </div>
      <SecondFactorForm mode="verify" />
    </div>
  );
}
