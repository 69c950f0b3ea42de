import { ChevronDown } from "lucide-react";
import { Link, NavLink, useLocation } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { cn } from "../../lib/cn.ts";
import { AuthButtons } from "../auth/auth-buttons.tsx";
import { useSession } from "../auth/session.ts";
import { UserMenu } from "../auth/user-menu.tsx";
import { NotificationBell } from "../notifications/notification-bell.tsx";
import { useSite } from "../site/queries.ts";
import { SiteLogo } from "../site/site-logo.tsx";
import { ThemeToggle } from "../theme/theme-toggle.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { HOME_NAV, isKolPath, KOL_MENU, KOL_MENU_LABEL, MAIN_NAV, type TNavItem } from "./nav-items.ts";

const linkClasses = (active: boolean) =>
  cn(
    "inline-flex h-9 items-center gap-1 rounded-lg px-1.5 text-sm font-medium whitespace-nowrap transition-colors xl:px-3",
    active ? "bg-surface-2 text-foreground" : "text-muted hover:bg-surface-2 hover:text-foreground",
  );

function DesktopLink({ item }: { item: TNavItem }) {
  return (
    <NavLink to={item.to} end={!item.prefix} className={({ isActive }) => linkClasses(isActive)}>
      {item.label}
    </NavLink>
  );
}

const TONE_DOT = { plug: "bg-plug", rug: "bg-rug", accent: "bg-accent" } as const;

function KolMenu() {
  const { pathname } = useLocation();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={cn(linkClasses(isKolPath(pathname)), "group cursor-pointer")}>
        {KOL_MENU_LABEL}
        <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {KOL_MENU.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to} aria-current={pathname === item.to ? "page" : undefined}>
              <span aria-hidden className={cn("size-2 rounded-full", TONE_DOT[item.tone ?? "accent"])} />
              {item.label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
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
          <KolMenu />
          {MAIN_NAV.map((item) => (
            <DesktopLink key={item.to} item={item} />
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-1.5 lg:flex xl:gap-2">
          <ThemeToggle />
          {session ? <NotificationBell /> : null}
          {session ? (
            <UserMenu session={session} />
          ) : isPending ? (
            // Holds the buttons' place until we know who is here, so a signed-in member never sees Sign In flash.
            <div className="h-10 w-40" aria-hidden />
          ) : (
            <AuthButtons />
          )}
        </div>
        <div className="ml-auto flex items-center gap-1 lg:hidden">
          {session ? <NotificationBell /> : null}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
