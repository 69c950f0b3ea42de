import { M, M_ACCOUNT, type TSetPasswordRequest } from "@plugs/domain";
import { and, eq } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { accounts } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { getAuth } from "../auth/auth.ts";
import { mailPasswordChanged } from "../auth/password-changed.ts";

/**
 * POST /api/me/password: a first password for an account a sign-in provider made (better-auth's setPassword, which
 * hashes it as sign-up does). An account that has one changes it instead. The owner is e-mailed, as for a change.
 */
export async function setFirstPassword(
  deps: TDeps,
  viewer: TViewer | null,
  headers: Headers,
  input: TSetPasswordRequest,
) {
  const me = requireViewer(viewer, M.auth.signInRequired);
  const [credential] = await deps.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, me.id), eq(accounts.providerId, "credential")));
  if (credential) throw new AppError("CONFLICT", M_ACCOUNT.passwordAlreadySet);
  try {
    await getAuth(deps).api.setPassword({ body: { newPassword: input.newPassword }, headers });
  } catch (err) {
    // Two sets at once: the second finds the first's password.
    if ((err as { body?: { code?: string } }).body?.code === "PASSWORD_ALREADY_SET") {
      throw new AppError("CONFLICT", M_ACCOUNT.passwordAlreadySet);
    }
    throw err;
  }
  await mailPasswordChanged(deps, me, false);
}
