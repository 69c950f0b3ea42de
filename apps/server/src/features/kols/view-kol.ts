import { KOL_LIMITS, M, scoreKol, type TKolDetail, type TPost } from "@plugs/domain";
import { and, eq, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { kols, kolVotes } from "../../db/schema/index.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import { hydratePosts } from "../posts/post-dto.ts";
import { visibleTo } from "../posts/visibility.ts";
import { listApprovedReports } from "../reports/report-dto.ts";
import { findKolOr404 } from "./find-kol.ts";
import { kolCardColumns, toKolCard } from "./kol-dto.ts";

/** GET /api/kols/:handle: the profile, its score and breakdown, the viewer's vote and the approved reports. */
export async function viewKol(deps: TDeps, viewer: TViewer | null, handle: string): Promise<TKolDetail> {
  const found = await findKolOr404(deps.db, handle);
  const [[row], [vote], reports] = await Promise.all([
    deps.db
      .select({
        ...kolCardColumns,
        bio: kols.bio,
        xUrl: kols.xUrl,
        telegramUrl: kols.telegramUrl,
        websiteUrl: kols.websiteUrl,
      })
      .from(kols)
      .where(eq(kols.id, found.id)),
    viewer
      ? deps.db
          .select({ verdict: kolVotes.verdict })
          .from(kolVotes)
          .where(and(eq(kolVotes.kolId, found.id), eq(kolVotes.userId, viewer.id)))
      : Promise.resolve([]),
    listApprovedReports(deps.db, found.id),
  ]);
  if (!row) throw new AppError("NOT_FOUND", M.kols.notFound);
  return {
    kol: {
      ...toKolCard(row),
      bio: row.bio,
      links: { x: row.xUrl, telegram: row.telegramUrl, website: row.websiteUrl },
    },
    breakdown: scoreKol(row),
    myVote: vote?.verdict ?? null,
    reports,
  };
}

/**
 * The latest posts that mention the KOL and that the viewer may see (post_mentions_kol_idx finds the mentions),
 * hydrated like the feed.
 */
export async function listKolMentions(
  deps: TDeps,
  viewer: TViewer | null,
  handle: string,
): Promise<{ items: TPost[] }> {
  const kol = await findKolOr404(deps.db, handle);
  const rows = await queryRows<{ id: string }>(
    deps.db,
    sql`select p.id from posts p
      where p.id in (select m.post_id from post_mentions m where m.mentioned_kol_id = ${kol.id})
        and ${visibleTo(viewer?.id ?? null)}
      order by p.created_at desc, p.id desc
      limit ${sqlInt(KOL_LIMITS.mentionPosts)}`,
  );
  return {
    items: await hydratePosts(
      deps.db,
      rows.map((r) => r.id),
      viewer?.id ?? null,
    ),
  };
}
