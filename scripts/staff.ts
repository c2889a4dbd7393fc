// `npm run staff -- <command>`: manage the firm's staff from the command line (logic in server/staff/cli.ts). Runs
// under tsx with the react-server condition, so server modules' `import 'server-only'` resolves as on the server.
import { runStaffCli } from '@/server/staff/cli';

process.exitCode = await runStaffCli(process.argv.slice(2));
