import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { usePageTitle, useSite } from "../site/queries.ts";

type TQuestion = { q: string; a: ReactNode };

function questions(siteName: string): { topic: string; items: TQuestion[] }[] {
  return [
    {
      topic: "The basics",
      items: [
        {
          q: `What is ${siteName}?`,
          a: (
            <p>
              A community site where crypto traders rate key opinion leaders (KOLs) as plugs or rugs and back
              those ratings with evidence. Around it sit PlugFeed (a social feed), communities, a learning
              area, points and a leaderboard.
            </p>
          ),
        },
        {
          q: "What is a KOL?",
          a: (
            <p>
              A key opinion leader: someone whose posts move a crypto audience, typically on X, Telegram,
              Discord or YouTube. When a KOL calls a token, thousands of people may buy it within minutes, so
              their honesty matters.
            </p>
          ),
        },
        {
          q: "What makes someone a plug, and what makes a rug?",
          a: (
            <>
              <p>
                A <strong className="text-plug">plug</strong> is a KOL the community trusts: they disclose
                paid promotions, explain their calls and don't sell into the people who follow them.
              </p>
              <p>
                A <strong className="text-rug">rug</strong> is a KOL with approved reports against them:
                pump-and-dumps, undisclosed promotions, projects that vanished with holders' money. The name
                comes from a "rug pull", when a project's team drains its liquidity and disappears.
              </p>
            </>
          ),
        },
        {
          q: "Is anything here financial advice?",
          a: (
            <p>
              No. Ratings, reports, posts and leaderboards are the opinions of community members. They help
              you ask better questions; they are not a recommendation to buy or sell anything. Crypto assets
              can lose all their value. Do your own research.
            </p>
          ),
        },
      ],
    },
    {
      topic: "Reports and ratings",
      items: [
        {
          q: "How do I report a KOL?",
          a: (
            <p>
              Sign in and open <Link to="/report">Report</Link>. Name the KOL, choose what happened and
              describe it, then add your evidence: screenshots of their posts, links, the token's contract
              address or the transaction hash. Moderators review every report before it appears on a KOL's
              page.
            </p>
          ),
        },
        {
          q: "What evidence counts?",
          a: (
            <p>
              Anything another person can check: screenshots with dates, links to the original posts, on-chain
              addresses and transactions that show buying and selling around the call. Reports without
              evidence, or with evidence that has been edited, are rejected.
            </p>
          ),
        },
        {
          q: "How is a KOL's rating decided?",
          a: (
            <p>
              By two things together: the plug and rug votes of signed-in members (one vote per member per
              KOL) and the reports moderators have approved. The Plug of Fame and Rug of Shame show the
              clearest cases each way.
            </p>
          ),
        },
        {
          q: "I'm a KOL and I think my rating is wrong. What can I do?",
          a: (
            <p>
              Write to us through the <Link to="/contact">Contact</Link> page with your side and your
              evidence. We look again at the reports concerned, and remove any that do not hold up.
            </p>
          ),
        },
      ],
    },
    {
      topic: "Points and rewards",
      items: [
        {
          q: "What are points and how do I earn them?",
          a: (
            <>
              <p>Points recognise work that helps the community. You earn them for:</p>
              <ul>
                <li>reports that moderators approve;</li>
                <li>voting on KOLs and reacting to posts;</li>
                <li>friends who sign up with your referral link;</li>
                <li>closing empty token accounts with Sweep: 1000 points for each account closed.</li>
              </ul>
              <p>Admins also airdrop points for contributions such as contests or bug reports.</p>
            </>
          ),
        },
        {
          q: "What are points worth?",
          a: (
            <p>
              They place you on the <Link to="/leaderboard">Leaderboard</Link> and let you enter giveaways
              under <Link to="/rewards">Rewards</Link>. Points are not money, not a token and cannot be sold
              or transferred. Points earned by abuse (fake accounts, vote rings, false reports) are removed.
            </p>
          ),
        },
      ],
    },
    {
      topic: "Your account",
      items: [
        {
          q: "How do I keep my account safe?",
          a: (
            <p>
              Use a password you use nowhere else and turn on two-factor authentication in your dashboard. We
              will never ask for your seed phrase or private keys, and nobody from our team will message you
              first offering help with your wallet.
            </p>
          ),
        },
        {
          q: "How is content moderated?",
          a: (
            <p>
              Anyone can see what members post; admins remove posts and comments that break the{" "}
              <Link to="/terms">Terms of Service</Link> (scams, harassment, spam, false reports) and suspend
              or ban the accounts behind them. Community owners set their own rules on top.
            </p>
          ),
        },
        {
          q: "How do I delete my account?",
          a: (
            <p>
              In <Link to="/dashboard/security">Dashboard &gt; Security</Link>, choose "Delete my account" and
              enter your password. It is deleted 14 days later, and signing in before then cancels it. The{" "}
              <Link to="/privacy">Privacy Policy</Link> explains what is erased and what stays.
            </p>
          ),
        },
      ],
    },
  ];
}

export default function FaqPage() {
  usePageTitle("FAQ");
  const { siteName } = useSite();
  return (
    <div className={PAGE_WIDTH.reading}>
      <PageHeader
        eyebrow="Help"
        title="Frequently asked questions"
        lead="Plugs, rugs, reports, points and your account, in plain words."
      />
      <div className="mt-10 space-y-10">
        {questions(siteName).map((group) => (
          <section key={group.topic} aria-label={group.topic}>
            <h2 className="text-sm font-semibold tracking-wide text-muted uppercase">{group.topic}</h2>
            <div className="mt-3 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
              {group.items.map((item) => (
                <details key={item.q} className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium hover:bg-surface-2 [&::-webkit-details-marker]:hidden">
                    {item.q}
                    <ChevronDown
                      className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
                      aria-hidden
                    />
                  </summary>
                  <div className="space-y-3 px-5 pb-5 text-[0.95rem] leading-relaxed text-foreground/85 [&_a]:font-medium [&_a]:text-accent [&_a:hover]:underline [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
                    {item.a}
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
      <p className="mt-12 text-sm text-muted">
        Still stuck? Ask on{" "}
        <Link className="font-medium text-accent hover:underline" to="/plugfeed">
          PlugFeed
        </Link>{" "}
        or write to us through the{" "}
        <Link className="font-medium text-accent hover:underline" to="/contact">
          Contact
        </Link>{" "}
        page.
      </p>
    </div>
  );
}
