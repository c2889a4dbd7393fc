import type { Metadata } from 'next';

import { PageBanner } from '@/components/chrome/page-banner';
import { ChangePasswordSection } from '@/components/settings/change-password-section';
import { ProfileSection } from '@/components/settings/profile-section';
import { WalletsSection } from '@/components/settings/wallets-section';
import { requireUser } from '@/server/session';
import { getAccountProfile } from '@/server/users';
import { listWallets } from '@/server/wallets';

export const metadata: Metadata = { title: 'Account settings', description: 'Your Sentinel Shield profile, personalisation and guided tour.' };

export default async function SettingsPage() {
  const user = await requireUser('/my/settings');
  const [profile, wallets] = await Promise.all([getAccountProfile(user.id), listWallets(user.id)]);
  return (
    <>
      <PageBanner title="Account Settings">
        <p>Signed in as {user.email}</p>
      </PageBanner>
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
        <ProfileSection profile={profile} />
        <section aria-labelledby="extended-setup" className="rounded-xl border p-6">
          <h2 id="extended-setup" className="text-lg font-semibold">
            Extended Account Setup
          </h2>
        </section>
        <section aria-labelledby="guided-tour" className="rounded-xl border p-6">
          <h2 id="guided-tour" className="text-lg font-semibold">
            Guided Tour
          </h2>
        </section>
        <WalletsSection initialWallets={wallets.map((wallet) => wallet.walletAddress)} />
        <ChangePasswordSection />
      </div>
    </>
  );
}
