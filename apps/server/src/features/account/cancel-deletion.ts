import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { and, eq, isNull } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { accountDeletions, users } from "../../db/schema/index.ts";
import { getMailer, textMail } from "../../lib/mailer.ts";

/**
 * Cancels a waiting deletion of this account (its owner just signed in) and tells them.
 * An erased account cannot sign in, so only a waiting one is ever cancelled.
 */
export async function cancelDeletionOnSignIn(deps: TDeps, userId: string) {
  const cancelled = await deps.db
    .delete(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.erasedAt)))
    .returning({ userId: accountDeletions.userId });
  if (cancelled.length === 0) return;
  const [owner] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  deps.logger.info({ userId }, "account deletion cancelled by a sign-in");
  if (owner) {
    await getMailer(deps).send(
      textMail({
        to: owner.email,
        subject: "The deletion of your Plugs & Rugs account was cancelled",
        paragraphs: [
          "You signed in to your Plugs & Rugs account, so it will not be deleted.",
          `To delete it after all, ask again from Dashboard > Security (${deps.config.publicUrl}/dashboard/security).`,
        ],
      }),
    );
  }
}

/**
 * Cancels a waiting deletion when a sign-in ends with a session that is kept: password, passkey, or the second
 * factor's step. Listed after the two-factor plugin, whose hook drops the session the password step of a two-factor
 * account makes (better-auth runs plugin hooks in order), so that step alone, without the second factor, cancels
 * nothing. A session's daily refresh (get-session) is no sign-in.
 */
export function cancelDeletionPlugin(deps: TDeps) {
  return {
    id: "plugs-cancel-deletion",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path !== "/get-session",
          handler: createAuthMiddleware(async (ctx) => {
            const kept = ctx.context.newSession;
            if (kept) await cancelDeletionOnSignIn(deps, kept.user.id);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
