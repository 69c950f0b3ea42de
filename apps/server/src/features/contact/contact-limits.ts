import { CONTACT_LIMITS, CONTACT_M, formatWait } from "@plugs/domain";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { contactMessages } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";

/*
 * The contact limits, kept the way the sign-up and sign-in limits are (features/auth/login-limits.ts): the rows
 * themselves are the record, counted in a sliding window by an index, so the limits survive restarts and hold
 * across instances. Here the rows are the stored messages: CONTACT_LIMITS.perIp per address and
 * CONTACT_LIMITS.perEmail per e-mail (any case) each hour. A refused message stores nothing.
 */

/** The newest `limit` sends by one key within the window (served by the _ip_created and _email_created indexes). */
export function windowQuery(
  db: Pick<TDeps["db"], "select">,
  key: "ip" | "email",
  value: string,
  limit: number,
) {
  const since = new Date(Date.now() - CONTACT_LIMITS.windowSeconds * 1000);
  const match =
    key === "ip"
      ? eq(contactMessages.ip, value)
      : eq(sql`lower(${contactMessages.email})`, value.toLowerCase());
  return db
    .select({ createdAt: contactMessages.createdAt })
    .from(contactMessages)
    .where(and(match, gt(contactMessages.createdAt, since)))
    .orderBy(desc(contactMessages.createdAt))
    .limit(limit);
}

/** When the oldest of the newest `limit` sends leaves the window and frees a slot (epoch ms), or null if one is free. */
async function slotFreesAt(deps: TDeps, key: "ip" | "email", value: string, limit: number) {
  const recent = await windowQuery(deps.db, key, value, limit);
  if (recent.length < limit) return null;
  const oldest = (recent[recent.length - 1] as { createdAt: Date }).createdAt.getTime();
  return oldest + CONTACT_LIMITS.windowSeconds * 1000;
}

/**
 * Throws 429 'You have sent too many messages. Please try again in 35 minutes.' (with Retry-After) when this
 * address or this e-mail has sent its share in the last hour.
 */
export async function checkContactAllowed(deps: TDeps, sender: { ip: string | null; email: string }) {
  const [byIp, byEmail] = await Promise.all([
    sender.ip ? slotFreesAt(deps, "ip", sender.ip, CONTACT_LIMITS.perIp) : null,
    slotFreesAt(deps, "email", sender.email, CONTACT_LIMITS.perEmail),
  ]);
  const until = Math.max(byIp ?? 0, byEmail ?? 0);
  if (until === 0) return;
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  throw new AppError("RATE_LIMITED", CONTACT_M.tooMany(formatWait(seconds)), {
    retryAfterSeconds: seconds,
  });
}
