// `npm run worker`: the mail, webhook, digest and Skynet loops without a web server (logic in server/worker.ts), for
// web servers started with BACKGROUND_WORKERS=off. Runs under tsx with the react-server condition, so server
// modules' `import 'server-only'` resolves as it does on the server; package.json sets NODE_ENV=production, so the
// production checks apply as for `npm start`.
import { runWorker } from '@/server/worker';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());
process.exitCode = await runWorker(controller.signal);
