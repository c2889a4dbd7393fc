// `npm run import -- <what> <file>`: bring outside data in (logic in server/import-cli.ts). Runs under tsx with the
// react-server condition, so server modules' `import 'server-only'` resolves as on the server.
import { runImportCli } from '@/server/import-cli';

process.exitCode = await runImportCli(process.argv.slice(2));
