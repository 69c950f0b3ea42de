import { Link, useLocation } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { cn } from "../../lib/cn.ts";
import { KolMenuLabel, kolMenuTriggerClasses } from "./kol-menu-trigger.tsx";
import { KOL_MENU } from "./nav-items.ts";

const TONE_DOT = { plug: "bg-plug", rug: "bg-rug", accent: "bg-accent" } as const;

/** The desktop bar's "Plugs & Rugs" dropdown of KOL lists. */
export function KolMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { pathname } = useLocation();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={kolMenuTriggerClasses(pathname)}>
        <KolMenuLabel />
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
