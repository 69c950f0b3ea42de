import {
  M,
  resendWaitMessage,
  safeNextPath,
  type TResendVerificationRequest,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
} from "@plugs/domain";
import { sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { AppError } from "../../errors.ts";
import { getAuth } from "./auth.ts";

const DAY_SECONDS = 24 * 60 * 60;

/**
 * POST /api/me/verification-email: a new verification link for a signed-in member whose e-mail is not verified
 * yet. At most one a minute and five a day (VERIFICATION_LIMITS), counted in verification_mail_sends under the
 * member's user row lock, so two tabs or two instances cannot both send; too soon is a 429 with the wait in words.
 */
export async function resendVerification(
  deps: TDeps,
  viewer: TViewer | null,
  input: TResendVerificationRequest,
): Promise<{ sent: true; email: string }> {
  const me = requireViewer(viewer, M.auth.signInRequired);
  const email = await deps.db.transaction(async (tx) => {
    const [row] = await queryRows<{
      email: string;
      email_verified: boolean;
      sent_today: number;
      since_last: number | null;
      oldest_wait: number | null;
    }>(
      tx,
      sql`select u.email, u.email_verified,
            (select count(*)::int from verification_mail_sends s
              where s.user_id = u.id and s.created_at > now() - make_interval(secs => ${DAY_SECONDS})) as sent_today,
            (select extract(epoch from now() - max(s.created_at))::float8 from verification_mail_sends s
              where s.user_id = u.id) as since_last,
            (select extract(epoch from min(s.created_at) + make_interval(secs => ${DAY_SECONDS}) - now())::float8
              from verification_mail_sends s
              where s.user_id = u.id and s.created_at > now() - make_interval(secs => ${DAY_SECONDS})) as oldest_wait
          from users u where u.id = ${me.id} for update`,
    );
    if (!row) throw new AppError("UNAUTHORIZED", M.auth.signInRequired);
    if (row.email_verified) throw new AppError("CONFLICT", VERIFICATION_MESSAGES.alreadyVerified);
    let wait = 0;
    if (row.since_last !== null && row.since_last < VERIFICATION_LIMITS.minSecondsBetween) {
      wait = VERIFICATION_LIMITS.minSecondsBetween - row.since_last;
    }
    if (row.sent_today >= VERIFICATION_LIMITS.perDay) wait = Math.max(wait, row.oldest_wait ?? 0);
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait));
      throw new AppError("RATE_LIMITED", resendWaitMessage(seconds), { retryAfterSeconds: seconds });
    }
    await tx.execute(sql`insert into verification_mail_sends (user_id) values (${me.id})`);
    return row.email;
  });
  await getAuth(deps).api.sendVerificationEmail({
    body: { email, callbackURL: safeNextPath(input.callbackURL) },
  });
  return { sent: true, email };
}
