import { createHmac, timingSafeEqual } from "node:crypto";
import { M, SESSION_ENDED_HEADER } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { deleteCookie, setSignedCookie } from "hono/cookie";
import type { TAppEnv, TDeps } from "../../context.ts";
import { builtOnce } from "../../db/built-once.ts";
import { profiles, sessions, userRoles, users } from "../../db/schema/index.ts";
import type { TErrorBody } from "../../errors.ts";
import { requestCookie, requestHeader } from "../../http/node-headers.ts";
import { SESSION_EXPIRES_SECONDS, SESSION_UPDATE_AGE_SECONDS, sessionCookieSettings } from "./auth.ts";

type TCookieAttributes = Awaited<ReturnType<typeof sessionCookieSettings>>["sessionToken"]["attributes"];

function sessionQuery(db: TDeps["db"], name: string) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      email: users.email,
      userBanned: users.banned,
      username: profiles.username,
      profileBanned: profiles.isBanned,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${sessions.userId} and ${userRoles.role} = 'admin')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare(name);
}
const statement = builtOnce<ReturnType<typeof sessionQuery>>();

/**
 * Session, account, profile and admin role in one query, by the cookie's token (sessions_token_key, then each
 * table's primary key). It runs on every signed-in request, so it is a named prepared statement: PostgreSQL parses
 * and plans it once per connection, not once per request.
 */
export async function loadSession(deps: TDeps, token: string) {
  const [row] = await statement(deps.db, "load_session", (name) => sessionQuery(deps.db, name)).execute({
    token,
  });
  return row ?? null;
}

/**
 * The token in a signed session cookie (`token.base64(HMAC-SHA256(secret, token))`, as better-auth and Hono sign
 * it), or null when the signature does not match. node:crypto does this synchronously, several times faster than
 * Hono's WebCrypto version, which imports the key again for every request.
 */
export function unsignCookie(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 0) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

function cookieOptions(attributes: TCookieAttributes) {
  return {
    path: attributes.path ?? "/",
    httpOnly: attributes.httpOnly ?? true,
    secure: !!attributes.secure,
    sameSite: "Lax" as const,
    ...(attributes.domain ? { domain: attributes.domain } : {}),
  };
}

/**
 * Sets `c.var.viewer` on every /api request from the better-auth session cookie (null for a visitor), refreshing the
 * session's expiry and cookie when it is used a day after its last refresh. A banned account's sessions are all
 * revoked on its next request and it is treated as signed out; a route that needed a user then answers 401 with
 * the ban message, and every answer to that request carries `x-session-ended: banned`, so the open tab learns why
 * it was signed out.
 */
export function sessionMiddleware(deps: TDeps): MiddlewareHandler<TAppEnv> {
  // better-auth's cookie names and secret are fixed once it has started: read them on the first request only.
  let known: Awaited<ReturnType<typeof sessionCookieSettings>> | null = null;
  return async (c, next) => {
    c.set("viewer", null);
    // A visitor without cookies costs nothing more.
    if (!requestHeader(c, "cookie")) return next();
    known ??= await sessionCookieSettings(deps);
    const settings = known;
    const cookieName = settings.sessionToken.name;
    const signed = requestCookie(c, cookieName);
    const token = signed ? unsignCookie(signed, settings.secret) : null;
    if (!token) return next();
    const row = await loadSession(deps, token);
    if (!row) return next();

    // Checked before expiry: a ban expires the account's sessions at once, and the tab still learns why.
    if (row.profileBanned || row.userBanned) {
      await deps.db.delete(sessions).where(eq(sessions.userId, row.userId));
      deleteCookie(c, cookieName, cookieOptions(settings.sessionToken.attributes));
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

    if (row.expiresAt.getTime() <= Date.now() || row.username === null) return next();

    c.set("viewer", {
      id: row.userId,
      username: row.username,
      email: row.email,
      isAdmin: row.isAdmin,
      sessionId: row.sessionId,
    });

    // better-auth refreshes on its own routes; elsewhere we do it (same rule as its get-session).
    const lastRefresh = row.expiresAt.getTime() - SESSION_EXPIRES_SECONDS * 1000;
    const isAuthRoute = c.req.path.startsWith("/api/auth/");
    const dontRemember = !!requestCookie(c, settings.dontRemember.name);
    if (!isAuthRoute && !dontRemember && lastRefresh + SESSION_UPDATE_AGE_SECONDS * 1000 <= Date.now()) {
      const expiresAt = new Date(Date.now() + SESSION_EXPIRES_SECONDS * 1000);
      await deps.db
        .update(sessions)
        .set({ expiresAt, updatedAt: new Date() })
        .where(eq(sessions.id, row.sessionId));
      await setSignedCookie(c, cookieName, token, settings.secret, {
        ...cookieOptions(settings.sessionToken.attributes),
        maxAge: SESSION_EXPIRES_SECONDS,
      });
    }
    await next();
  };
}
