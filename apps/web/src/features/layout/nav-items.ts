import { cn } from "../../lib/cn.ts";

/** A link of the navigation bar. `prefix` marks links that stay active on the pages below them. */
export type TNavItem = { label: string; to: string; prefix?: boolean; tone?: "plug" | "rug" };

/** The "Plugs & Rugs" dropdown (spec: Navigation bar). */
export const KOL_MENU: TNavItem[] = [
  { label: "All KOLs", to: "/kols" },
  { label: "Top KOLs", to: "/top-kols" },
  { label: "All Plugs", to: "/plugs", tone: "plug" },
  { label: "Plug of Fame", to: "/plug-of-fame", tone: "plug" },
  { label: "All Rugs", to: "/rugs", tone: "rug" },
  { label: "Rug of Shame", to: "/rug-of-shame", tone: "rug" },
];
export const KOL_MENU_LABEL = "Plugs & Rugs";

/** The links after the dropdown, in the spec's order. /learn and /blog are prefix matches. */
export const MAIN_NAV: TNavItem[] = [
  { label: "Learn", to: "/learn", prefix: true },
  { label: "Sweep", to: "/sweep" },
  { label: "Report", to: "/report" },
  { label: "Rewards", to: "/rewards" },
  { label: "Leaderboard", to: "/leaderboard" },
  { label: "Blog", to: "/blog", prefix: true },
  { label: "Contact", to: "/contact" },
  { label: "PlugFeed", to: "/plugfeed" },
];

export const HOME_NAV: TNavItem = { label: "Home", to: "/" };

/** True when the current path belongs to the KOL dropdown (its lists, and a KOL's own page). */
export function isKolPath(pathname: string): boolean {
  return KOL_MENU.some((item) => item.to === pathname) || pathname.startsWith("/kol/");
}

/** The look of a link in the desktop bar, active or not. */
export const navLinkClasses = (active: boolean) =>
  cn(
    "inline-flex h-9 items-center gap-1 rounded-lg px-1.5 text-sm font-medium whitespace-nowrap transition-colors xl:px-3",
    active ? "bg-surface-2 text-foreground" : "text-muted hover:bg-surface-2 hover:text-foreground",
  );
