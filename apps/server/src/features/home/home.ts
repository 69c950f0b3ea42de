import { HOME_LIMITS, KOL_LIMITS, type THomePage } from "@plugs/domain";
import type { TDeps, TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { toKolCard } from "../kols/kol-dto.ts";
import { kolPageQuery } from "../kols/list-kols.ts";
import { leaderboardTop } from "../leaderboard/leaderboard-query.ts";
import { feedIdsQuery, type TFeedRow } from "../posts/feed-query.ts";
import { hydratePosts } from "../posts/post-dto.ts";

/**
 * GET /api/home: top KOLs, the latest plugs and rugs, the newest PlugFeed posts the viewer may see and the top of
 * the all-time leaderboard, each read through the index its own page uses, all at once.
 */
export async function homePage(deps: TDeps, viewer: TViewer | null): Promise<THomePage> {
  const kolsOf = (list: "top" | "plugs" | "rugs", sort: "score" | "newest") =>
    kolPageQuery(deps.db, {
      list,
      sort,
      page: 1,
      pageSize: Math.min(HOME_LIMITS.kols, KOL_LIMITS.maxPageSize),
    });
  const viewerId = viewer?.id ?? null;
  const [topKols, latestPlugs, latestRugs, postRows, leaders] = await Promise.all([
    kolsOf("top", "score"),
    kolsOf("plugs", "newest"),
    kolsOf("rugs", "newest"),
    queryRows<TFeedRow>(
      deps.db,
      feedIdsQuery({ tab: "all", sort: "newest", viewerId, cursor: null, limit: HOME_LIMITS.posts }),
    ),
    leaderboardTop(deps, HOME_LIMITS.leaders),
  ]);
  return {
    topKols: topKols.map(toKolCard),
    latestPlugs: latestPlugs.map(toKolCard),
    latestRugs: latestRugs.map(toKolCard),
    recentPosts: await hydratePosts(
      deps.db,
      postRows.map((r) => r.id),
      viewerId,
    ),
    leaders,
  };
}
