import { Suspense } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { Spinner } from "../../components/ui/spinner.tsx";
import { lazyNamed } from "../../lib/lazy-named.ts";
import { useAuthPrompt } from "../auth/auth-prompt.ts";
import { useBanWatch, useSession } from "../auth/session.ts";
import { useEventStream } from "../notifications/use-event-stream.ts";
import { AnnouncementBanner } from "../site/announcement-banner.tsx";
import { useSite } from "../site/queries.ts";
import { useSiteDefaultTheme } from "../theme/theme.ts";
import { useVerificationLanding, VerifyEmailBanner } from "../verification/verification.tsx";
import { NavBar } from "./nav-bar.tsx";
import { SiteFooter } from "./site-footer.tsx";

// The auth modal and its forms (react-hook-form, the zod schemas, the captcha) load when it first opens.
const AuthModal = lazyNamed(() => import("../auth/auth-modal.tsx"), "AuthModal");

/** A centered spinner over the page, shown only if the wait is noticeable. */
function WaitSpinner({ label }: { label: string }) {
  return (
    <div className="pointer-events-none fixed inset-0 z-30 flex animate-delayed-fade-in items-center justify-center">
      <div className="rounded-full border border-border bg-surface p-3 text-accent shadow-panel">
        <Spinner className="size-7" label={label} />
      </div>
    </div>
  );
}

/** While the next page's code loads, the wait spinner. */
function NavigationSpinner() {
  const navigation = useNavigation();
  return navigation.state === "loading" ? <WaitSpinner label="Loading page" /> : null;
}

/** Nothing until the auth prompt first opens; then the modal, with the wait spinner while its code loads. */
function LazyAuthModal() {
  const prompt = useAuthPrompt();
  if (prompt.id === 0) return null;
  return (
    <Suspense fallback={<WaitSpinner label="Loading" />}>
      <AuthModal />
    </Suspense>
  );
}

/** Every page: the navigation bar, the page, the footer, and the auth modal any page can open. New pages scroll to the top; Back restores position. */
export function AppLayout() {
  useBanWatch();
  const { session } = useSession();
  useEventStream(session?.user.id ?? null);
  useVerificationLanding();
  useSiteDefaultTheme(useSite().defaultTheme);
  return (
    <div className="flex min-h-dvh flex-col bg-[image:var(--glow)] bg-no-repeat">
      <a
        href="#main"
        className="sr-only rounded-lg bg-accent font-semibold text-accent-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <NavBar />
      <AnnouncementBanner />
      <VerifyEmailBanner />
      {/* At least a screen tall (less the 4rem bar), so the footer starts below the fold and a page whose content
          arrives later never pushes it across the screen (Lighthouse counts that as a layout shift). */}
      <main id="main" className="min-h-[calc(100dvh-4rem)] flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <NavigationSpinner />
      <LazyAuthModal />
      <ScrollRestoration />
    </div>
  );
}
