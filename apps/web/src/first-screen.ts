import type { TPageRoute } from "@plugs/domain";
import type { QueryKey } from "@tanstack/react-query";
import { HOME_URL } from "./features/home/api.ts";
import { homeKey } from "./features/home/queries.ts";
import { directoryQuery, kolListUrl } from "./features/kols/api.ts";
import { kolKeys } from "./features/kols/queries.ts";
import { feedUrl } from "./features/posts/api.ts";
import { postKeys } from "./features/posts/queries.ts";
import { SITE_URL } from "./features/site/api.ts";
import { siteKeys } from "./features/site/queries.ts";

/** One API answer a page's first screen shows, and the query that holds it (an infinite query's first page). */
export type TFirstScreenQuery = { queryKey: QueryKey; url: string; infinite?: boolean };

/**
 * The API answers the first screen of a server-rendered page needs, or null for a page (or a tab of one) the
 * server leaves to the browser. The server fetches them for a visitor, renders the page with them and sends
 * them with the HTML (entry-server.tsx); the browser starts with them in its cache (main.tsx), so the first
 * render asks nothing. Keys and URLs come from the features' own factories, as the hooks use them.
 */
export function firstScreenQueries(route: TPageRoute, params: URLSearchParams): TFirstScreenQuery[] | null {
  const site = { queryKey: siteKeys.settings(), url: SITE_URL };
  switch (route) {
    case "/":
      return [site, { queryKey: homeKey, url: HOME_URL }];
    case "/plugfeed": {
      // For You, newest first (the tab and sort a visitor lands on); the other tabs load in the browser.
      if (params.has("tab")) return null;
      const feed = { tab: "all", sort: "newest", cursor: null } as const;
      return [site, { queryKey: postKeys.feed(feed.tab, feed.sort), url: feedUrl(feed), infinite: true }];
    }
    case "/kols": {
      const list = directoryQuery("all", true, params);
      return [site, { queryKey: kolKeys.list(list), url: kolListUrl(list) }];
    }
    default:
      return null;
  }
}
