import {
  M,
  M_SIGN_IN_PROVIDER,
  SIGN_IN_PROVIDER_IDS,
  type TMySignIns,
  type TSignInProviderId,
} from "@plugs/domain";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { accounts, passkeys, users } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { offeredProviders, providerName } from "../auth/sign-in-providers.ts";

/*
 * A member's ways to sign in: the password (better-auth's 'credential' account), passkeys, and accounts at sign-in
 * providers. Removing one never leaves none: the check and the delete run under the user's row lock, so two
 * removals at once cannot each think the other one remains.
 */

const isProviderId = (id: string): id is TSignInProviderId =>
  (SIGN_IN_PROVIDER_IDS as readonly string[]).includes(id);

/** GET /api/me/sign-ins. */
export async function mySignIns(deps: TDeps, viewer: TViewer | null): Promise<TMySignIns> {
  const me = requireViewer(viewer, M.auth.signInRequired);
  const [rows, [keys]] = await Promise.all([
    deps.db
      .select({ providerId: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, me.id)),
    deps.db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, me.id)),
  ]);
  const linked = new Map(rows.map((r) => [r.providerId, r.createdAt]));
  const offered = new Set(offeredProviders(deps.config).map((p) => p.id));
  const providers = SIGN_IN_PROVIDER_IDS.filter((id) => offered.has(id) || linked.has(id)).map((id) => ({
    id,
    name: providerName(deps.config, id),
    linkedAt: linked.get(id)?.toISOString() ?? null,
    offered: offered.has(id),
  }));
  return { password: linked.has("credential"), passkeys: keys?.n ?? 0, providers };
}

/** Ways to sign in besides the one being removed (`except`): other accounts and passkeys. */
async function otherWays(
  tx: Pick<TDb, "select">,
  userId: string,
  except: { providerId: string } | { passkeyId: string },
) {
  // The user's row lock: removals of the same member's ways wait for each other. "No key update" does not wait
  // for the key-share locks that every insert referencing the user (a session, a post, points) holds.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
  const [others] = await tx
    .select({ n: count() })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        "providerId" in except ? ne(accounts.providerId, except.providerId) : sql`true`,
      ),
    );
  const [keys] = await tx
    .select({ n: count() })
    .from(passkeys)
    .where(
      and(eq(passkeys.userId, userId), "passkeyId" in except ? ne(passkeys.id, except.passkeyId) : sql`true`),
    );
  return (others?.n ?? 0) + (keys?.n ?? 0);
}

/** DELETE /api/me/sign-ins/{provider}: unlinks a provider, unless it is the member's last way to sign in. */
export async function unlinkProvider(deps: TDeps, viewer: TViewer | null, provider: string) {
  const me = requireViewer(viewer, M.auth.signInRequired);
  if (!isProviderId(provider)) throw new AppError("NOT_FOUND", M_SIGN_IN_PROVIDER.notLinked);
  return deps.db.transaction(async (tx) => {
    if ((await otherWays(tx, me.id, { providerId: provider })) === 0) {
      const [mine] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, me.id), eq(accounts.providerId, provider)));
      if (mine) throw new AppError("CONFLICT", M_SIGN_IN_PROVIDER.lastWay);
    }
    const gone = await tx
      .delete(accounts)
      .where(and(eq(accounts.userId, me.id), eq(accounts.providerId, provider)))
      .returning({ id: accounts.id });
    if (gone.length === 0) throw new AppError("NOT_FOUND", M_SIGN_IN_PROVIDER.notLinked);
    return { name: providerName(deps.config, provider) };
  });
}

/** Whether removing this passkey would leave the member no way to sign in (then it is refused). */
export async function refuseLastPasskey(tx: Pick<TDb, "select">, userId: string, passkeyId: string) {
  if ((await otherWays(tx, userId, { passkeyId })) === 0) {
    throw new AppError("CONFLICT", M_SIGN_IN_PROVIDER.lastWay);
  }
}
