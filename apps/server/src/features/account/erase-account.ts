import { M_ACCOUNT } from "@plugs/domain";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import {
  accountDeletions,
  accounts,
  giveawayWinners,
  memberActionCounts,
  profiles,
  sessions,
  sweepChallenges,
  sweeps,
  sweepWallets,
  twoFactors,
  userRoles,
  users,
} from "../../db/schema/index.ts";
import { removePictureFile } from "../auth/me.ts";
import { eraseTraces } from "./erase-traces.ts";

/** The job that erases one account at the end of its grace period (sent when the deletion is asked for). */
export const ERASE_ACCOUNT_JOB = "account-erase";
/** The sweep that erases any account past its grace period whose job never ran. */
export const OVERDUE_ERASE_JOB = "account-erase-overdue";

/** The username an erased account goes by: `deleted_` and the start of its id (unique, says what it is). */
export const erasedUsername = (userId: string) => `deleted_${userId.replace(/-/g, "").slice(0, 20)}`;

export type TEraseOutcome = "erased" | "not-due" | "not-waiting";

/**
 * Erases an account whose deletion is due, in one transaction: the profile's personal fields (username replaced,
 * display name 'Deleted account', avatar, bio, links), the e-mail and names better-auth keeps, every session,
 * password and second factor, admin roles, linked wallets (and the wallet on each of their sweeps), prize-claim
 * contacts, fair-use counters, and the traces eraseTraces names
 * (notifications, follows, contact messages, sign-in attempts). What the member wrote stays, shown as from the deleted account;
 * the points ledger stays on the anonymous id. The avatar and banner files go from storage after the commit.
 */
export async function eraseAccount(deps: TDeps, userId: string): Promise<TEraseOutcome> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({ eraseAfter: accountDeletions.eraseAfter })
      .from(accountDeletions)
      .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.erasedAt)))
      .for("update");
    if (!waiting) return { kind: "not-waiting" as const };
    if (waiting.eraseAfter.getTime() > Date.now())
      return { kind: "not-due" as const, at: waiting.eraseAfter };
    const [profile] = await tx
      .select({ avatarUrl: profiles.avatarUrl, bannerUrl: profiles.bannerUrl })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const username = erasedUsername(userId);
    const now = new Date();
    await tx
      .update(profiles)
      .set({
        username,
        displayName: M_ACCOUNT.deletedAuthor,
        avatarUrl: null,
        bannerUrl: null,
        bio: null,
        website: null,
        xHandle: null,
        telegram: null,
        isVerified: false,
        updatedAt: now,
      })
      .where(eq(profiles.id, userId));
    await eraseTraces(tx, userId);
    await tx
      .update(users)
      .set({
        email: `${username}@deleted.invalid`,
        name: M_ACCOUNT.deletedAuthor,
        username,
        displayUsername: username,
        image: null,
        emailVerified: false,
        twoFactorEnabled: false,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    // Linked wallets (their addresses) and the contact given to claim a prize.
    await tx.delete(sweepChallenges).where(eq(sweepChallenges.userId, userId));
    await tx.delete(sweepWallets).where(eq(sweepWallets.userId, userId));
    await tx.update(giveawayWinners).set({ claimContact: null }).where(eq(giveawayWinners.userId, userId));
    // Their sweeps stay (the accounts they paid pay once, ever; the signature is claimed once) without the wallet
    // that signed them (sweeps_user_newest_idx), and their fair-use counters go (by the counters' primary key).
    await tx.update(sweeps).set({ wallet: "" }).where(eq(sweeps.userId, userId));
    await tx.delete(memberActionCounts).where(eq(memberActionCounts.userId, userId));
    await tx.update(accountDeletions).set({ erasedAt: now }).where(eq(accountDeletions.userId, userId));
    return { kind: "erased" as const, pictures: profile ?? null };
  });
  if (outcome.kind === "not-due" && deps.jobs) {
    await deps.jobs.send(ERASE_ACCOUNT_JOB, { userId }, { startAfter: outcome.at });
  }
  if (outcome.kind === "erased") {
    await removePictureFile(deps, "avatar", userId, outcome.pictures?.avatarUrl);
    await removePictureFile(deps, "banner", userId, outcome.pictures?.bannerUrl);
    deps.logger.info({ userId }, "account erased");
  }
  return outcome.kind;
}

/** Erases every account past its grace period (each in its own transaction); the sweep's work. */
export async function eraseOverdueAccounts(deps: TDeps): Promise<number> {
  const due = await deps.db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(and(isNull(accountDeletions.erasedAt), lte(accountDeletions.eraseAfter, sql`now()`)))
    .limit(100);
  let erased = 0;
  for (const { userId } of due) if ((await eraseAccount(deps, userId)) === "erased") erased += 1;
  return erased;
}
