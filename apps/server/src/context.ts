import { M } from "@plugs/domain";
import type { BetterAuthPlugin } from "better-auth";
import type { TConfig } from "./config.ts";
import type { TDatabase, TDb } from "./db/client.ts";
import { AppError } from "./errors.ts";
import type { TJobRunner } from "./jobs/job-runner.ts";
import type { TLogger } from "./logger.ts";
import type { TStorage } from "./storage/storage.ts";

/** What every service needs, built once at start and handed down explicitly (no globals). */
export type TDeps = {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  logger: TLogger;
  /** Uploaded files: local disk or S3 (storage/create-storage.ts). */
  storage: TStorage;
  /** Later and scheduled work (jobs/job-runner.ts); set by the running server, absent in one-off scripts. */
  jobs?: TJobRunner;
  /** Test servers only: better-auth's test-utils plugin, which makes accounts' sessions for the user factory. */
  authTestPlugin?: BetterAuthPlugin;
};

/** The signed-in person making a request, as the auth middleware found them; null for a visitor. */
export type TViewer = {
  id: string;
  username: string;
  email: string;
  isAdmin: boolean;
  /** Whether the account's e-mail address is confirmed; writes others see need it (requireVerifiedMember). */
  emailVerified: boolean;
  sessionId: string;
};

export type TAppEnv = {
  Variables: {
    requestId: string;
    log: TLogger;
    viewer: TViewer | null;
  };
};

/** The first line of any service that needs a signed-in user: a visitor gets 401 with the spec's message. */
export function requireViewer(viewer: TViewer | null | undefined, message: string): TViewer {
  if (!viewer) throw new AppError("UNAUTHORIZED", message);
  return viewer;
}

/**
 * A write that others see (a post, comment, report, community, giveaway entry) starts with this: a signed-in member
 * (401 `message` otherwise) whose e-mail is verified (403 'Verify your e-mail address first' otherwise).
 */
export function requireVerifiedMember(viewer: TViewer | null | undefined, message: string): TViewer {
  const me = requireViewer(viewer, message);
  if (!me.emailVerified) throw new AppError("FORBIDDEN", M.auth.verifyEmailFirst);
  return me;
}

/** Admin-only services start with this; the role is checked on the server, never trusted from the browser. */
export function requireAdmin(viewer: TViewer | null | undefined): TViewer {
  const v = requireViewer(viewer, "You must be signed in");
  if (!v.isAdmin) throw new AppError("FORBIDDEN", "Admin access required");
  return v;
}
