import { z } from "zod";
import { zText } from "./text.ts";

/** POST /api/me/verification-email: where the link should land once verified (a path of this site). */
export const ZResendVerificationRequest = z.object({
  callbackURL: zText().max(2000).optional(),
});
export type TResendVerificationRequest = z.infer<typeof ZResendVerificationRequest>;
