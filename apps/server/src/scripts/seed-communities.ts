import { communityInitials } from "@plugs/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { TDeps } from "../context.ts";
import { communities } from "../db/schema/index.ts";
import { createCommunity } from "../features/communities/create-community.ts";
import { joinCommunity } from "../features/communities/join-community.ts";
import { createPost } from "../features/posts/create-post.ts";
import { gradient, renderBanner } from "./seed-images.ts";
import { demoViewers } from "./seed-users.ts";

type TDemoCommunity = {
  name: string;
  slug: string;
  description: string;
  rules: string;
  /** Two colours for the avatar and banner gradients. */
  colors: [string, string];
  creator: string;
  members: string[];
  posts: [string, string][];
};

/** Fictional communities of the demo people, with members and a few posts each. */
const DEMO_COMMUNITIES: TDemoCommunity[] = [
  {
    name: "Solana Builders",
    slug: "solana-builders",
    description: "People shipping on Solana: programs, indexers, wallets. Share what works and what breaks.",
    rules: "Be kind and specific.\nNo token shilling.\nShare sources and code, not screenshots of gains.",
    colors: ["#7c3aed", "#14b8a6"],
    creator: "lena_solana",
    members: ["kofi_builds", "diego_validator", "mei_mints", "ava_onchain"],
    posts: [
      ["lena_solana", "Welcome! Tell us what you are building this month."],
      ["kofi_builds", "Our indexer now backfills a day of blocks in 40 minutes. Writing up how next week."],
    ],
  },
  {
    name: "Rug Watch",
    slug: "rug-watch",
    description:
      "Spotting rugs before they pull: liquidity locks, mint authority, team wallets and honeypots.",
    rules:
      "Evidence first: link the contract or transaction.\nNo harassment of named people.\nNo calls to buy or sell.",
    colors: ["#dc2626", "#f59e0b"],
    creator: "sara_rugwatch",
    members: ["mateo_defi", "priya_yield", "amara_alpha", "noah_hodl", "jonas_charts"],
    posts: [
      [
        "sara_rugwatch",
        "Checklist before you ape: LP locked? Mint authority revoked? Top 10 holders under 30%?",
      ],
      [
        "mateo_defi",
        "Saw a token this morning with a 99% sell tax hidden in a proxy. Read the code, always.",
      ],
    ],
  },
  {
    name: "DeFi Yield Lab",
    slug: "defi-yield-lab",
    description: "Where the yield comes from, what it costs, and when it is too good to be true.",
    rules: "Show your maths.\nDisclose your positions.\nNo referral links.",
    colors: ["#2563eb", "#22c55e"],
    creator: "priya_yield",
    members: ["mateo_defi", "tomasz_l2", "jonas_charts"],
    posts: [["priya_yield", "A 40% APY paid in the farm's own token is a price bet, not a yield. Discuss."]],
  },
  {
    name: "Layer 2 Lounge",
    slug: "layer-2-lounge",
    description: "Rollups, bridges and fees: comparing the chains built on top of Ethereum.",
    rules: "Stay on topic.\nNo bridge support requests, use the official channels.\nBe civil.",
    colors: ["#db2777", "#6366f1"],
    creator: "tomasz_l2",
    members: ["ava_onchain", "noah_hodl"],
    posts: [["tomasz_l2", "Fees this week: what did your last swap cost on each rollup?"]],
  },
];

/** A square avatar: the community's initials on its gradient. */
async function renderCommunityAvatar(name: string, colors: [string, string]): Promise<File> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">${gradient(colors)}
  <rect width="256" height="256" fill="url(#g)"/>
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
    font-size="100" font-weight="700" fill="#ffffff">${communityInitials(name)}</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return new File([new Uint8Array(png)], "avatar.png", { type: "image/png" });
}

/**
 * Creates the demo communities through the same services as the API (branding versions, creator membership, rules
 * acceptance), has demo people join them and write a few posts. Idempotent: a community whose slug exists is left
 * alone.
 */
export async function seedCommunities(deps: TDeps, log: (line: string) => void) {
  const as = await demoViewers(deps);

  let created = 0;
  for (const [i, demo] of DEMO_COMMUNITIES.entries()) {
    const step = `  [${i + 1}/${DEMO_COMMUNITIES.length}] ${demo.name.padEnd(16)}`;
    const [existing] = await deps.db
      .select({ id: communities.id })
      .from(communities)
      .where(eq(communities.slug, demo.slug));
    if (existing) {
      log(`${step} already there`);
      continue;
    }
    const { community, warnings } = await createCommunity(deps, as(demo.creator), {
      name: demo.name,
      description: demo.description,
      rules: demo.rules,
      avatar: await renderCommunityAvatar(demo.name, demo.colors),
      banner: await renderBanner(demo.colors),
    });
    for (const warning of warnings) log(`${step} ${warning}`);
    for (const member of demo.members) {
      await joinCommunity(deps, as(member), community.id, { acceptRules: true });
    }
    for (const [author, content] of demo.posts) {
      await createPost(deps, as(author), {
        content,
        communityId: community.id,
        media: [],
        gifs: [],
        mediaAlt: [],
      });
    }
    created++;
    log(
      `${step} created, ${demo.members.length + 1} members, ${demo.posts.length} ${demo.posts.length === 1 ? "post" : "posts"}`,
    );
  }
  return { created, total: DEMO_COMMUNITIES.length };
}
