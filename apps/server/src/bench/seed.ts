import { createHash } from "node:crypto";
import { scoreKol } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import type { TDb } from "../db/client.ts";
import { queryRows } from "../db/query-rows.ts";

/*
 * The benchmark's data set, written by bulk SQL (generate_series), so even the default size takes minutes, not
 * hours. Ids are derived from row numbers (post n is md5('p' || n) as a uuid), so the runner can name posts and users
 * without asking the database while the server holds it. Shapes:
 *   users         bench_<n>, all with the same password (BENCH_PASSWORD); author skew: low n write most posts
 *   posts         70% public outside communities, 30% in one community; posts 1..HOT_POSTS are public and hot
 *   likes         every user likes the hot posts, then a spread of others (distinct pairs by construction)
 *   comments      hot posts get a tenth of all comments; every fifth comment is a reply to the one before it
 *   flags         every 20th post is in the moderation queue with 1 to 5 open flags
 *   kols          a third lean plug, a third rug, a third contested; each user votes on consecutive KOLs
 *   notifications follows, comments, points and mentions, round robin over users; the newest fifth unread
 *   counters      likes_count, comments_count, member_count, followers/following, points and KOL tallies
 */

export const BENCH_PASSWORD = "Bench-Password-1";
/** better-auth's scrypt hash of BENCH_PASSWORD (salt inside), shared by every bench account. */
const BENCH_PASSWORD_HASH =
  "13648ecd39af48ebf977a884bc6cca1c:24b1fae3f876516f5a6389685041df4e1f77a3edef32ed2efd429e456dbaed90dfdf09c9955c8d3cd81244fa331d0f00b50bcf82aae0f7a994d7a212bd6c1fb9";
export const HOT_POSTS = 3;

export type TBenchSize = {
  users: number;
  communities: number;
  posts: number;
  likes: number;
  comments: number;
  reactions: number;
  follows: number;
  memberships: number;
  ledger: number;
  kols: number;
  kolVotes: number;
  reports: number;
  notifications: number;
};

/** Row counts at a scale (1 = the issue's default); clamped so every pair stays distinct. */
export function benchSize(scale: number): TBenchSize {
  const n = (base: number, min: number) => Math.max(min, Math.round(base * scale));
  const users = n(10_000, 10);
  const communities = n(200, 2);
  const posts = n(200_000, 20);
  const comments = n(500_000, 10);
  const kols = n(2_000, 5);
  return {
    users,
    communities,
    posts,
    likes: Math.min(n(1_000_000, 10), users * posts),
    comments,
    reactions: Math.min(n(300_000, 5), comments),
    follows: Math.min(n(50_000, 10), users * (users - 1)),
    memberships: Math.min(n(100_000, 10), users * communities),
    ledger: n(1_000_000, 10),
    kols,
    kolVotes: Math.min(n(100_000, 10), users * kols),
    reports: n(20_000, 10),
    notifications: n(500_000, 10),
  };
}

/** md5(kind || n) as a version 4 uuid (the version and variant digits set), so zod's uuid checks accept it. */
const uuidOf = (kind: string, n: SQL) =>
  sql`overlay(overlay(md5(${kind} || ${n}) placing '4' from 13) placing '8' from 17)::uuid`;

/** uuidOf in JavaScript, for a fixture the runner names without asking the database. */
export function benchUuid(kind: string, n: number): string {
  const h = createHash("md5").update(`${kind}${n}`).digest("hex");
  const v = `${h.slice(0, 12)}4${h.slice(13, 16)}8${h.slice(17)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

/** Whether post n (1-based) is public outside communities (the runner picks like and comment targets from these). */
export function isPublicPost(n: number): boolean {
  return n <= HOT_POSTS || n % 10 >= 3;
}

/** Seeds an empty, migrated database. `log` gets a line per step with its time. */
export async function seedBench(db: TDb, size: TBenchSize, log: (line: string) => void = () => {}) {
  const { users: U, communities: C, posts: P } = size;
  const step = async (what: string, query: SQL) => {
    const started = performance.now();
    await db.execute(query);
    log(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };
  const userId = (n: SQL) => uuidOf("u", n);

  await step(
    `${U} users`,
    sql`insert into users (id, name, email, email_verified, username, display_username)
      select ${userId(sql`g`)}, 'bench_' || g, 'bench' || g || '@bench.test', true, 'bench_' || g, 'bench_' || g
      from generate_series(1, ${U}) g`,
  );
  await step(
    "profiles and passwords",
    sql`with p as (insert into profiles (id, username, created_at)
        select ${userId(sql`g`)}, 'bench_' || g, now() - interval '400 days' from generate_series(1, ${U}) g)
      insert into accounts (account_id, provider_id, user_id, password)
      select ${userId(sql`g`)}::text, 'credential', ${userId(sql`g`)}, ${BENCH_PASSWORD_HASH}
      from generate_series(1, ${U}) g`,
  );
  await step(
    `${C} communities`,
    sql`insert into communities (id, name, slug, community_description, community_rules, created_at)
      select ${uuidOf("c", sql`g`)}, 'Bench community ' || g, 'bench-community-' || g,
        'A community for benchmark number ' || g, 'Be kind.', now() - (g * interval '1 hour')
      from generate_series(1, ${C}) g`,
  );
  // Each user joins memberships/U communities from a skewed start, so low-numbered communities are popular.
  await step(
    `${size.memberships} memberships`,
    sql`insert into community_members (community_id, user_id, accepted_rules_version, joined_at)
      select ${uuidOf("c", sql`(1 + ((floor(power(((u * 0.618034) % 1), 2) * ${C})::int + j) % ${C}))`)},
        ${userId(sql`u`)}, 1, now() - interval '300 days'
      from (select 1 + g % ${U} as u, g / ${U} as j from generate_series(0, ${size.memberships - 1}) g) s`,
  );
  // Follows: each user follows the next few users (distinct, never themselves).
  await step(
    `${size.follows} follows`,
    sql`insert into follows (follower_id, followed_id)
      select ${userId(sql`f`)}, ${userId(sql`(1 + (f + j) % ${U})`)}
      from (select 1 + g % ${U} as f, g / ${U} as j from generate_series(0, ${size.follows - 1}) g) s`,
  );
  await step(
    `${P} posts`,
    sql`insert into posts (id, user_id, content, community_id, created_at, updated_at)
      select ${uuidOf("p", sql`g`)}, ${userId(sql`(1 + floor(power(random(), 2) * ${U})::int)`)},
        'Bench post number ' || g || ': is this one a plug or a rug? Thoughts welcome.',
        case when g > ${HOT_POSTS} and g % 10 < 3 then ${uuidOf("c", sql`(1 + g % ${C})`)} end,
        t, t
      from generate_series(1, ${P}) g
      cross join lateral (select now() - interval '365 days' * (((g::bigint * 7919) % ${P}) / ${P}::float8) as t) ts`,
  );
  // Flags: every 20th post flagged by 1 to 5 members (the moderation queue's items, open_flags as counted).
  await step(
    "flags",
    sql`with items as (
        insert into moderation_items (post_id, open_flags, last_flagged_at)
        select ${uuidOf("p", sql`g`)}, 1 + g % 5, now() - g * interval '1 minute'
        from generate_series(20, ${P}, 20) g returning id, open_flags)
      insert into content_flags (item_id, user_id, reason)
      select i.id, ${userId(sql`k`)}, 'spam' from items i cross join lateral generate_series(1, i.open_flags) k`,
  );
  // Like j of user u: the hot posts first, then consecutive posts from a per-user start (distinct per user).
  const spread = Math.max(1, P - HOT_POSTS);
  await step(
    `${size.likes} likes`,
    sql`insert into post_likes (post_id, user_id)
      select ${uuidOf("p", sql`(case when j < ${HOT_POSTS} then j + 1 else ${HOT_POSTS} + 1 + ((u::bigint * 7919 + j - ${HOT_POSTS}) % ${spread}) end)`)},
        ${userId(sql`u`)}
      from (select 1 + g % ${U} as u, g / ${U} as j from generate_series(0, ${size.likes - 1}) g) s`,
  );
  // Comment g's post: a hot post for every tenth, otherwise spread; a reply (g % 5 = 4) shares its parent's post.
  const postOfComment = (g: SQL) =>
    sql`(case when ${g} % 10 = 0 then 1 + ${g} % ${HOT_POSTS} else 1 + ((${g}::bigint * 104729) % ${P}) end)`;
  const comment = (where: SQL, parent: SQL, postN: SQL) =>
    sql`insert into post_comments (id, post_id, user_id, parent_id, content, created_at)
      select ${uuidOf("m", sql`g`)}, ${uuidOf("p", postN)}, ${userId(sql`(1 + g % ${U})`)}, ${parent},
        'Bench comment ' || g || ' with a few words of opinion.', now() - (g * interval '1 second')
      from generate_series(0, ${size.comments - 1}) g where ${where}`;
  await step(`${size.comments} comments`, comment(sql`g % 5 <> 4`, sql`null`, postOfComment(sql`g`)));
  await step("replies", comment(sql`g % 5 = 4`, uuidOf("m", sql`(g - 1)`), postOfComment(sql`(g - 1)`)));
  await step(
    `${size.reactions} reactions`,
    sql`insert into post_comment_reactions (comment_id, user_id, emoji)
      select ${uuidOf("m", sql`g`)}, ${userId(sql`(1 + g % ${U})`)},
        (array['🔥','🚀','💎','😂','👀','🤝'])[1 + g % 6]
      from generate_series(0, ${size.reactions - 1}) g`,
  );
  // The ledger: small awards spread over 60 days, so week, month and all-time boards all have people on them.
  await step(
    `${size.ledger} ledger rows`,
    sql`insert into points_transactions (user_id, points, description, activity_id, idempotency_key, created_at)
      select ${userId(sql`(1 + floor(power(random(), 2) * ${U})::int)`)}, 1 + g % 10, 'Bench award',
        (select id from points_activities where name = 'voting'), 'bench:' || g,
        now() - interval '60 days' * random()
      from generate_series(1, ${size.ledger}) g`,
  );
  const K = size.kols;
  await step(
    `${K} kols`,
    sql`insert into kols (id, handle, name, bio, is_verified, created_at)
      select ${uuidOf("k", sql`g`)}, 'bench_kol_' || g, 'Bench KOL ' || g, 'Calls for benchmark number ' || g,
        g % 10 = 0, now() - (g * interval '1 hour')
      from generate_series(1, ${K}) g`,
  );
  // Vote j of user u is on KOL 1 + (u * 7919 + j) % K (distinct per user); KOL k leans plug, rug or neither by k % 3.
  await step(
    `${size.kolVotes} kol votes`,
    sql`insert into kol_votes (kol_id, user_id, verdict)
      select ${uuidOf("k", sql`k`)}, ${userId(sql`u`)},
        case when random() < (array[0.85, 0.15, 0.5])[1 + k % 3] then 'plug' else 'rug' end
      from (select 1 + g % ${U} as u, g / ${U} as j from generate_series(0, ${size.kolVotes - 1}) g) s
      cross join lateral (select 1 + ((u::bigint * 7919 + j) % ${K}) as k) kk`,
  );
  // Report g is about KOL 1 + g % K; the first 100 are bench_1's (a profile's reports tab with pages), the rest by
  // user 1 + g % U; every third is approved, the others pending or rejected.
  await step(
    `${size.reports} kol reports`,
    sql`insert into reports (reporter_id, kol_id, kol_handle, category, description, status, is_first_report, created_at)
      select ${userId(sql`(case when g <= 100 then 1 else 1 + g % ${U} end)`)}, ${uuidOf("k", sql`(1 + g % ${K})`)},
        'bench_kol_' || (1 + g % ${K}), 'other', 'Benchmark report number ' || g,
        (array['approved', 'pending', 'rejected'])[1 + g % 3], false, now() - g * interval '1 minute'
      from generate_series(1, ${size.reports}) g`,
  );
  // Notification g is user (g % U)'s, from the next user; the newest fifth are unread.
  const N = size.notifications;
  await step(
    `${N} notifications`,
    sql`insert into notifications (user_id, actor_id, kind, source_key, post_id, amount, read_at, created_at, updated_at)
      select ${userId(sql`u`)}, case when kind = 'points' then null else ${userId(sql`(1 + u % ${U})`)} end,
        kind, 'bench:' || g,
        case when kind in ('comment', 'mention_post') then ${uuidOf("p", sql`(1 + g % ${P})`)} end,
        case when kind = 'points' then 1 + g % 10 end,
        case when g <= ${N - Math.floor(N / 5)} then t + interval '1 hour' end, t, t
      from (select g, 1 + g % ${U} as u,
          (array['follow', 'comment', 'points', 'mention_post'])[1 + (g / ${U}) % 4] as kind,
          now() - (${N} - g) * interval '5 seconds' as t
        from generate_series(1, ${N}) g) s`,
  );
  // Every counter from the rows it counts: (table, counter column, counted table, its key to the table's id, value).
  const counters: [string, string, string, string, string][] = [
    ["posts", "likes_count", "post_likes", "post_id", "count(*)"],
    ["posts", "comments_count", "post_comments", "post_id", "count(*)"],
    ["communities", "member_count", "community_members", "community_id", "count(*)"],
    ["profiles", "followers_count", "follows", "followed_id", "count(*)"],
    ["profiles", "following_count", "follows", "follower_id", "count(*)"],
    ["profiles", "points", "points_transactions", "user_id", "sum(points)"],
    ["kols", "plug_votes", "kol_votes", "kol_id", "count(*) filter (where verdict = 'plug')"],
    ["kols", "rug_votes", "kol_votes", "kol_id", "count(*) filter (where verdict = 'rug')"],
    ["kols", "approved_reports", "reports", "kol_id", "count(*) filter (where status = 'approved')"],
  ];
  for (const [table, column, from, fromKey, value] of counters) {
    await step(
      `${table}.${column}`,
      sql.raw(`update ${table} t set ${column} = x.n
        from (select ${fromKey} k, ${value}::int n from ${from} group by ${fromKey}) x where x.k = t.id`),
    );
  }
  // Scores and verdicts from the tallies, by the domain's own formula (a few thousand rows, one statement).
  const tallies = await queryRows<{
    id: string;
    plug_votes: number;
    rug_votes: number;
    approved_reports: number;
  }>(db, sql`select id, plug_votes, rug_votes, approved_reports from kols`);
  const scores = tallies.map((t) => {
    const { score, verdict } = scoreKol({
      plugVotes: t.plug_votes,
      rugVotes: t.rug_votes,
      approvedReports: t.approved_reports,
    });
    return { id: t.id, score, verdict };
  });
  await step(
    "kols.score",
    sql`update kols k set score = x.score, verdict = x.verdict
      from json_to_recordset(${JSON.stringify(scores)}::json) as x(id uuid, score int, verdict text)
      where x.id = k.id`,
  );
  // Learn: a dozen published courses of eight lessons (a few KB of Markdown each, rendered on every read), a
  // two-question quiz on each lesson, and every bench user's completions of course 1's first lessons.
  await step(
    "learn courses, lessons, quizzes and completions",
    sql`with c as (insert into learn_courses (id, slug, title, description, level, minutes, published, created_at)
        select ${uuidOf("lc", sql`g`)}, 'bench-course-' || g, 'Bench course ' || g,
          'Seed phrases, approvals and the signs of a rug pull, in eight short lessons.',
          (array['beginner', 'intermediate', 'advanced'])[1 + g % 3], 40, true, now() - (g || ' days')::interval
        from generate_series(1, 12) g returning id),
      l as (insert into learn_lessons (id, course_id, position, title, body, minutes)
        select ${uuidOf("ll", sql`(c * 100 + p)`)}, ${uuidOf("lc", sql`c`)}, p, 'Lesson ' || p,
          repeat(E'## Keep it offline\n\nYour **seed phrase** is the wallet. Never type it into a website, a chat or a '
            || E'form.\n\n- Write it on paper\n- Keep two copies apart\n\n> **Tip:** nobody real asks for it.\n\n'
            || E'\x60\x60\x60\nsetApprovalForAll(operator, true)\n\x60\x60\x60\n\n', 8), 5
        from generate_series(1, 12) c, generate_series(1, 8) p returning id, course_id),
      q as (insert into learn_questions (course_id, lesson_id, position, prompt, options, correct, explanation)
        select l.course_id, l.id, n, 'Who may ask for your seed phrase?',
          '[{"id":"a","text":"Nobody"},{"id":"b","text":"Support"},{"id":"c","text":"A moderator"}]'::jsonb,
          '["a"]'::jsonb, 'Anyone who asks is stealing it.'
        from l, generate_series(1, 2) n)
      insert into learn_completions (user_id, lesson_id, course_id)
      select ${userId(sql`u`)}, ${uuidOf("ll", sql`(100 + p)`)}, ${uuidOf("lc", sql`1`)}
      from generate_series(1, ${U}) u, generate_series(1, 3) p`,
  );
  // Rewards: thirty giveaways, a third live, a third upcoming and a third drawn (three winners each, the first of
  // whom claimed), so the list reads every section and the winners of the ended ones.
  const winner = (g: SQL, place: SQL | number) => userId(sql`(1 + (${g} + ${place} - 1) % ${U})`);
  await step(
    "giveaways",
    sql`with g as (insert into giveaways (id, slug, title, description, prize, winners_count, starts_at, ends_at,
          entry_cost, status, seed, seed_hash, entrants_hash, proof, published_at, drawn_at)
        select ${uuidOf("gw", sql`g`)}, 'bench-giveaway-' || g, 'Bench giveaway ' || g,
          'Win **this**. One entry per member.', '100 USDC', 1 + g % 3,
          now() + (array[-1, 2, -9])[1 + g % 3] * interval '1 day',
          now() + (array[3, 6, -1])[1 + g % 3] * interval '1 day', (g % 2) * 25,
          (array['live', 'live', 'drawn'])[1 + g % 3], case when g % 3 = 2 then md5('seed' || g) end,
          md5(g::text) || md5(g::text), case when g % 3 = 2 then md5('entrants' || g) end,
          case when g % 3 = 2 then jsonb_build_object('entrantIds', '[]'::jsonb, 'excludedCount', 0, 'redraws', 0,
            'winnerIds', jsonb_build_array(${winner(sql`g`, 1)}, ${winner(sql`g`, 2)}, ${winner(sql`g`, 3)})) end,
          now(), case when g % 3 = 2 then now() - interval '1 day' end
        from generate_series(1, 30) g
        returning id, split_part(slug, '-', 3)::int as n)
      insert into giveaway_winners (giveaway_id, user_id, position, claim_status, claim_deadline)
      select g.id, ${winner(sql`g.n`, sql`p`)}, p, case when p = 1 then 'claimed' else 'pending' end,
        now() + interval '6 days'
      from g, generate_series(1, 3) p where g.n % 3 = 2`,
  );
  // Sweep: twenty claimed sweeps per member, an hour apart, for the history read.
  await step(
    "sweeps",
    sql`insert into sweeps (user_id, signature, wallet, accounts_closed, lamports_reclaimed, points, created_at)
        select ${userId(sql`u`)}, 'bench-sweep-' || u || '-' || s, 'bench-wallet-' || u, 1 + s % 5,
          (1 + s % 5) * 2039280, (1 + s % 5) * 1000, now() - s * interval '1 hour'
        from generate_series(1, ${U}) u, generate_series(1, 20) s`,
  );
  // Blog: four categories, twelve tags, 200 published articles (a few KB of Markdown each, two tags apiece, one in
  // ten featured) and 20 drafts, so the list reads past hidden rows and the article page renders a real body.
  await step(
    "blog categories, tags and articles",
    sql`with c as (insert into blog_categories (id, slug, name, description)
        select ${uuidOf("bc", sql`g`)}, 'bench-category-' || g, 'Bench category ' || g, 'Articles of one kind.'
        from generate_series(1, 4) g returning id),
      t as (insert into blog_tags (id, slug, name)
        select ${uuidOf("bt", sql`g`)}, 'bench-tag-' || g, 'Bench tag ' || g from generate_series(1, 12) g returning id),
      a as (insert into blog_articles (id, slug, title, excerpt, body, status, published_at, featured, reading_minutes,
          category_id, author_id, created_at, updated_at)
        select ${uuidOf("ba", sql`g`)}, 'bench-article-' || g, 'Bench article ' || g || ': how the rug was pulled',
          'Liquidity left in one block; the deployer held most of the supply.',
          repeat(E'## The setup\n\nThe deployer held **92%** of the supply across eleven wallets funded from one '
            || E'address.\n\n- Mint authority kept\n- Liquidity not locked\n\n> A lock you cannot verify is not a '
            || E'lock.\n\nRead more on [the explorer](https://explorer.example/tx/1).\n\n', 8),
          case when g <= 200 then 'published' else 'draft' end,
          case when g <= 200 then now() - (g || ' hours')::interval end, g % 10 = 0, 3,
          ${uuidOf("bc", sql`(1 + g % 4)`)}, ${userId(sql`1`)}, now() - (g || ' hours')::interval,
          now() - (g || ' hours')::interval
        from generate_series(1, 220) g returning id)
      insert into blog_article_tags (article_id, tag_id)
      select ${uuidOf("ba", sql`g`)}, ${uuidOf("bt", sql`(1 + (g + k) % 12)`)}
      from generate_series(1, 220) g, generate_series(0, 1) k`,
  );
  // The admin console: bench_9 is an admin (measure.ts signs them in), with a year of audit rows to page.
  await step(
    "admin and audit log",
    sql`with r as (insert into user_roles (user_id, role) values (${userId(sql`9`)}, 'admin'))
      insert into admin_audit_log (actor_id, actor_username, action, target_type, target_id, summary, created_at)
      select ${userId(sql`9`)}, 'bench_9',
        (array['member.ban', 'points.airdrop', 'report.review', 'kol.update', 'message.reply'])[1 + g % 5],
        'member', g::text, 'Bench admin action ' || g, now() - (g || ' minutes')::interval
      from generate_series(1, ${Math.max(100, Math.round(size.ledger / 20))}) g`,
  );
  // What autovacuum would soon do after a bulk load (it is off on some servers, this machine's among them): the
  // counter updates leave a dead copy of every post and profile, and index-only scans need the visibility map.
  await step("vacuum analyze", sql`vacuum analyze`);
  // The load's pages are written out now, not by a checkpoint spread over the first minutes of measuring.
  await step("checkpoint", sql`checkpoint`);
}
