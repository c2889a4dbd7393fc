import { config } from 'zod/v4/core';

// The Content-Security-Policy allows no 'unsafe-eval', and zod probes for it with `new Function` when it first
// parses an object: the probe's error is caught, but the browser still reports a CSP violation. Without the probe
// zod parses just as well, a little slower; the server keeps the faster compiled parsers. Set here, where our
// schemas import zod, rather than in instrumentation-client.ts: that would put zod's core (~4.6 kB gzip) into every
// page's root scripts, counted as the framework's, even on pages that never check anything.
if (typeof window !== 'undefined') config({ jitless: true });
