import { cn } from "../../lib/cn.ts";
import { useSite } from "./queries.ts";

/** Our mark: a green arrow up (plug) over a red arrow down (rug). Same drawing as public/favicon.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-surface-2" />
      <path
        d="M9 14.5 16 7.5l7 7"
        fill="none"
        className="stroke-plug"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M9 17.5l7 7 7-7"
        fill="none"
        className="stroke-rug"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The site's logo from its settings, or our mark when none is set, with the site name beside it. */
export function SiteLogo({ nameClassName }: { nameClassName?: string }) {
  const { siteName, logoUrl } = useSite();
  return (
    <span className="flex items-center gap-2.5">
      {logoUrl ? (
        <img src={logoUrl} alt="" className="size-8 shrink-0 rounded-lg object-cover" />
      ) : (
        <LogoMark />
      )}
      <span className={cn("text-base font-bold tracking-tight whitespace-nowrap", nameClassName)}>
        {siteName}
      </span>
    </span>
  );
}
