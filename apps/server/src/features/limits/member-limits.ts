import { MEMBER_ACTIONS, type TActionLimit, type TMemberAction, tooOftenMessage } from "@plugs/domain";
import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { TAppEnv, TDeps, TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { AppError } from "../../errors.ts";

/*
 * Fair-use limits on what a member writes (packages/domain/src/fair-use.ts has the kinds and defaults; MEMBER_LIMITS
 * sets them). Each kind has a minute burst, counted in this instance's memory (a burst is short: per instance is
 * enough, and a flood costs no database work), and a day total, counted in member_action_counts by one upsert, so
 * it holds across instances and restarts. Admin-only routes carry none: moderation comes in bulk, and admins are
 * few and known. Admins writing as members (posts, comments...) are held to the same limits as everyone.
 */

type TLimiter = {
  limits: Record<TMemberAction, TActionLimit>;
  minute: Record<TMemberAction, RateLimiterMemory>;
};

const DAY_SECONDS = 24 * 60 * 60;

/** One set of minute counters per running app (its deps), so a restarted or second instance starts its own. */
const limiters = new WeakMap<TDeps, TLimiter | null>();

function limiterOf(deps: TDeps): TLimiter | null {
  if (limiters.has(deps)) return limiters.get(deps) ?? null;
  const limits = deps.config.memberLimits;
  const limiter = limits
    ? {
        limits,
        minute: Object.fromEntries(
          MEMBER_ACTIONS.map((action) => [
            action,
            new RateLimiterMemory({ keyPrefix: action, points: limits[action].perMinute, duration: 60 }),
          ]),
        ) as Record<TMemberAction, RateLimiterMemory>,
      }
    : null;
  limiters.set(deps, limiter);
  return limiter;
}

function tooOften(waitSeconds: number): AppError {
  const wait = Math.max(1, Math.ceil(waitSeconds));
  return new AppError("RATE_LIMITED", tooOftenMessage(wait), { retryAfterSeconds: wait });
}

/**
 * Counts one `action` by this member, or throws 429 "You're doing that too often. Try again in N seconds." (with
 * Retry-After) when it is past the minute burst or the day total. For a service that writes on a path the
 * middleware does not cover; routes use `memberLimit`.
 */
export async function countMemberAction(deps: TDeps, viewer: TViewer, action: TMemberAction): Promise<void> {
  const limiter = limiterOf(deps);
  if (!limiter) return;
  try {
    await limiter.minute[action].consume(viewer.id);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooOften(err.msBeforeNext / 1000);
    throw err;
  }
  // The window is a day from its first action; an ended one starts again at 1. Refused actions count too, which
  // only matters to a client that keeps trying.
  const [row] = await queryRows<{ count: number; wait_seconds: number }>(
    deps.db,
    sql`insert into member_action_counts as c (user_id, action, count, window_ends_at)
        values (${viewer.id}, ${action}, 1, now() + make_interval(secs => ${DAY_SECONDS}))
        on conflict (user_id, action) do update set
          count = case when c.window_ends_at <= now() then 1 else c.count + 1 end,
          window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end,
          updated_at = now()
        returning c.count, extract(epoch from c.window_ends_at - now())::float8 as wait_seconds`,
  );
  if (row && row.count > limiter.limits[action].perDay) throw tooOften(row.wait_seconds);
}

/**
 * The route middleware (`middleware: [memberLimit(deps, "comment")]`): counts the action for a signed-in member
 * before the body is read, and refuses past the limits with 429. A visitor passes on to the route's own 401.
 */
export function memberLimit(deps: TDeps, action: TMemberAction): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const viewer = c.get("viewer");
    if (viewer) await countMemberAction(deps, viewer, action);
    await next();
  };
}
