import { M } from "@plugs/domain";
import { APIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { profiles, referrals, users } from "../../db/schema/index.ts";
import { isUniqueViolation } from "../../errors.ts";
import { awardPointsSafely } from "../points/award-points.ts";
import { freeUsername, providerDisplayName } from "./provider-username.ts";
import { grantAdmin } from "./roles.ts";

/** The referrer a code names: an existing, non-banned profile whose username matches (any case). */
export async function findReferrer(db: Pick<TDb, "select">, code: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(sql`lower(${profiles.username}) = lower(${code})`, eq(profiles.isBanned, false)))
    .limit(1);
  return row ?? null;
}

/**
 * Runs right after better-auth creates a user (its databaseHooks): the profile with the username as typed (or, for
 * an account a sign-in provider made, one made from the name it gave, kept on the user row too, and that name as
 * the display name), the referral, and the admin role for ADMIN_EMAILS, in one transaction. If that fails (a username taken by a
 * concurrent sign-up) the half-made user is removed, so no account exists without a profile. Then the points:
 * account_creation to the new account and referral to its referrer.
 */
export async function createAccountProfile(
  deps: TDeps,
  input: {
    userId: string;
    email: string;
    username: string | null;
    referralCode: string | null;
    /** The name a sign-in provider gave, for an account it made. */
    providerName?: string | null;
  },
) {
  let referrerId: string | null = null;
  const username =
    input.username ?? (await freeUsername(deps.db, [input.providerName, input.email.split("@")[0]]));
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(profiles).values({
        id: input.userId,
        username,
        displayName: input.username === null ? providerDisplayName(input.providerName) : null,
      });
      if (input.username === null) {
        await tx
          .update(users)
          .set({ username: username.toLowerCase(), displayUsername: username })
          .where(eq(users.id, input.userId));
      }
      const code = input.referralCode?.trim();
      if (code) {
        const referrer = await findReferrer(tx, code);
        if (referrer && referrer.id !== input.userId) {
          await tx.insert(referrals).values({ referrerId: referrer.id, referredId: input.userId, code });
          referrerId = referrer.id;
        }
      }
      if (deps.config.adminEmails.includes(input.email.toLowerCase())) await grantAdmin(tx, [input.userId]);
    });
  } catch (err) {
    await deps.db.delete(users).where(eq(users.id, input.userId));
    if (isUniqueViolation(err)) {
      throw new APIError("CONFLICT", { message: M.auth.usernameTaken, code: "USERNAME_TAKEN" });
    }
    throw err;
  }
  // After the account is committed: an award that fails is logged and the account stands. Both are keyed by the
  // new account, so each is paid once.
  await awardPointsSafely(deps, {
    userId: input.userId,
    activity: "account_creation",
    referenceType: "account",
    referenceId: input.userId,
  });
  if (referrerId) {
    await awardPointsSafely(deps, {
      userId: referrerId,
      activity: "referral",
      referenceType: "referral",
      referenceId: input.userId,
      description: `Referral: ${username} joined`,
    });
  }
}
