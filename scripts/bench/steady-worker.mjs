// The steady-rate load generator of `npm run bench`, run by load.mjs runSteady in a process of its own: it
// receives the run's options, reports the figures, and exits.
import { steadyLoad } from './load.mjs';

process.once('message', async (options) => {
  const figures = await steadyLoad(options);
  process.send(figures, () => process.exit(0));
});
