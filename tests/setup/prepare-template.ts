// Run as a child process by tests/setup/integration-template.ts: migrates and seeds one database (DATA_DIR or
// DATABASE_URL from the environment) exactly as a test file's own set-up would, then closes it.
async function main(): Promise<void> {
  const { prepareDatabase } = await import('@/server/db/prepare');
  const { closeDatabase } = await import('@/server/db/client');
  await prepareDatabase();
  await closeDatabase();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
