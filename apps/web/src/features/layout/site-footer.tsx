import { ArrowUpRight } from "lucide-react";
import { Link } from "react-router";
import { useSite } from "../site/queries.ts";
import { SiteLogo } from "../site/site-logo.tsx";

const linkClass = "rounded text-sm text-muted transition-colors hover:text-foreground";

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`${linkClass} inline-flex items-center gap-1`}
    >
      {children}
      <ArrowUpRight className="size-3.5" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** "Follow us on X" for an X (or Twitter) profile, else "Follow us" and the site's host name. */
function socialLabel(url: string): string {
  const host = URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, "") : "";
  if (host === "x.com" || host === "twitter.com") return "Follow us on X";
  return host ? `Follow us on ${host}` : "Follow us";
}

/**
 * Terms, privacy, FAQ, the social profile and the KOL-scoring partner (from the site settings; a link set to none is
 * left out), with the year and site name.
 */
export function SiteFooter() {
  const { siteName, socialUrl, partnerName, partnerUrl } = useSite();
  return (
    <footer className="mt-16 border-t border-border bg-surface/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1fr_auto_auto] md:gap-16">
        <div className="max-w-sm">
          <SiteLogo />
          <p className="mt-3 text-sm text-muted">
            The crypto community's record of who to trust: KOLs rated plug or rug, with the evidence on show.
            Nothing here is financial advice.
          </p>
        </div>
        <nav aria-label="Site" className="flex flex-col gap-2.5">
          <h2 className="text-xs font-semibold tracking-wide text-foreground uppercase">Site</h2>
          <Link to="/faq" className={linkClass}>
            FAQ
          </Link>
          <Link to="/terms" className={linkClass}>
            Terms of Service
          </Link>
          <Link to="/privacy" className={linkClass}>
            Privacy Policy
          </Link>
        </nav>
        {socialUrl || partnerUrl ? (
          <nav aria-label="Elsewhere" className="flex flex-col gap-2.5">
            <h2 className="text-xs font-semibold tracking-wide text-foreground uppercase">Elsewhere</h2>
            {socialUrl ? <ExternalLink href={socialUrl}>{socialLabel(socialUrl)}</ExternalLink> : null}
            {partnerUrl ? (
              <ExternalLink href={partnerUrl}>{`KOL scores by ${partnerName}`}</ExternalLink>
            ) : null}
          </nav>
        ) : null}
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted sm:px-6">
          © {new Date().getFullYear()} {siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
