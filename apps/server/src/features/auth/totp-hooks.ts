import { M } from "@plugs/domain";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { sessions, usedTotpCodes } from "../../db/schema/index.ts";

/** A TOTP code is accepted for its 30 s step plus one step either side; after that it cannot be replayed anyway. */
const CODE_VALID_SECONDS = 120;

type TClaim = { userId: string; code: string; hadSession: boolean };

/** Claims made by the before hook, read by the after hook of the same HTTP request. */
const claims = new WeakMap<Request, TClaim>();

/**
 * Marks a code as used by this user, atomically: true if it was free (or its last use is too old to matter),
 * false if the same code was accepted within its validity, i.e. a replay.
 */
async function claimTotpCode(db: TDb, userId: string, code: string): Promise<boolean> {
  const rows = await db
    .insert(usedTotpCodes)
    .values({ userId, code })
    .onConflictDoUpdate({
      target: [usedTotpCodes.userId, usedTotpCodes.code],
      set: { usedAt: sql`now()`, updatedAt: sql`now()` },
      setWhere: lt(usedTotpCodes.usedAt, sql`now() - make_interval(secs => ${CODE_VALID_SECONDS})`),
    })
    .returning({ id: usedTotpCodes.id });
  return rows.length > 0;
}

async function releaseTotpCode(db: TDb, userId: string, code: string) {
  await db.delete(usedTotpCodes).where(and(eq(usedTotpCodes.userId, userId), eq(usedTotpCodes.code, code)));
}

/** Ends every session of the user except the one just created (turning MFA on or off). */
async function revokeOtherSessions(db: TDb, userId: string, keepToken: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.token, keepToken)));
}

/**
 * Before /two-factor/verify-totp: claim the code for its user (the signed-in user when enrolling, or the user of
 * the pending two-factor sign-in), refusing a code already accepted. better-auth itself does not stop replays.
 */
export function totpBeforeHook(deps: TDeps) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/two-factor/verify-totp" || !ctx.request) return;
    const code = typeof ctx.body?.code === "string" ? ctx.body.code.trim() : "";
    if (!code) return;
    const session = await getSessionFromCtx(ctx);
    let userId = session?.user.id ?? null;
    if (!userId) {
      const cookie = ctx.context.createAuthCookie("two_factor");
      const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
      if (!identifier) return; // the plugin answers "invalid two factor cookie"
      const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
      userId = pending?.value ?? null;
    }
    if (!userId) return;
    if (!(await claimTotpCode(deps.db, userId, code))) {
      throw new APIError("UNAUTHORIZED", { message: M.auth.codeAlreadyUsed, code: "CODE_ALREADY_USED" });
    }
    claims.set(ctx.request, { userId, code, hadSession: !!session });
  });
}

/**
 * After the two-factor endpoints: a refused code frees its claim; turning MFA on (first verified code of a
 * signed-in user) or off ends the user's other sessions, keeping only the fresh one better-auth just issued.
 */
export function totpAfterHook(deps: TDeps) {
  return createAuthMiddleware(async (ctx) => {
    const failed = isAPIError(ctx.context.returned);
    if (ctx.path === "/two-factor/verify-totp") {
      const claim = ctx.request ? claims.get(ctx.request) : undefined;
      if (!claim) return;
      if (failed) {
        await releaseTotpCode(deps.db, claim.userId, claim.code);
        return;
      }
      const fresh = ctx.context.newSession;
      if (claim.hadSession && fresh) await revokeOtherSessions(deps.db, claim.userId, fresh.session.token);
      return;
    }
    // The verification link signs in (autoSignInAfterVerification) without the second factor: an account with one
    // (it turned MFA on before verifying) gets the address verified but signs in with its code as usual.
    if (ctx.path === "/verify-email") {
      const fresh = ctx.context.newSession;
      if (fresh?.user.twoFactorEnabled) {
        await ctx.context.internalAdapter.deleteSession(fresh.session.token);
        ctx.context.setNewSession(null);
      }
      return;
    }
    if (ctx.path === "/two-factor/disable" && !failed) {
      const fresh = ctx.context.newSession;
      if (fresh) await revokeOtherSessions(deps.db, fresh.user.id, fresh.session.token);
    }
  });
}
