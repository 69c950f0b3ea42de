import {
  ArrowRight,
  Flag,
  MessagesSquare,
  ShieldCheck,
  ThumbsDown,
  ThumbsUp,
  Trophy,
  Users,
  Vote,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { useSession } from "../auth/session.ts";
import { usePageTitle, useSite } from "../site/queries.ts";
import { HomeLists } from "./home-lists.tsx";

function VerdictCard({
  tone,
  icon,
  title,
  children,
  links,
}: {
  tone: "plug" | "rug";
  icon: ReactNode;
  title: string;
  children: ReactNode;
  links: { label: string; to: string }[];
}) {
  return (
    <article
      className={cn(
        "relative overflow-hidden rounded-2xl border bg-surface p-6 shadow-panel",
        tone === "plug" ? "border-plug/30" : "border-rug/30",
      )}
    >
      <div
        aria-hidden
        className={cn("absolute inset-x-0 top-0 h-1", tone === "plug" ? "bg-plug" : "bg-rug")}
      />
      <div className="flex items-center gap-3">
        <span
          className={cn(
            "flex size-10 items-center justify-center rounded-xl [&_svg]:size-5",
            tone === "plug" ? "bg-plug-soft text-plug" : "bg-rug-soft text-rug",
          )}
        >
          {icon}
        </span>
        <h2 className="text-xl font-bold tracking-tight">{title}</h2>
      </div>
      <p className="mt-3 text-sm leading-relaxed text-muted">{children}</p>
      <div className="mt-5 flex flex-wrap gap-x-5 gap-y-2">
        {links.map((link) => (
          <Link
            key={link.to}
            to={link.to}
            className={cn(
              "inline-flex items-center gap-1 rounded text-sm font-semibold hover:underline",
              tone === "plug" ? "text-plug" : "text-rug",
            )}
          >
            {link.label} <ArrowRight className="size-4" aria-hidden />
          </Link>
        ))}
      </div>
    </article>
  );
}

const STEPS = [
  {
    icon: Flag,
    title: "Report with evidence",
    text: "Got rugged after a KOL's call? File a report with screenshots, links, the contract address or the transaction.",
  },
  {
    icon: Vote,
    title: "The community weighs in",
    text: "Members vote plug or rug, and moderators check every report before it counts against anyone.",
  },
  {
    icon: Trophy,
    title: "Earn points",
    text: "Approved reports, votes, reactions and referrals earn points. Climb the leaderboard and enter giveaways.",
  },
];

/** The landing page: what the site is and where to go next. */
export default function HomePage() {
  usePageTitle();
  const { siteName } = useSite();
  const { session, isPending } = useSession();
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <section className="flex flex-col items-center py-16 text-center sm:py-24">
        <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-xs font-semibold text-muted">
          <ShieldCheck className="size-3.5 text-plug" aria-hidden />
          Community-rated KOLs, evidence on show
        </p>
        <h1 className="mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          Know who's a <span className="text-plug">plug</span> before you get{" "}
          <span className="text-rug">rugged</span>.
        </h1>
        <p className="mt-5 max-w-2xl text-base text-pretty text-muted sm:text-lg">
          {siteName} is where the crypto community rates key opinion leaders, plug or rug, and backs every
          call with evidence anyone can read. Talk it through on PlugFeed and earn points for reports that
          hold up.
        </p>
        <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to="/plugfeed">
              <MessagesSquare aria-hidden /> Open PlugFeed
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/kols">
              <Users aria-hidden /> Browse KOLs
            </Link>
          </Button>
        </div>
      </section>

      <section aria-label="Plugs and rugs" className="grid gap-5 md:grid-cols-2">
        <VerdictCard
          tone="plug"
          icon={<ThumbsUp aria-hidden />}
          title="Plugs"
          links={[
            { label: "All Plugs", to: "/plugs" },
            { label: "Plug of Fame", to: "/plug-of-fame" },
          ]}
        >
          KOLs whose calls and conduct earned the community's trust: they disclose paid promotions, share
          their reasoning and don't dump on the people who follow them.
        </VerdictCard>
        <VerdictCard
          tone="rug"
          icon={<ThumbsDown aria-hidden />}
          title="Rugs"
          links={[
            { label: "All Rugs", to: "/rugs" },
            { label: "Rug of Shame", to: "/rug-of-shame" },
          ]}
        >
          KOLs with approved reports of pump-and-dumps, undisclosed promotions or projects that vanished with
          their holders' money, each backed by evidence you can check yourself.
        </VerdictCard>
      </section>

      <HomeLists />

      <section aria-labelledby="how-it-works" className="py-16 sm:py-20">
        <h2 id="how-it-works" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          How it works
        </h2>
        <ol className="mt-10 grid gap-5 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-border bg-surface p-6">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-lg bg-accent-soft text-accent">
                  <step.icon className="size-5" aria-hidden />
                </span>
                <span className="text-xs font-semibold text-muted">Step {index + 1}</span>
              </div>
              <h3 className="mt-4 text-base font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      {session || isPending ? null : (
        <section className="flex flex-col items-center gap-5 rounded-2xl border border-border bg-surface px-6 py-10 text-center sm:flex-row sm:justify-between sm:text-left">
          <div>
            <h2 className="text-xl font-bold tracking-tight">Join the community</h2>
            <p className="mt-1 text-sm text-muted">
              Post on PlugFeed, vote on KOLs, file reports and start earning points.
            </p>
          </div>
          <Button asChild size="lg">
            <Link to="/signup">Sign Up</Link>
          </Button>
        </section>
      )}
    </div>
  );
}
