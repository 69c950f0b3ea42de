import { M, SESSION_ENDED_HEADER } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { TAppEnv, TDeps } from "../../context.ts";
import { profiles, sessions, userRoles, users } from "../../db/schema/index.ts";
import type { TErrorBody } from "../../errors.ts";
import { getAuth } from "./auth.ts";

/**
 * The account behind a session: its profile's username, both bans and the admin role, in one read by primary key.
 * The bans are read here rather than taken from better-auth's answer, so they stay immediate whatever it caches.
 */
async function loadAccount(deps: TDeps, userId: string) {
  const [row] = await deps.db
    .select({
      username: profiles.username,
      profileBanned: profiles.isBanned,
      userBanned: users.banned,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

function passOnCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
}

/**
 * Sets `c.var.viewer` on every /api request from better-auth's session (null for a visitor): better-auth checks
 * the signed cookie and refreshes the session, and the cookies it sets are passed on. A banned account's sessions
 * are all revoked on its next request and it is treated as signed out; a route that needed a user then answers 401
 * with the ban message, and every answer to that request carries `x-session-ended: banned`, so the tab learns why.
 */
export function sessionMiddleware(deps: TDeps): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    c.set("viewer", null);
    // A visitor without cookies costs nothing more.
    if (!c.req.header("cookie")) return next();
    const auth = getAuth(deps);
    // better-auth's own routes refresh the session and set its cookies themselves (Hono would keep only ours).
    const isAuthRoute = c.req.path.startsWith("/api/auth/");
    const { headers, response: found } = await auth.api.getSession({
      headers: c.req.raw.headers,
      query: { disableRefresh: isAuthRoute },
      returnHeaders: true,
    });
    const account = found ? await loadAccount(deps, found.user.id) : null;

    if (found && (account?.profileBanned || account?.userBanned)) {
      await deps.db.delete(sessions).where(eq(sessions.userId, found.user.id));
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

    if (!isAuthRoute) passOnCookies(c, headers);
    // An account without a profile yet is a visitor.
    if (found && account?.username != null) {
      c.set("viewer", {
        id: found.user.id,
        username: account.username,
        email: found.user.email,
        isAdmin: account.isAdmin,
        sessionId: found.session.id,
      });
    }
    await next();
  };
}
