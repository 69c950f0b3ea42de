import { sql } from "drizzle-orm";
import { Feed } from "feed";
import { Hono } from "hono";
import type { TDeps } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { escapeMarkup } from "../../lib/escape-markup.ts";
import { notBanned } from "../posts/visibility.ts";
import { getSite } from "../site/service.ts";
import { feedArticles, sitemapArticles } from "./read-articles.ts";

/*
 * What feed readers and search engines read, outside /api: the blog's RSS 2.0 and Atom feeds (the `feed` package
 * writes the XML), a sitemap of the public pages, and robots.txt pointing at it. Published articles only.
 */

/** The visitor pages that always exist, in the sitemap. */
const STATIC_PAGES = [
  "/",
  "/plugfeed",
  "/kols",
  "/top-kols",
  "/plugs",
  "/rugs",
  "/plug-of-fame",
  "/rug-of-shame",
  "/leaderboard",
  "/learn",
  "/rewards",
  "/blog",
  "/contact",
  "/faq",
  "/privacy",
  "/terms",
];

/** Most rows of each kind in the sitemap (one file holds 50,000 addresses at most). */
export const SITEMAP_CAPS = { articles: 5000, kols: 15_000, communities: 10_000, profiles: 15_000 } as const;

const FEED_CACHE = "public, max-age=300";

/** An absolute link of the site; `html` of our own relative links and images made absolute for feed readers. */
function absolutize(html: string, origin: string): string {
  return html.replace(/\s(href|src)="\/(?!\/)/g, ` $1="${origin}/`);
}

async function buildFeed(deps: TDeps): Promise<Feed> {
  const origin = deps.config.publicUrl;
  const { siteName } = await getSite(deps);
  const articles = await feedArticles(deps);
  const newest = articles[0]?.card;
  const feed = new Feed({
    title: `${siteName} Blog`,
    description: `Investigations, guides and announcements from ${siteName}`,
    id: `${origin}/blog`,
    link: `${origin}/blog`,
    language: "en",
    copyright: `© ${siteName}`,
    updated: newest ? new Date(newest.updatedAt ?? newest.publishedAt) : new Date(0),
    generator: siteName,
    feedLinks: { rss: `${origin}/blog/rss.xml`, atom: `${origin}/blog/atom.xml` },
  });
  for (const { card, html } of articles) {
    const link = `${origin}/blog/${card.slug}`;
    feed.addItem({
      title: card.title,
      id: link,
      link,
      description: card.excerpt,
      content: absolutize(html, origin),
      author: [
        { name: card.author.username, link: `${origin}/user/${encodeURIComponent(card.author.username)}` },
      ],
      date: new Date(card.updatedAt ?? card.publishedAt),
      published: new Date(card.publishedAt),
      category: [
        ...(card.category
          ? [{ name: card.category.name, domain: `${origin}/blog/category/${card.category.slug}` }]
          : []),
        ...card.tags.map((t) => ({ name: t.name, domain: `${origin}/blog/tag/${t.slug}` })),
      ],
      ...(card.coverUrl ? { image: `${origin}${card.coverUrl}` } : {}),
    });
  }
  return feed;
}

type TUrl = { loc: string; lastmod?: Date | null };

/** The sitemap's addresses: the static pages, then each kind newest or most active first, each read by its index. */
async function sitemapUrls(deps: TDeps): Promise<TUrl[]> {
  const origin = deps.config.publicUrl;
  const urls: TUrl[] = STATIC_PAGES.map((path) => ({ loc: `${origin}${path}` }));
  for (const a of await sitemapArticles(deps, SITEMAP_CAPS.articles)) {
    urls.push({ loc: `${origin}/blog/${a.slug}`, lastmod: a.editedAt ?? a.publishedAt });
  }
  // kols_newest_idx, communities_newest_idx, profiles_leaderboard_idx (members with points, not banned).
  const kols = await queryRows<{ handle: string; updated_at: Date | string }>(
    deps.db,
    sql`select handle, updated_at from kols order by created_at desc nulls first, id desc nulls first
          limit ${sqlInt(SITEMAP_CAPS.kols)}`,
  );
  for (const k of kols)
    urls.push({ loc: `${origin}/kol/${encodeURIComponent(k.handle)}`, lastmod: new Date(k.updated_at) });
  const communities = await queryRows<{ slug: string; updated_at: Date | string }>(
    deps.db,
    sql`select slug, updated_at from communities where removed_at is null
          order by created_at desc nulls first, id desc nulls first
          limit ${sqlInt(SITEMAP_CAPS.communities)}`,
  );
  for (const c of communities) {
    urls.push({
      loc: `${origin}/communities/${encodeURIComponent(c.slug)}`,
      lastmod: new Date(c.updated_at),
    });
  }
  const profiles = await queryRows<{ username: string }>(
    deps.db,
    sql`select p.username from profiles p where p.points > 0 and not p.is_banned and ${notBanned(sql`p.id`)}
          order by p.points desc nulls first, lower(p.username), p.id limit ${sqlInt(SITEMAP_CAPS.profiles)}`,
  );
  for (const p of profiles) urls.push({ loc: `${origin}/user/${encodeURIComponent(p.username)}` });
  return urls;
}

function sitemapXml(urls: TUrl[]): string {
  const entries = urls.map(({ loc, lastmod }) => {
    const date = lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeMarkup(loc)}</loc>${date}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

/** /blog/rss.xml, /blog/atom.xml, /sitemap.xml and /robots.txt, mounted in app.ts before the web app. */
export function siteFileRoutes(deps: TDeps) {
  return new Hono()
    .get("/blog/rss.xml", async (c) => {
      const feed = await buildFeed(deps);
      c.header("Cache-Control", FEED_CACHE);
      return c.body(feed.rss2(), 200, { "Content-Type": "application/rss+xml; charset=utf-8" });
    })
    .get("/blog/atom.xml", async (c) => {
      const feed = await buildFeed(deps);
      c.header("Cache-Control", FEED_CACHE);
      return c.body(feed.atom1(), 200, { "Content-Type": "application/atom+xml; charset=utf-8" });
    })
    .get("/sitemap.xml", async (c) => {
      c.header("Cache-Control", FEED_CACHE);
      return c.body(sitemapXml(await sitemapUrls(deps)), 200, {
        "Content-Type": "application/xml; charset=utf-8",
      });
    })
    .get("/robots.txt", (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      const text = [
        "User-agent: *",
        "Disallow: /admin",
        "Disallow: /dashboard",
        "Disallow: /api",
        "Allow: /",
        "",
        `Sitemap: ${deps.config.publicUrl}/sitemap.xml`,
        "",
      ].join("\n");
      return c.body(text, 200, { "Content-Type": "text/plain; charset=utf-8" });
    });
}
