import { config } from "zod";

/*
 * The page's CSP has no 'unsafe-eval', so zod is told to parse without compiling: otherwise each object schema,
 * as it is built (at import), tries `new Function` once to find out, which the browser reports as a CSP violation
 * (Lighthouse's best practices count it). Imported first by main.tsx, before any schema is built.
 */
config({ jitless: true });
