import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TDeps } from "../context.ts";
import { kolVotes, postComments, posts, reports } from "../db/schema/index.ts";
import { createComment } from "../features/comments/create-comment.ts";
import { followUser } from "../features/follows/follow-user.ts";
import { castVote } from "../features/kols/vote.ts";
import { createPost } from "../features/posts/create-post.ts";
import { likePost } from "../features/posts/like-post.ts";
import { reviewReport } from "../features/reports/review-report.ts";
import { submitReport } from "../features/reports/submit-report.ts";
import { renderChart } from "./seed-images.ts";
import { DEMO_ADMIN, DEMO_USERS, demoViewers } from "./seed-users.ts";

/** What the demo people post on PlugFeed (fictional; a mention names another demo person or a demo KOL). */
const POSTS = [
  "gm. Reminder that a locked LP means nothing if the team holds 40% of the supply.",
  "Read the whole audit before you quote it. Page 14 had two high-severity findings nobody mentions.",
  "Just moved everything to a hardware wallet. Took 20 minutes. Should have done it a year ago.",
  "Anyone else seeing @pumpking_ape shill the same token in three different channels today?",
  "The bridge I use most just published a post-mortem. Short version: a signer key was reused. Read it.",
  "Fees on my last swap: 0.3 cents. We have come a long way from 2021.",
  "Hot take: most 'yield' this cycle is emissions with extra steps.",
  "Thanks @sara_rugwatch for the checklist, it saved me from a honeypot this morning.",
  "New validator is live. 100% uptime for the first week, fingers crossed.",
  "If a project's only utility is 'community', ask who is selling to that community.",
  "Weekly reminder: revoke token approvals you no longer use. It takes two minutes.",
  "Spent the weekend reading @luna_ledger's thread on unlock schedules. Genuinely useful.",
  "Mint authority not revoked, freeze authority not revoked, 'trust me bro' in the docs. Pass.",
  "Our indexer now handles reorgs gracefully. Writing up how we did it.",
  "Airdrop farming is a job now. Budget your time like one.",
  "Watched a wallet drain live on the explorer today. Approvals are the attack surface.",
  "DAO vote closes tomorrow: read the proposal, not the tweet about the proposal.",
  "Small win: my first merged PR to an open-source wallet.",
  "Charts say breakout, on-chain says two wallets trading with each other. Trust the chain.",
  "Cold storage setup guide for my parents, finally done. Happy to share the template.",
  "@rektangle posted another liquidation as a 'lesson'. The lesson is position sizing.",
  "Market makers are not evil, but read what the token's deal with them says.",
  "Solana fees spiked for an hour, then back to normal. Priority fees did their job.",
  "If someone DMs you first about a 'support ticket', it is a scam. Every time.",
  "Which wallet do you trust for hardware signing on mobile? Asking for a workshop.",
  "Backtested a 'can't lose' strategy from a paid group. It lost 38% over two years.",
  "Reading the new zk rollup docs. The proving times are getting real.",
  "Oracle lag caused a bad liquidation on a small lending market last night. Worth studying.",
  "Tax season prep: export your history now, not in April.",
  "A token with 99% of supply in five wallets is not decentralised, whatever the site says.",
  "Grants round opens next week. Builders, polish your READMEs.",
  "Took a week off crypto Twitter. Portfolio unchanged, mood much better.",
];

/** Replies the demo people leave under posts. */
const COMMENTS = [
  "Agreed. Saved this.",
  "Do you have a link to the contract? I want to check the holders.",
  "This is the kind of post I come here for.",
  "Same experience here, thanks for writing it up.",
  "Counterpoint: the team did lock their tokens for two years.",
  "Bookmarking for the next newcomer who asks.",
  "Happened to a friend last month. Please share this widely.",
  "What tool did you use for that?",
];

/** The chart pairs the picture posts show. */
const PAIRS = ["SOL / USDC", "ETH / USDC", "JUP / SOL", "BONK / SOL", "ARB / ETH", "WIF / SOL"];

/** Extra reports from the crowd about the demo KOLs that rugged, approved by the demo admin. */
const CROWD_REPORTS = [
  {
    by: "jin_rugpull",
    kol: "pumpking_ape",
    description:
      "Promoted a token as 'doxxed team, locked liquidity' while the liquidity was unlocked and pulled two days later.",
  },
  {
    by: "nadia_sec",
    kol: "airdrop_angel",
    description:
      "Replies under wallet announcements with a fake claim page; the page asks for a signature that approves a drainer.",
  },
  {
    by: "rosa_research",
    kol: "rektangle",
    description:
      "Sold a paid 'signals' group whose calls were front-run by a wallet funded from his own public address.",
  },
  {
    by: "ola_community",
    kol: "moonshot_max",
    description:
      "Did not disclose being paid for a launch he called 'organic'; the payment is visible from the project's treasury.",
  },
];

const HOUR = 3_600_000;

/**
 * A few weeks of life on the site, from the demo crowd: follows between people, public posts spread over the last six
 * weeks (some with a chart picture and its alt text), likes and comments on them, votes on the demo KOLs and a few
 * more approved reports. Every write goes through the services the API uses (points, counters, notifications); the
 * dates are then moved back so lists and charts show the spread. Idempotent: when the crowd has posted, it is left
 * alone.
 */
export async function seedActivity(deps: TDeps, log: (line: string) => void) {
  const as = await demoViewers(deps);
  const people = DEMO_USERS.map((u) => u.username);
  const [first] = await deps.db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.userId, as(people[people.length - 1] as string).id), isNull(posts.communityId)))
    .limit(1);
  if (first) {
    log("  already there");
    return { posts: 0, follows: 0, likes: 0, comments: 0, votes: 0 };
  }
  const pick = (i: number) => people[i % people.length] as string;

  // Follows: everyone follows the next few people along, and the first twelve are followed more.
  let follows = 0;
  for (const [i, person] of people.entries()) {
    const targets = new Set([pick(i + 1), pick(i + 3), pick(i + 7), pick(i % 12), pick((i * 5) % 12)]);
    targets.delete(person);
    for (const target of targets) {
      await followUser(deps, as(person), target);
      follows++;
    }
  }
  log(`  follows: ${follows}`);

  // Posts, newest first, one every 21 hours or so back over six weeks.
  const made: { id: string; author: string; at: Date }[] = [];
  const total = POSTS.length + 16;
  for (let i = 0; i < total; i++) {
    const author = pick(i * 7 + 3);
    const text = POSTS[i % POSTS.length] as string;
    const chart = i % 4 === 1;
    const pair = PAIRS[i % PAIRS.length] as string;
    const trend = ((i * 37) % 11) / 5 - 1;
    const post = await createPost(deps, as(author), {
      content: i < POSTS.length ? text : `${text} (still true)`,
      communityId: null,
      media: chart ? [await renderChart(i + 1, pair, trend, trend >= 0 ? "#34d67f" : "#f05252")] : [],
      gifs: [],
      mediaAlt: chart ? [`${pair} price chart over two months, ${trend >= 0 ? "rising" : "falling"}`] : [],
    });
    made.push({ id: post.id, author, at: new Date(Date.now() - (i * 21 + (i % 5)) * HOUR) });
    if ((i + 1) % 12 === 0 || i + 1 === total) log(`  posts: ${i + 1}/${total}`);
  }

  // Likes and comments, then every date moved back to the post's day.
  let likes = 0;
  let comments = 0;
  for (const [i, post] of made.entries()) {
    const likers = (i * 5) % 13;
    for (let k = 0; k < likers; k++) {
      const who = pick(i + k * 3 + 1);
      if (who === post.author) continue;
      await likePost(deps, as(who), post.id);
      likes++;
    }
    if (i % 3 === 0) {
      for (let k = 0; k < 1 + (i % 2); k++) {
        const who = pick(i * 3 + k + 5);
        await createComment(deps, as(who), post.id, {
          content: COMMENTS[(i + k) % COMMENTS.length] as string,
          parentId: null,
          attachments: [],
          gifs: [],
        });
        comments++;
      }
    }
    await deps.db.update(posts).set({ createdAt: post.at, updatedAt: post.at }).where(eq(posts.id, post.id));
    await deps.db
      .update(postComments)
      .set({ createdAt: sql`${post.at.toISOString()}::timestamptz + interval '3 hours'` })
      .where(eq(postComments.postId, post.id));
  }
  log(`  likes: ${likes}, comments: ${comments}`);

  // The crowd's votes on the demo KOLs: the first nine are mostly plugs, the last three rugs.
  const plugs = ["luna_ledger", "gwei_whisperer", "yield_yoda", "cipher_sage", "degen_dana", "alpha_oracle"];
  const rugs = ["pumpking_ape", "airdrop_angel", "rektangle"];
  const crowd = people.slice(12);
  let votes = 0;
  for (const [i, person] of crowd.entries()) {
    await castVote(deps, as(person), plugs[i % plugs.length] as string, i % 5 === 0 ? "rug" : "plug");
    await castVote(deps, as(person), rugs[i % rugs.length] as string, "rug");
    votes += 2;
  }
  const crowdIds = crowd.map((p) => as(p).id);
  await deps.db
    .update(kolVotes)
    .set({ createdAt: sql`now() - (abs(hashtext(${kolVotes.userId}::text)) % 60) * interval '1 day'` })
    .where(inArray(kolVotes.userId, crowdIds));
  const admin = as(DEMO_ADMIN.username);
  for (const [i, r] of CROWD_REPORTS.entries()) {
    const report = await submitReport(deps, as(r.by), {
      kolHandle: r.kol,
      category: "scam_promotion",
      description: r.description,
      evidenceUrls: [`https://archive.example/${r.kol}-${i + 1}`],
      contractAddress: null,
      txHash: null,
      screenshotCount: 0,
      screenshots: [],
    });
    await reviewReport(deps, admin, report.id, { status: "approved" });
    await deps.db
      .update(reports)
      .set({ createdAt: new Date(Date.now() - (i * 9 + 4) * 24 * HOUR) })
      .where(eq(reports.id, report.id));
  }
  log(`  KOL votes: ${votes}, reports: ${CROWD_REPORTS.length}`);
  return { posts: made.length, follows, likes, comments, votes };
}
