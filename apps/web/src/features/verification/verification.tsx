import { VERIFICATION_MESSAGES as V, VERIFIED_PARAM } from "@plugs/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { sessionKeys, useSession } from "../auth/session.ts";
import { resendVerificationEmail } from "./api.ts";

/** The resend call: a toast says it was sent, or why not (the 429 carries the wait in words). */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: () => toast.success(V.sent),
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409)
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      toast.error(err instanceof ApiError ? err.message : String(err));
    },
  });
}

export function ResendVerificationButton({ className }: { className?: string }) {
  const resend = useResendVerification();
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      className={className}
      busy={resend.isPending}
      busyLabel="Sending..."
      onClick={() => resend.mutate()}
    >
      {V.resend}
    </Button>
  );
}

/**
 * Mounted once in the layout: the verification link lands here with ?verified=1 (or 0 when the link failed); say
 * so, ask who is signed in again, and take the parameter out of the address.
 */
export function useVerificationLanding() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const verified = params.get(VERIFIED_PARAM);
    if (verified === null) return;
    params.delete(VERIFIED_PARAM);
    params.delete("error");
    if (verified === "1") toast.success(V.verified);
    else toast.error(V.linkFailed);
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true },
    );
  }, [location, navigate, queryClient]);
}

/** The slim site-wide banner shown to a signed-in member until their e-mail is verified. */
export function VerifyEmailBanner({ className }: { className?: string }) {
  const { session } = useSession();
  if (!session || session.user.emailVerified) return null;
  return (
    <section
      aria-label="E-mail verification"
      className={cn("border-b border-border bg-surface-2 text-sm", className)}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1.5 px-4 py-2 text-center">
        <span className="inline-flex items-center gap-2">
          <MailCheck className="size-4 shrink-0 text-accent" aria-hidden />
          {V.banner}
        </span>
        <ResendVerificationButton />
      </div>
    </section>
  );
}
