import {
  DEFAULT_SITE,
  type TArticle,
  type TBlogCategory,
  type TBlogTag,
  type TPageRoute,
} from "@plugs/domain";
import type { QueryKey } from "@tanstack/react-query";
import { matchPath } from "react-router";
import {
  articleListUrl,
  articleUrl,
  BLOG_CATEGORIES_URL,
  categoryUrl,
  listAddress,
  tagUrl,
} from "./features/blog/api.ts";
import { articleHead, blogListHead, categoryHead, tagHead } from "./features/blog/blog-head.ts";
import { blogKeys } from "./features/blog/queries.ts";
import { HOME_URL } from "./features/home/api.ts";
import { homeKey } from "./features/home/queries.ts";
import { directoryQuery, kolListUrl } from "./features/kols/api.ts";
import { kolKeys } from "./features/kols/queries.ts";
import { feedUrl } from "./features/posts/api.ts";
import { postKeys } from "./features/posts/queries.ts";
import { SITE_URL } from "./features/site/api.ts";
import { siteKeys } from "./features/site/queries.ts";
import type { TPageHead } from "./page-head.ts";

/** One API answer a page's first screen shows, and the query that holds it (an infinite query's first page). */
export type TFirstScreenQuery = { queryKey: QueryKey; url: string; infinite?: boolean };

/**
 * A page's `<head>` from its first screen's answers (in the order of its queries; the site settings first), for the
 * pages that tell search engines and link previews about themselves (the blog's).
 */
export type TFirstScreenHead = (answers: unknown[], origin: string) => TPageHead;

/** The blog pages' first screens: their answers, and the head made from them. */
function blogFirstScreen(
  route: TPageRoute,
  url: URL,
): { queries: TFirstScreenQuery[]; head: TFirstScreenHead } | null {
  const site = { queryKey: siteKeys.settings(), url: SITE_URL };
  const siteName = (answers: unknown[]) =>
    (answers[0] as typeof DEFAULT_SITE | null)?.siteName ?? DEFAULT_SITE.siteName;
  const slug = matchPath(route, url.pathname)?.params.slug ?? "";
  const { q, page } = listAddress(url.searchParams);
  const categories = { queryKey: blogKeys.categories(), url: BLOG_CATEGORIES_URL };
  const list = (filter: { category?: string; tag?: string }) => {
    const full = { q, page, category: filter.category ?? "", tag: filter.tag ?? "" };
    return { queryKey: blogKeys.list(full), url: articleListUrl(full) };
  };
  switch (route) {
    case "/blog":
      return {
        queries: [site, categories, list({})],
        head: (answers) => blogListHead(siteName(answers), page),
      };
    case "/blog/category/:slug":
      return {
        queries: [
          site,
          { queryKey: blogKeys.category(slug), url: categoryUrl(slug) },
          categories,
          list({ category: slug }),
        ],
        head: (answers) => categoryHead(siteName(answers), answers[1] as TBlogCategory, page),
      };
    case "/blog/tag/:slug":
      return {
        queries: [site, { queryKey: blogKeys.tag(slug), url: tagUrl(slug) }, categories, list({ tag: slug })],
        head: (answers) => tagHead(siteName(answers), answers[1] as TBlogTag, page),
      };
    case "/blog/:slug":
      return {
        queries: [site, { queryKey: blogKeys.article(slug), url: articleUrl(slug) }],
        head: (answers, origin) => articleHead(siteName(answers), answers[1] as TArticle, origin),
      };
    default:
      return null;
  }
}

/** A server-rendered page's first screen: its answers, and for some pages a head made from them. */
export function firstScreen(
  route: TPageRoute,
  url: URL,
): { queries: TFirstScreenQuery[]; head?: TFirstScreenHead } | null {
  const blog = blogFirstScreen(route, url);
  if (blog) return blog;
  const queries = firstScreenQueries(route, url.searchParams);
  return queries ? { queries } : null;
}

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
