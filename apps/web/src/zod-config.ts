import { z } from 'zod';

/**
 * Imported first by main.tsx, before any schema is built. Zod compiles fast object parsers with
 * `new Function` and, unless told not to, probes for it when an object schema is built; the
 * product's Content-Security-Policy has no 'unsafe-eval', so each page logged a CSP violation
 * (issue 32). Jitless, zod neither probes nor compiles, and parses the same way.
 */
z.config({ jitless: true });
