import { Menu } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { lazyNamed } from "../../lib/lazy-named.ts";
import { useDeferredLoad } from "../../lib/use-deferred-load.ts";
import { AuthButtons } from "../auth/auth-buttons.tsx";
import { openAuthPrompt } from "../auth/auth-prompt.ts";
import { useSession } from "../auth/session.ts";
import { useUnreadCount } from "../notifications/queries.ts";
import { useSite } from "../site/queries.ts";
import { SiteLogo } from "../site/site-logo.tsx";
import { ThemeToggle } from "../theme/theme-toggle.tsx";
import { KolMenuLabel, kolMenuTriggerClasses } from "./kol-menu-trigger.tsx";
import { HOME_NAV, MAIN_NAV, navLinkClasses, type TNavItem } from "./nav-items.ts";

// Only members see these two, so their code (Radix popover and menu, dates) loads once someone has signed in; until
// then a blank of the same size holds their place.
const NotificationBell = lazyNamed(
  () => import("../notifications/notification-bell.tsx"),
  "NotificationBell",
);
const UserMenu = lazyNamed(() => import("../auth/user-menu.tsx"), "UserMenu");

function MemberBell() {
  // The unread count is asked for here, in the shell, so it travels with the session rather than after the bell's
  // code has arrived; the bell reads it from the cache.
  useUnreadCount(true);
  return (
    <Suspense fallback={<span aria-hidden className="size-10" />}>
      <NotificationBell />
    </Suspense>
  );
}

function DesktopLink({ item }: { item: TNavItem }) {
  return (
    <NavLink to={item.to} end={!item.prefix} className={({ isActive }) => navLinkClasses(isActive)}>
      {item.label}
    </NavLink>
  );
}

/**
 * The KOL dropdown and the mobile menu (Radix menu, dialog and their positioning code) load once the page is idle.
 * The dropdown's plain stand-in has the real one's look and, pressed, loads it already open; it answers the press
 * itself (pointer down, as Radix's trigger does), so a press that straddles the swap is never lost.
 */
const KolMenu = lazyNamed(() => import("./kol-menu.tsx"), "KolMenu");
const MobileMenu = lazyNamed(() => import("./mobile-menu.tsx"), "MobileMenu");

function DeferredKolMenu() {
  const { pathname } = useLocation();
  const { load, asked, ask } = useDeferredLoad();
  const standIn = (
    <button
      type="button"
      aria-haspopup="menu"
      className={kolMenuTriggerClasses(pathname)}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) ask();
      }}
      onClick={ask}
    >
      <KolMenuLabel />
    </button>
  );
  if (!load) return standIn;
  return (
    <Suspense fallback={standIn}>
      <KolMenu defaultOpen={asked} />
    </Suspense>
  );
}

/** The menu button is one element for the page's life; only the panel's code is deferred. */
function DeferredMobileMenu() {
  const { load, ask } = useDeferredLoad();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(true);
          ask();
        }}
      >
        <Menu aria-hidden />
      </Button>
      {load ? (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The top bar: full navigation from Tailwind's lg breakpoint up, a menu button below it. */
export function NavBar() {
  const { siteName } = useSite();
  const { session, isPending } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-4 xl:px-6">
        <Link to="/" aria-label={`${siteName} home`} className="-ml-1 rounded-lg p-1">
          <SiteLogo nameClassName="lg:hidden xl:inline" />
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center justify-center gap-0.5 lg:flex">
          <DesktopLink item={HOME_NAV} />
          <DeferredKolMenu />
          {MAIN_NAV.map((item) => (
            <DesktopLink key={item.to} item={item} />
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-1.5 lg:flex xl:gap-2">
          <ThemeToggle />
          {session ? <MemberBell /> : null}
          {session ? (
            <Suspense fallback={<span aria-hidden className="size-9" />}>
              <UserMenu session={session} />
            </Suspense>
          ) : isPending ? (
            // Holds the buttons' place until we know who is here, so a signed-in member never sees Sign In flash.
            <div className="h-10 w-40" aria-hidden />
          ) : (
            <AuthButtons />
          )}
        </div>
        <div className="ml-auto flex items-center gap-1 lg:hidden">
          {session ? <MemberBell /> : null}
          {session ? (
            <Suspense fallback={<span aria-hidden className="size-9" />}>
              <UserMenu session={session} />
            </Suspense>
          ) : isPending ? (
            <span aria-hidden className="h-8 w-16" />
          ) : (
            <Button variant="ghost" size="sm" onClick={() => openAuthPrompt({ view: "signin" })}>
              Sign In
            </Button>
          )}
          <DeferredMobileMenu />
        </div>
      </div>
    </header>
  );
}
