import { M, SESSION_ENDED_HEADER } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, getSignedCookie } from "hono/cookie";
import type { TAppEnv, TDeps } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { sessions } from "../../db/schema/index.ts";
import type { TErrorBody } from "../../errors.ts";
import { rowDate } from "../../lib/row-date.ts";
import { getAuth } from "./auth.ts";

type TSessionRow = {
  sessionId: string;
  userId: string;
  expiresAt: Date | string;
  email: string;
  emailVerified: boolean;
  userBanned: boolean | null;
  banExpires: Date | string | null;
  username: string | null;
  profileBanned: boolean | null;
  isAdmin: boolean;
};

/**
 * The session by the cookie's token, with its account's profile, both bans and the admin role, in one read
 * (sessions_token_key, then each table's primary key). It runs on every signed-in request, so it is plain SQL:
 * building it with Drizzle's select cost more than running it.
 */
async function loadSession(deps: TDeps, token: string) {
  const [row] = await queryRows<TSessionRow>(
    deps.db,
    sql`select s.id as "sessionId", s.user_id as "userId", s.expires_at as "expiresAt", u.email,
        u.email_verified as "emailVerified", u.banned as "userBanned", u.ban_expires as "banExpires",
        p.username, p.is_banned as "profileBanned",
        exists (select 1 from user_roles r where r.user_id = s.user_id and r.role = 'admin') as "isAdmin"
      from sessions s join users u on u.id = s.user_id left join profiles p on p.id = s.user_id
      where s.token = ${token}`,
  );
  if (!row) return null;
  return {
    ...row,
    expiresAt: rowDate(row.expiresAt),
    banExpires: row.banExpires === null ? null : rowDate(row.banExpires),
  };
}

/** Signed session cookies Hono has already verified, with their tokens; past this many it starts over. */
const MAX_VERIFIED = 10_000;
const verified = new Map<string, { secret: string; token: string }>();

/**
 * The session token in the request's signed cookie, or null. Hono's check imports the key through WebCrypto on every
 * call, which cost a third of a small signed-in read; a cookie value it verified once under the same secret stays
 * verified, so it is remembered.
 */
async function sessionToken(c: Context, secret: string, name: string): Promise<string | null> {
  const value = getCookie(c, name);
  if (!value) return null;
  const known = verified.get(value);
  if (known?.secret === secret) return known.token;
  const token = await getSignedCookie(c, secret, name);
  if (!token) return null;
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(value, { secret, token });
  return token;
}

function passOnCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
}

/**
 * Sets `c.var.viewer` on every /api request from the better-auth session cookie (null for a visitor). The cookie is
 * checked with Hono's signed-cookie reader under better-auth's own secret and cookie name (its context), and the
 * session, account, bans and role are one query; when better-auth would refresh the session (used a day after its
 * last refresh), its getSession does so and its cookies are passed on. getSession on every request cost several
 * times the rest of a small read, so it is only asked when there is work for it.
 *
 * A banned account's sessions are all revoked on its next request and it is treated as signed out; a route that
 * needed a user then answers 401 with the ban message, and every answer to that request carries
 * `x-session-ended: banned`, so the tab learns why.
 */
export function sessionMiddleware(deps: TDeps): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    c.set("viewer", null);
    // A visitor without cookies costs nothing more.
    if (!c.req.header("cookie")) return next();
    const auth = getAuth(deps);
    const { secret, authCookies, sessionConfig } = await auth.$context;
    const token = await sessionToken(c, secret, authCookies.sessionToken.name);
    if (!token) return next();
    const row = await loadSession(deps, token);
    if (!row) return next();

    // Checked before expiry: the tab still learns why it was signed out. A better-auth ban ends at its ban_expires
    // (the same rule as posts/visibility.ts's bannedMemberIds).
    const userBanned =
      row.userBanned === true && (row.banExpires === null || row.banExpires.getTime() > Date.now());
    if (row.profileBanned || userBanned) {
      await deps.db.delete(sessions).where(eq(sessions.userId, row.userId));
      // better-auth's sign-out clears its cookies as it set them (names, prefix, attributes).
      const signedOut = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
      passOnCookies(c, signedOut.headers);
      await next();
      if (c.res.status === 401) {
        const body: TErrorBody = { error: { code: "UNAUTHORIZED", message: M.auth.banned } };
        c.res = new Response(JSON.stringify(body), {
          status: 401,
          headers: { "content-type": "application/json" },
        });
      }
      // A public route answered as for a visitor: the header still tells the tab why it is signed out.
      c.res.headers.set(SESSION_ENDED_HEADER, "banned");
      return;
    }

    // An expired session, or an account without a profile yet, is a visitor.
    if (row.expiresAt.getTime() <= Date.now() || row.username === null) return next();
    c.set("viewer", {
      id: row.userId,
      username: row.username,
      email: row.email,
      isAdmin: row.isAdmin,
      sessionId: row.sessionId,
      emailVerified: row.emailVerified,
    });

    // better-auth's own routes refresh the session themselves (and Hono would keep only one route's cookies).
    const lastRefresh = row.expiresAt.getTime() - sessionConfig.expiresIn * 1000;
    const refreshDue = lastRefresh + sessionConfig.updateAge * 1000 <= Date.now();
    if (refreshDue && !c.req.path.startsWith("/api/auth/")) {
      const refreshed = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
      passOnCookies(c, refreshed.headers);
    }
    await next();
  };
}
