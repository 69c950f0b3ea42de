import { ArrowLeft, CircleHelp, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { usePageTitle } from "../features/site/queries.ts";
import { Button } from "./ui/button.tsx";

type TProps = {
  /** The tab title, e.g. "Leaderboard". */
  pageTitle: string;
  /** Who or what is not open, e.g. "The leaderboard" ("The leaderboard isn't open yet"). */
  area: string;
  /** Plural areas read "aren't open yet". */
  plural?: boolean;
  /** One line on what the area will hold. */
  description: string;
  icon: LucideIcon;
};

/**
 * The honest page for an area whose screens are not built yet: it says so, says what the area will hold, and offers
 * a way back. Each area's route module renders this until its real screens replace it.
 */
export function NotOpenYetPage({ pageTitle, area, plural = false, description, icon: Icon }: TProps) {
  usePageTitle(pageTitle);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="flex size-14 items-center justify-center rounded-2xl border border-border bg-surface text-accent shadow-panel">
        <Icon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {area} {plural ? "aren't" : "isn't"} open yet
      </h1>
      <p className="mt-3 text-base text-pretty text-muted">{description}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">
            <ArrowLeft aria-hidden /> Back to home
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/faq">
            <CircleHelp aria-hidden /> Read the FAQ
          </Link>
        </Button>
      </div>
    </section>
  );
}
