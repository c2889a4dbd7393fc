import type { Metadata } from 'next';
import Link from 'next/link';

import { PageBanner } from '@/components/chrome/page-banner';
import { AlertEmailSection } from '@/components/settings/alert-email-section';
import { ApiKeysSection } from '@/components/settings/api-keys-section';
import { ProfileSection } from '@/components/settings/profile-section';
import { ChangePasswordSection, SessionsSection } from '@/components/settings/security-sections';
import { WalletsSection } from '@/components/settings/wallets-section';
import { WebhooksSection } from '@/components/settings/webhooks-section';
import { SurveyRedoButton } from '@/components/survey/survey-redo-button';
import { buttonVariants } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { TOUR_START_HREF } from '@/lib/tour-link';
import { getAlertEmailChoice } from '@/server/alert-mail';
import { listApiKeys } from '@/server/api-v1/keys';
import { isFlagOn } from '@/server/flags';
import { requireUser } from '@/server/session';
import { getAccountProfile } from '@/server/users';
import { listWallets } from '@/server/wallets';
import { listWebhookEndpoints } from '@/server/webhooks/endpoints';

export const metadata: Metadata = { title: 'Account settings', description: 'Your Sentinel Shield profile, personalisation and guided tour.' };

export default async function SettingsPage() {
  const user = await requireUser('/my/settings');
  const [profile, wallets, surveyEnabled, alertEmail, webhookEndpoints, apiKeys] = await Promise.all([
    getAccountProfile(user.id),
    listWallets(user.id),
    isFlagOn(user.id, 'extendedUserSetting'),
    getAlertEmailChoice(user.id),
    listWebhookEndpoints(user.id),
    listApiKeys(user.id),
  ]);
  return (
    <>
      <PageBanner title="Account Settings">
        <p>Signed in as {user.email}</p>
      </PageBanner>
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
        <ProfileSection profile={profile} />
        <CardSection id="extended-setup" title="Extended Account Setup">
          {surveyEnabled ? (
            <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
              <p className="max-w-md text-sm text-muted-foreground">Tell us who you are and which projects you follow, so we can tailor the site to you. You can redo it at any time.</p>
              <SurveyRedoButton />
            </div>
          ) : null}
        </CardSection>
        <CardSection id="guided-tour" title="Guided Tour">
          <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
            <p className="max-w-md text-sm text-muted-foreground">A short walk through the home page: search, alerts, trending and audited projects, and filtering.</p>
            <Link href={TOUR_START_HREF} className={buttonVariants()}>
              Get Started
            </Link>
          </div>
        </CardSection>
        <AlertEmailSection initialChoice={alertEmail} />
        <WebhooksSection initialEndpoints={webhookEndpoints} />
        <ApiKeysSection initialKeys={apiKeys} />
        <WalletsSection initialWallets={wallets.map((wallet) => wallet.walletAddress)} />
        <ChangePasswordSection />
        <SessionsSection />
      </div>
    </>
  );
}
