import { ACCOUNT_DELETION_GRACE_DAYS, M, M_ACCOUNT, type TDeleteAccountRequest } from "@plugs/domain";
import { and, eq } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { accountDeletions, accounts, sessions } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { getMailer, textMail } from "../../lib/mailer.ts";
import { getAuth } from "../auth/auth.ts";
import { ERASE_ACCOUNT_JOB } from "./erase-account.ts";

const DAY_MS = 86_400_000;

/** "Wednesday, 10 December 2026" in UTC: the day a deletion falls due, as the mail and the answer say it. */
export const deletionDay = (d: Date) =>
  d.toLocaleDateString("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * POST /api/me/deletion: the account's password (checked by better-auth's own password hasher) confirms it; the
 * account is then signed out everywhere and erased after the grace period unless its owner signs in before then
 * (auth.ts cancels it on every new session). The owner is e-mailed the date.
 */
export async function requestDeletion(deps: TDeps, viewer: TViewer | null, input: TDeleteAccountRequest) {
  const me = requireViewer(viewer, M.auth.signInRequired);
  const [credential] = await deps.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, me.id), eq(accounts.providerId, "credential")));
  // An account a sign-in provider made has no password until its owner sets one.
  if (!credential?.hash) {
    throw new AppError("VALIDATION", M_ACCOUNT.deletionNeedsPassword, {
      fields: { password: M_ACCOUNT.deletionNeedsPassword },
    });
  }
  const ctx = await getAuth(deps).$context;
  const ok = await ctx.password.verify({ hash: credential.hash, password: input.password });
  if (!ok) {
    throw new AppError("VALIDATION", M.auth.incorrectPassword, {
      fields: { password: M.auth.incorrectPassword },
    });
  }
  const requestedAt = new Date();
  const eraseAfter = new Date(requestedAt.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(accountDeletions)
      .values({ userId: me.id, requestedAt, eraseAfter })
      .onConflictDoUpdate({
        target: accountDeletions.userId,
        set: { requestedAt, eraseAfter, erasedAt: null },
      });
    await tx.delete(sessions).where(eq(sessions.userId, me.id));
  });
  if (deps.jobs) {
    await deps.jobs.send(ERASE_ACCOUNT_JOB, { userId: me.id }, { startAfter: eraseAfter });
  }
  await getMailer(deps).send(
    textMail({
      to: me.email,
      subject: "Your Plugs & Rugs account will be deleted",
      paragraphs: [
        `You asked to delete your Plugs & Rugs account (${me.username}). It will be deleted on ${deletionDay(eraseAfter)}.`,
        `Changed your mind? Sign in at ${deps.config.publicUrl}/signin before then and the deletion is cancelled.`,
        "Then your profile, avatar, banner, e-mail address and sign-ins are erased. Your posts and comments stay, shown as from a deleted account, and your points history is kept without your name.",
      ],
    }),
  );
  deps.logger.info({ userId: me.id, eraseAfter }, "account deletion requested");
  return { requestedAt: requestedAt.toISOString(), eraseAfter: eraseAfter.toISOString() };
}
