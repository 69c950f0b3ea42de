import { M, type TSignUpRequest, ZSignUpRequest } from "@plugs/domain";
import type { TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { getAuth } from "./auth.ts";
import { checkSignUp } from "./sign-up.ts";

/**
 * Creates an account without HTTP, through the same rules and better-auth path as POST /api/auth/sign-up/email
 * (profile, referral and ADMIN_EMAILS included; no captcha, no per-IP limit, no session). For `npm run seed` and
 * scripts.
 */
export async function createAccount(deps: TDeps, input: TSignUpRequest): Promise<{ id: string }> {
  const { body, emailTaken } = await checkSignUp(deps, ZSignUpRequest.parse(input));
  if (emailTaken) throw new AppError("CONFLICT", M.auth.emailTaken);
  const result = await getAuth(deps).api.signUpEmail({ body });
  return { id: result.user.id };
}
