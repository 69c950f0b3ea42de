import type { AsyncLocalStorage } from "node:async_hooks";
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from "@better-auth/core/context";

/*
 * better-auth keeps each call's state in AsyncLocalStorage. On Node 20 a storage that has run once turns on promise
 * hooks for the whole process until it is disabled, so after the first sign-in every promise of every request paid
 * for them: in a profile of the public feed under load, 4.4% of the server's time was in async_hooks, none before
 * the sign-in. Every call into better-auth goes through `inAuthCall`; when the last one in flight ends, better-auth's
 * storages are disabled, which turns the hooks off until the next call runs them again. Nothing reads them between
 * calls (no background tasks are configured: better-auth awaits its e-mails), so nothing loses its context.
 */

let storages: Promise<AsyncLocalStorage<unknown>[]> | undefined;
let callsInFlight = 0;

function authStorages(): Promise<AsyncLocalStorage<unknown>[]> {
  storages ??= Promise.all([
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
    // The one public way to reach the endpoint context's storage.
    getCurrentAuthContextAsyncLocalStorage(),
  ]);
  return storages;
}

/** Runs one call into better-auth (its handler or `auth.api`), then lets its storages go if no other call runs. */
export async function inAuthCall<T>(call: () => Promise<T>): Promise<T> {
  const own = await authStorages();
  callsInFlight++;
  try {
    return await call();
  } finally {
    callsInFlight--;
    // Synchronous after the count: a call starting meanwhile has already counted itself.
    if (callsInFlight === 0) for (const storage of own) storage.disable();
  }
}
