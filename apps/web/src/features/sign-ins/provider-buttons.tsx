import { M_SIGN_IN_PROVIDER, type TSignInProviderId } from "@plugs/domain";
import { LogIn } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { messageOf } from "../dashboard/error-message.ts";
import { startProviderSignIn } from "./api.ts";
import { useSignInProviders } from "./queries.ts";

/**
 * "Continue with ..." under the sign-in and sign-up forms, one button per provider the server offers (none: nothing
 * shows). The browser goes to the provider and comes back signed in, to `next`; a new account is made on the way.
 */
export function ProviderButtons({ next }: { next: string }) {
  const providers = useSignInProviders().data ?? [];
  const [going, setGoing] = useState<TSignInProviderId | null>(null);
  if (providers.length === 0) return null;

  const go = async (id: TSignInProviderId) => {
    setGoing(id);
    try {
      const { url } = await startProviderSignIn(id, next);
      window.location.assign(url);
    } catch (err) {
      toast.error(messageOf(err));
      setGoing(null);
    }
  };

  return (
    <div className="mt-5 flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-muted">
        <span className="h-px flex-1 bg-border" aria-hidden />
        or
        <span className="h-px flex-1 bg-border" aria-hidden />
      </div>
      {providers.map((p) => (
        <Button
          key={p.id}
          type="button"
          variant="secondary"
          className="w-full"
          busy={going === p.id}
          busyLabel="Redirecting..."
          disabled={going !== null && going !== p.id}
          onClick={() => go(p.id)}
        >
          <LogIn aria-hidden /> {M_SIGN_IN_PROVIDER.continueWith(p.name)}
        </Button>
      ))}
      <p className="text-center text-xs leading-snug text-muted">
        New here? Continuing makes your account and means you accept the{" "}
        <Link to="/terms" target="_blank" className="font-medium text-accent hover:underline">
          Terms of Service
        </Link>{" "}
        and the{" "}
        <Link to="/privacy" target="_blank" className="font-medium text-accent hover:underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
