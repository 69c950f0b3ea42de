import { ChevronDown } from "lucide-react";
import { cn } from "../../lib/cn.ts";
import { isKolPath, KOL_MENU_LABEL, navLinkClasses } from "./nav-items.ts";

/** The KOL menu trigger's look, shared by the menu (kol-menu.tsx) and the plain button the bar draws until it loads. */
export const kolMenuTriggerClasses = (pathname: string) =>
  cn(navLinkClasses(isKolPath(pathname)), "group cursor-pointer");

export function KolMenuLabel() {
  return (
    <>
      {KOL_MENU_LABEL}
      <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
    </>
  );
}
