import { redirect } from 'next/navigation';
import QRCode from 'qrcode';

import { SecondFactorForm } from '@/components/staff/second-factor-form';
import { requireStaffMember } from '@/server/staff/access';
import { beginEnrolment } from '@/server/staff/second-factor';

/** First visit of a member: set up the authenticator app (QR code, or the secret typed by hand), then prove a code. */
export default async function EnrolPage() {
  const staff = await requireStaffMember();
  if (staff.enrolled) redirect(staff.verified ? '/staff' : '/staff/verify');
  const { uri, secret } = await beginEnrolment(staff.userId);
  const qr = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
  return (
    <div className="mx-auto grid w-full max-w-lg gap-6 px-4 py-10">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">Set up your second factor</h1>
        <p className="text-muted-foreground">
          Staff sign in with a password and a code from an authenticator app. Scan this QR code with the app, or type the secret into it, then
          enter the code it shows.
        </p>
      </div>
      {/* eslint-disable-next-line @next/next/no-img-element -- a generated data URL, nothing to optimise */}
      <img src={qr} alt="QR code to add this account to an authenticator app" width={220} height={220} className="rounded-md border" />
      <div className="grid gap-1">
        <p className="text-sm font-medium">Secret for manual entry</p>
        <code data-testid="totp-secret" className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm">
          {secret}
        </code>
      </div>
      <SecondFactorForm mode="enrol" />
    </div>
  );
}
