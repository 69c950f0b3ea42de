import { useQuery } from "@tanstack/react-query";
import { fetchCaptchaConfig } from "./api.ts";

/** The auth forms' query keys (who is signed in is session.ts's sessionKeys). */
export const authKeys = {
  all: ["auth"] as const,
  captcha: () => [...authKeys.all, "captcha-config"] as const,
};

/** Which bot check the forms show; asked once per visit. */
export function useCaptchaConfig() {
  return useQuery({
    queryKey: authKeys.captcha(),
    queryFn: fetchCaptchaConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
