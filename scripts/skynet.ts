// `npm run skynet -- <command>`: the Skynet indexer's command line (logic in server/skynet/cli.ts). Runs under tsx
// with the react-server condition, so server modules' `import 'server-only'` resolves as it does on the server.
import { runSkynetCli } from '@/server/skynet/cli';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());
process.exitCode = await runSkynetCli(process.argv.slice(2), undefined, controller.signal);
