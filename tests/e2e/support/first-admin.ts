// Before the e2e server starts: signs the first admin's account up and confirms it through the user pool's own
// functions (the code read from the outbox, as the mail would carry it), in the server's data folder (DATA_DIR).
// `npm run staff -- add` then gives it the admin role (playwright.config.ts). Run with
// `node --conditions=react-server --import tsx tests/e2e/support/first-admin.ts`.
import { desc, eq } from 'drizzle-orm';

import { confirmSignUp, signUp } from '@/server/auth/pool';
import { closeDatabase, getDb } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { mailOutbox } from '@/server/db/schema';
import { stopMailWorker } from '@/server/mail/worker';

import { FIRST_ADMIN } from './first-admin-account';

const ip = 'e2e-first-admin';
try {
  await prepareDatabase();
  await signUp({ email: FIRST_ADMIN.email, password: FIRST_ADMIN.password, ip });
  const db = await getDb();
  const [mail] = await db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, FIRST_ADMIN.email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no confirmation code was mailed to ${FIRST_ADMIN.email}`);
  await confirmSignUp({ email: FIRST_ADMIN.email, code, ip });
  console.log(`e2e: ${FIRST_ADMIN.email} signed up and confirmed`);
} finally {
  await stopMailWorker();
  await closeDatabase();
}
