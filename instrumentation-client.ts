import { config } from 'zod/v4/core';

// Runs in the browser before any page code. The Content-Security-Policy allows no 'unsafe-eval', and zod probes for
// it with `new Function` as soon as the first object schema is built: the probe's error is caught, but the browser
// still reports a CSP violation on every page. Without the probe zod parses just as well, a little slower.
// The setting lives in zod's core, shared with the schemas' API, so this file does not load the whole library
// before every page (it would be counted as the framework's: the build lists this file among its root scripts).
config({ jitless: true });
