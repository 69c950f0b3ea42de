import type { TReactionEmoji } from "@plugs/domain";
import { desc, eq, isNull } from "drizzle-orm";
import type { TDeps } from "../context.ts";
import { postComments, posts } from "../db/schema/index.ts";
import { createComment } from "../features/comments/create-comment.ts";
import { likeComment } from "../features/comments/like-comment.ts";
import { addReaction } from "../features/comments/react-to-comment.ts";
import { demoViewers } from "./seed-users.ts";

type TScriptedThread = {
  by: string;
  text: string;
  reactions: [string, TReactionEmoji][];
  likes: string[];
  replies: { by: string; text: string; reactions: [string, TReactionEmoji][] }[];
};

/** Conversations between the demo people (fictional), written through the same services as the API. */
const THREADS: TScriptedThread[] = [
  {
    by: "mateo_defi",
    text: "Solid write-up. Did anyone check who holds the LP tokens?",
    reactions: [
      ["kofi_builds", "👍"],
      ["priya_yield", "🧠"],
      ["sara_rugwatch", "🔥"],
    ],
    likes: ["ava_onchain", "kofi_builds"],
    replies: [
      {
        by: "sara_rugwatch",
        text: "Locked for 12 months, I checked the locker contract this morning.",
        reactions: [["mateo_defi", "💯"]],
      },
      { by: "mateo_defi", text: "@sara_rugwatch thanks, that settles it for me.", reactions: [] },
    ],
  },
  {
    by: "jonas_charts",
    text: "Volume is up 4x this week. Either real demand or wash trading, hard to tell yet.",
    reactions: [
      ["priya_yield", "📈"],
      ["noah_hodl", "📈"],
      ["amara_alpha", "😮"],
    ],
    likes: ["priya_yield"],
    replies: [
      {
        by: "priya_yield",
        text: "Most of it is two wallets trading back and forth. Wash trading.",
        reactions: [
          ["jonas_charts", "👏"],
          ["lena_solana", "🔥"],
        ],
      },
    ],
  },
  {
    by: "lena_solana",
    text: "Reminder: never sign a transaction you cannot read. Stay safe out there.",
    reactions: [
      ["ava_onchain", "❤️"],
      ["kofi_builds", "❤️"],
      ["diego_validator", "🧘"],
    ],
    likes: ["diego_validator", "tomasz_l2", "mei_mints"],
    replies: [],
  },
];

/**
 * Comments, replies, likes and reactions from the demo people on the two newest public posts (creating two demo
 * posts when there are none yet). Idempotent: a post that already has comments is left alone.
 */
export async function seedComments(deps: TDeps, log: (line: string) => void) {
  const as = await demoViewers(deps);

  let targets = await deps.db
    .select({ id: posts.id })
    .from(posts)
    .where(isNull(posts.communityId))
    .orderBy(desc(posts.createdAt))
    .limit(2);
  if (targets.length === 0) {
    targets = await deps.db
      .insert(posts)
      .values([
        {
          userId: as("ava_onchain").id,
          content: "New launch this week claims a locked liquidity pool. What do we think: plug or rug?",
        },
        {
          userId: as("kofi_builds").id,
          content: "Shipped my first audit checklist for small teams. Feedback welcome!",
        },
      ])
      .returning({ id: posts.id });
    log("  2 demo posts created to hold the conversations");
  }

  let written = 0;
  for (const [n, post] of targets.entries()) {
    const [existing] = await deps.db
      .select({ id: postComments.id })
      .from(postComments)
      .where(eq(postComments.postId, post.id))
      .limit(1);
    if (existing) {
      log(`  post ${n + 1}: already has comments, left as it is`);
      continue;
    }
    // The first post gets the first two threads, the second the third.
    for (const thread of n === 0 ? THREADS.slice(0, 2) : THREADS.slice(2)) {
      const top = await createComment(deps, as(thread.by), post.id, {
        content: thread.text,
        parentId: null,
        attachments: [],
        gifs: [],
      });
      written++;
      for (const [who, emoji] of thread.reactions) await addReaction(deps, as(who), top.id, emoji);
      for (const who of thread.likes) await likeComment(deps, as(who), top.id);
      for (const reply of thread.replies) {
        const made = await createComment(deps, as(reply.by), post.id, {
          content: reply.text,
          parentId: top.id,
          attachments: [],
          gifs: [],
        });
        written++;
        for (const [who, emoji] of reply.reactions) await addReaction(deps, as(who), made.id, emoji);
      }
    }
    log(`  post ${n + 1}: comments, replies, likes and reactions written`);
  }
  return { written, postIds: targets.map((t) => t.id) };
}
