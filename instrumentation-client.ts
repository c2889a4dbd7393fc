import { z } from 'zod';

// Runs in the browser before any page code. The Content-Security-Policy allows no 'unsafe-eval', and zod probes for
// it with `new Function` as soon as the first object schema is built: the probe's error is caught, but the browser
// still reports a CSP violation on every page. Without the probe zod parses just as well, a little slower.
z.config({ jitless: true });
