import { sql } from "drizzle-orm";
import type { TDeps } from "../context.ts";
import { queryRows } from "../db/query-rows.ts";

/**
 * The hourly clean-up (a scheduled job, so one instance runs it): rows that only ever served a limit or a sign-in
 * and whose time is over. Login attempts are kept 30 days (the account's security history), sign-up events 7 days
 * (the per-address sign-up limit looks back a day), used one-time codes a day (a code is valid for 90 seconds), wallet-link challenges once expired.
 */
export async function cleanUp(deps: Pick<TDeps, "db">): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  const statements = {
    sessions: sql`delete from sessions where expires_at < now() returning 1`,
    verifications: sql`delete from verifications where expires_at < now() returning 1`,
    captchaSolutions: sql`delete from captcha_solutions where expires_at < now() returning 1`,
    memberActionCounts: sql`delete from member_action_counts where window_ends_at < now() returning 1`,
    loginAttempts: sql`delete from login_attempts where created_at < now() - interval '30 days' returning 1`,
    signUpEvents: sql`delete from sign_up_events where created_at < now() - interval '7 days' returning 1`,
    usedTotpCodes: sql`delete from used_totp_codes where used_at < now() - interval '1 day' returning 1`,
    sweepChallenges: sql`delete from sweep_challenges where expires_at < now() returning 1`,
  };
  for (const [name, statement] of Object.entries(statements)) {
    removed[name] = (await queryRows(deps.db, statement)).length;
  }
  return removed;
}
