import { HOME_LIMITS, KOL_LIMITS, type THomePage } from "@plugs/domain";
import type { TDeps, TViewer } from "../../context.ts";
import { toKolCard } from "../kols/kol-dto.ts";
import { kolPages } from "../kols/list-kols.ts";
import { leaderboardTop } from "../leaderboard/leaderboard-query.ts";
import { feedIdsQuery, orderBy, type TFeedRow } from "../posts/feed-query.ts";
import { hydratePage } from "../posts/post-dto.ts";

/**
 * GET /api/home: top KOLs, the latest plugs and rugs, the newest PlugFeed posts the viewer may see and the top of
 * the all-time leaderboard, each read through the index its own page uses: three statements at once.
 */
export async function homePage(deps: TDeps, viewer: TViewer | null): Promise<THomePage> {
  // The first page of each list, as the directory reads it.
  const kolList = (list: "top" | "plugs" | "rugs", sort: "score" | "newest") => {
    const pageSize = Math.min(HOME_LIMITS.kols, KOL_LIMITS.maxPageSize);
    return { query: { list, sort, pageSize }, cursor: null, limit: pageSize };
  };
  const viewerId = viewer?.id ?? null;
  const [[topKols = [], latestPlugs = [], latestRugs = []], postRows, leaders] = await Promise.all([
    kolPages(deps.db, [kolList("top", "score"), kolList("plugs", "newest"), kolList("rugs", "newest")]),
    // The posts' ids and the posts in one statement, as the feed reads them.
    hydratePage<TFeedRow>(
      deps.db,
      feedIdsQuery({ tab: "all", sort: "newest", viewerId, cursor: null, limit: HOME_LIMITS.posts }),
      orderBy("newest", "posts"),
      viewerId,
    ),
    leaderboardTop(deps, HOME_LIMITS.leaders),
  ]);
  return {
    topKols: topKols.map(toKolCard),
    latestPlugs: latestPlugs.map(toKolCard),
    latestRugs: latestRugs.map(toKolCard),
    recentPosts: postRows.map((r) => r.post),
    leaders,
  };
}
