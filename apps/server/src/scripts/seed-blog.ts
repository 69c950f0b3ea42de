import { eq } from "drizzle-orm";
import type { TDeps } from "../context.ts";
import { blogArticles, blogCategories } from "../db/schema/index.ts";
import { createArticle } from "../features/blog/admin-articles.ts";
import { createCategory } from "../features/blog/admin-categories.ts";
import { DEMO_ADMIN, demoViewers } from "./seed-users.ts";

/** Categories of the demo blog. */
const SEED_CATEGORIES = [
  {
    slug: "investigations",
    name: "Investigations",
    description: "How rugs were pulled, step by step, from the chain's own records.",
  },
  {
    slug: "guides",
    name: "Guides",
    description: "Checks anyone can run before trusting a token, a wallet or a caller.",
  },
  {
    slug: "announcements",
    name: "Announcements",
    description: "News about Plugs & Rugs: features, rewards and the community.",
  },
];

type TSeedArticle = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  featured?: boolean;
  /** Days before today it was published. */
  daysAgo: number;
  body: string;
};

/** Fictional articles: every project, wallet and person named here is made up. */
const SEED_ARTICLES: TSeedArticle[] = [
  {
    slug: "anatomy-of-the-moonfrog-rug",
    title: "Anatomy of the Moonfrog rug",
    excerpt:
      "A token that doubled in an hour and went to zero in one block: what the deployer's wallet did, in order.",
    category: "investigations",
    tags: ["Rug pulls", "Liquidity", "Solana"],
    featured: true,
    daysAgo: 2,
    body: `Moonfrog (a fictional token) launched on a Tuesday with a website, a mascot and a countdown. Fifty-three minutes later its liquidity pool held nothing but dust. This is what the chain recorded.

## The setup

The deployer funded a fresh wallet from an exchange, minted one billion tokens and kept **92%** of them across eleven wallets that all received their first lamports from the same address within two minutes.

- The mint authority was never revoked.
- The liquidity tokens were not burned or locked; they stayed in the deployer's wallet.
- Three callers posted the contract within five minutes of each other.

## The pull

At minute 53 the deployer removed the whole pool in a single transaction and swapped the tokens in its eleven wallets into the remaining buyers' orders.

> A lock you cannot verify on-chain is not a lock.

## What would have warned you

1. A mint authority still set.
2. Liquidity tokens held by a normal wallet.
3. Holders funded from one source.

The callers who pushed it are listed on their KOL pages:

/kol/luna_ledger

## Takeaway

Every one of these checks takes less than a minute with a block explorer. Our guide on [reading a holder list](/blog/reading-a-token-holder-list) walks through them.`,
  },
  {
    slug: "reading-a-token-holder-list",
    title: "Reading a token's holder list in five minutes",
    excerpt: "Top holders, their funding and their age tell you most of what a chart will not.",
    category: "guides",
    tags: ["Guides", "Due diligence"],
    daysAgo: 6,
    body: `Before you buy anything, open its holder list. It is public, and it is the best five minutes you will spend.

## Who holds the supply

Add up the top ten holders, leaving out the liquidity pool and known exchange wallets. Above **40%** deserves a very good reason.

## Where their money came from

Open each top wallet and look at its first incoming transfer. Many wallets funded by one address within minutes are one person.

## How old they are

Wallets created the day of the launch, holding nothing else, are rarely long-term believers.

## Put it together

| Check | Fine | Worry |
| --- | --- | --- |
| Top 10 share | under 25% | over 40% |
| Funding | varied | one source |
| Wallet age | months | hours |

None of this proves a rug is coming. It tells you how much you are trusting one person.`,
  },
  {
    slug: "signatures-that-drain-wallets",
    title: "The signatures that drain wallets",
    excerpt: "Approvals, permits and blind signing: three ways a single click hands over everything.",
    category: "guides",
    tags: ["Wallet safety", "Guides"],
    daysAgo: 11,
    body: `Most drained wallets were not hacked. Their owners signed something.

## Unlimited approvals

An approval lets a contract move your tokens. Many sites ask for an unlimited amount by default. Revoke the ones you no longer use.

## Off-chain permits

A permit is a signed message, not a transaction: no fee, no warning, and the same power as an approval.

## Blind signing

If your wallet shows you a hash instead of what the transaction does, you are signing blind. Don't.

\`\`\`text
Rule of thumb: if you cannot read what you sign, do not sign it.
\`\`\``,
  },
  {
    slug: "the-copy-paste-presale",
    title: "The copy-paste presale",
    excerpt:
      "Four presales, four logos, one contract: how a fictional team reused the same trap for a month.",
    category: "investigations",
    tags: ["Rug pulls", "Presales"],
    daysAgo: 17,
    body: `Between March and April, four presales ran with different names, logos and roadmaps. Their contracts were byte-for-byte the same.

## The pattern

Each presale collected deposits for a week, announced a launch date, then moved the deposits to a bridge two hours before it.

## The tell

The contracts shared an unusual owner-only function, \`emergencyWithdraw\`, with no time lock.

## What we did

The projects are listed on the Rug of Shame with the evidence that members reported.`,
  },
  {
    slug: "rewards-are-here",
    title: "Rewards are here: giveaways you can verify",
    excerpt: "Spend points on giveaways whose draw anyone can check, seed and all.",
    category: "announcements",
    tags: ["Announcements", "Rewards"],
    daysAgo: 24,
    body: `Points now buy entries into giveaways, and every draw can be checked by anyone.

## How the draw works

When a giveaway is published we show the SHA-256 of a secret seed. At the end the seed is revealed and the winners follow from it and the list of entrants, so nobody, us included, could pick them.

## Where to start

Open [Rewards](/rewards), pick a giveaway and press **Verify** after the draw.`,
  },
];

/** The demo blog: three categories and five published articles, one featured, spread over the past weeks. */
export async function seedBlog(
  deps: TDeps,
  log: (line: string) => void,
): Promise<{ created: number; total: number }> {
  const viewerOf = await demoViewers(deps);
  const admin = viewerOf(DEMO_ADMIN.username);
  const categoryIds = new Map<string, string>();
  for (const category of SEED_CATEGORIES) {
    const [existing] = await deps.db
      .select({ id: blogCategories.id })
      .from(blogCategories)
      .where(eq(blogCategories.slug, category.slug));
    categoryIds.set(category.slug, existing?.id ?? (await createCategory(deps, admin, category)).id);
  }
  let created = 0;
  for (const { daysAgo, category, featured, ...article } of SEED_ARTICLES) {
    const [existing] = await deps.db
      .select({ id: blogArticles.id })
      .from(blogArticles)
      .where(eq(blogArticles.slug, article.slug));
    if (existing) continue;
    const made = await createArticle(deps, admin, {
      ...article,
      categoryId: categoryIds.get(category) ?? null,
      status: "published",
      featured: featured ?? false,
    });
    const publishedAt = new Date(Date.now() - daysAgo * 86_400_000);
    await deps.db
      .update(blogArticles)
      .set({ publishedAt, createdAt: publishedAt, updatedAt: publishedAt })
      .where(eq(blogArticles.id, made.id));
    log(`  ${article.title}`);
    created += 1;
  }
  return { created, total: SEED_ARTICLES.length };
}
