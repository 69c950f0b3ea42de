/*
 * The page's CSP has no 'unsafe-eval', so zod is told to parse without compiling: otherwise each object schema, as it
 * is built (at import), tries `new Function` once to find out, which the browser reports as a CSP violation
 * (Lighthouse's best practices count it). main.tsx imports this first, before any schema is built. It sets zod's
 * global settings object (zod/v4/core's `globalConfig` is `globalThis.__zod_globalConfig`, made on first import
 * when absent) instead of calling zod's `config()`, so that the first load of a page that parses nothing carries
 * no zod at all; zod-jitless.test checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
