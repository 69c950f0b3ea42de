import { AUTH_LIMITS } from "@plugs/domain";
import { Info } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { ProviderButtons } from "../sign-ins/provider-buttons.tsx";
import { useSite } from "../site/queries.ts";
import { closeAuthPrompt, getAuthPrompt, type TAuthView, useAuthPrompt } from "./auth-prompt.ts";
import { useRefreshSession } from "./session.ts";
import { SignInForm } from "./sign-in-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";

/**
 * The sign-in / sign-up modal, mounted once in the layout and driven by the auth-prompt store: a reason above two
 * tabs (Sign Up unless the opener asked for Sign In). After a sign-in the pending action runs 500 ms later and the
 * modal closes; after a sign-up the form says where the link that signs in went.
 */
export function AuthModal() {
  const prompt = useAuthPrompt();
  return (
    <Dialog open={prompt.open} onOpenChange={(open) => (open ? null : closeAuthPrompt())}>
      <DialogContent className="max-w-md p-5 sm:p-6">
        {prompt.id > 0 ? <AuthModalBody key={prompt.id} view={prompt.view} reason={prompt.reason} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The two forms under their tabs; shared by the modal and the /signin and /signup pages. */
export function AuthTabs({
  view,
  onViewChange,
  onSuccess,
  next,
}: {
  view: TAuthView;
  onViewChange: (view: TAuthView) => void;
  /** After a sign-in (a sign-up signs in later, through its e-mail's link). */
  onSuccess: () => void | Promise<void>;
  /** Where a sign-in through a provider (which leaves the page) comes back to. */
  next: string;
}) {
  return (
    <Tabs value={view} onValueChange={(v) => onViewChange(v as TAuthView)}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="signin">Sign In</TabsTrigger>
        <TabsTrigger value="signup">Sign Up</TabsTrigger>
      </TabsList>
      <TabsContent value="signin" className="mt-5">
        <SignInForm onSignedIn={onSuccess} />
      </TabsContent>
      <TabsContent value="signup" className="mt-5">
        <SignUpForm />
      </TabsContent>
      <ProviderButtons next={next} />
    </Tabs>
  );
}

function AuthModalBody({ view: initialView, reason }: { view: TAuthView; reason: string | null }) {
  const { siteName } = useSite();
  const refreshSession = useRefreshSession();
  const [view, setView] = useState(initialView);
  const location = useLocation();

  const onSuccess = async () => {
    await refreshSession();
    // Read now, not when the modal opened: the store holds the opener's latest action.
    const { action, id } = getAuthPrompt();
    setTimeout(() => {
      if (getAuthPrompt().id === id) closeAuthPrompt();
      action?.();
    }, AUTH_LIMITS.callbackDelayMs);
  };

  return (
    <>
      <DialogTitle className="text-xl">
        {view === "signin" ? `Welcome back to ${siteName}` : `Join ${siteName}`}
      </DialogTitle>
      {reason ? (
        <DialogDescription className="mt-3! flex items-start gap-2 rounded-lg border border-accent/30 bg-accent-soft px-3 py-2.5 font-medium text-foreground!">
          <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
          {reason}
        </DialogDescription>
      ) : (
        <DialogDescription>
          {view === "signin"
            ? "Sign in to post, vote, react and earn points."
            : "Create an account to post, vote on KOLs, file reports and earn points."}
        </DialogDescription>
      )}
      <div className="mt-5">
        <AuthTabs
          view={view}
          onViewChange={setView}
          onSuccess={onSuccess}
          next={`${location.pathname}${location.search}${location.hash}`}
        />
      </div>
    </>
  );
}
