/**
 * Imported first by index.ts, before any schema is built. Zod compiles object parsers with
 * `new Function`, and probes whether it may when each object schema is created. In a browser
 * the Content-Security-Policy forbids it (script-src 'self', no 'unsafe-eval'): the probe fails
 * quietly but is reported as a CSP violation on every page. Browsers parse without compiling.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });
