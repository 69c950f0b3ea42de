import { LayoutDashboard, LogOut, ShieldCheck, UserRound } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { NavLink } from "react-router";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Sheet, SheetContent } from "../../components/ui/sheet.tsx";
import { cn } from "../../lib/cn.ts";
import { AuthButtons } from "../auth/auth-buttons.tsx";
import { useSession, useSignOut } from "../auth/session.ts";
import { ThemeToggleRow } from "../theme/theme-toggle.tsx";
import { HOME_NAV, KOL_MENU, KOL_MENU_LABEL, MAIN_NAV, type TNavItem } from "./nav-items.ts";

type TMenuLinkProps = { item: TNavItem; onNavigate: () => void; icon?: ReactNode; indent?: boolean };

function MenuLink({ item, onNavigate, icon, indent = false }: TMenuLinkProps) {
  return (
    <NavLink
      to={item.to}
      end={!item.prefix}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors [&_svg]:size-4 [&_svg]:text-muted",
          indent && "pl-6",
          isActive ? "bg-accent-soft text-foreground" : "text-foreground/85 hover:bg-surface-2",
        )
      }
    >
      {icon}
      {item.label}
    </NavLink>
  );
}

type TMobileMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bar's menu button, which keeps focus's place: closing the panel returns focus to it. */
  trigger: RefObject<HTMLButtonElement | null>;
};

/**
 * Below the lg breakpoint: the "Navigation" panel with every link, theme and account. Its button lives in the bar
 * (nav-bar.tsx) and is drawn before this code loads, so a tap never lands on an element that is being replaced.
 */
export function MobileMenu({ open, onOpenChange, trigger }: TMobileMenuProps) {
  const { session } = useSession();
  const signOut = useSignOut();
  const close = () => onOpenChange(false);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title="Navigation"
        side="right"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <nav aria-label="Mobile" className="flex flex-col gap-0.5 p-3">
          <MenuLink item={HOME_NAV} onNavigate={close} />
          <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
            {KOL_MENU_LABEL}
          </p>
          {KOL_MENU.map((item) => (
            <MenuLink key={item.to} item={item} onNavigate={close} indent />
          ))}
          <div className="my-2 h-px bg-border" />
          {MAIN_NAV.map((item) => (
            <MenuLink key={item.to} item={item} onNavigate={close} />
          ))}
        </nav>
        <div className="flex flex-col gap-0.5 border-t border-border p-3">
          <ThemeToggleRow />
          {session ? (
            <>
              <div className="flex items-center gap-3 px-3 pt-1 pb-2">
                <Avatar src={session.profile.avatarUrl} name={session.profile.username} />
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold">
                    {session.profile.displayName ?? `@${session.profile.username}`}
                  </p>
                  <p className="truncate text-xs text-muted">
                    {session.profile.displayName ? `@${session.profile.username} · ` : ""}
                    {session.profile.points.toLocaleString()} points
                  </p>
                </div>
              </div>
              <MenuLink
                item={{
                  label: "Public Profile",
                  to: `/user/${encodeURIComponent(session.profile.username)}`,
                }}
                onNavigate={close}
                icon={<UserRound aria-hidden />}
              />
              <MenuLink
                item={{ label: "Dashboard", to: "/dashboard", prefix: true }}
                onNavigate={close}
                icon={<LayoutDashboard aria-hidden />}
              />
              {session.isAdmin ? (
                <MenuLink
                  item={{ label: "Admin Dashboard", to: "/admin", prefix: true }}
                  onNavigate={close}
                  icon={<ShieldCheck aria-hidden />}
                />
              ) : null}
              <button
                type="button"
                disabled={signOut.isPending}
                onClick={() => signOut.mutate(undefined, { onSuccess: close })}
                className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-rug hover:bg-rug-soft disabled:opacity-60"
              >
                <LogOut className="size-4" aria-hidden />
                {signOut.isPending ? "Signing out..." : "Sign Out"}
              </button>
            </>
          ) : (
            <AuthButtons className="pt-2" onNavigate={close} />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
