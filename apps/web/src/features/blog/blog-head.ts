import type { TArticle, TBlogCategory, TBlogTag } from "@plugs/domain";
import type { TPageHead } from "../../page-head.ts";
import { articlePath, categoryPath, tagPath } from "./blog-parts.tsx";

/** The blog's tab title and lead, shared by the page and its server-rendered head. */
export const BLOG_TITLE = "Blog";
export const BLOG_LEAD =
  "Investigations, guides on spotting rugs and vetting KOLs, and news from the community.";

/** The tab title as usePageTitle writes it. */
const fullTitle = (title: string, siteName: string) => `${title} · ${siteName}`;

function feeds(siteName: string): TPageHead["feeds"] {
  return [
    { type: "rss", title: `${siteName} Blog (RSS)`, href: "/blog/rss.xml" },
    { type: "atom", title: `${siteName} Blog (Atom)`, href: "/blog/atom.xml" },
  ];
}

/** A list's own address for search engines: its page when past the first (a search is not a page of its own). */
function listPath(base: string, page: number): string {
  return page > 1 ? `${base}?page=${page}` : base;
}

export function blogListHead(siteName: string, page: number): TPageHead {
  return {
    title: fullTitle(BLOG_TITLE, siteName),
    description: BLOG_LEAD,
    path: listPath("/blog", page),
    siteName,
    type: "website",
    feeds: feeds(siteName),
  };
}

export function categoryHead(siteName: string, category: TBlogCategory, page: number): TPageHead {
  return {
    title: fullTitle(`${category.name} · ${BLOG_TITLE}`, siteName),
    description: category.description || `Articles in ${category.name} on the ${siteName} blog.`,
    path: listPath(categoryPath(category.slug), page),
    siteName,
    type: "website",
    feeds: feeds(siteName),
  };
}

export function tagHead(siteName: string, tag: TBlogTag, page: number): TPageHead {
  return {
    title: fullTitle(`#${tag.name} · ${BLOG_TITLE}`, siteName),
    description: `Articles tagged ${tag.name} on the ${siteName} blog.`,
    path: listPath(tagPath(tag.slug), page),
    siteName,
    type: "website",
    feeds: feeds(siteName),
  };
}

/** An article's head: OpenGraph article tags and schema.org Article data (absolute URLs are made by renderHead). */
export function articleHead(siteName: string, article: TArticle, origin: string): TPageHead {
  const path = articlePath(article.slug);
  const image = article.coverUrl
    ? { url: article.coverUrl, width: article.coverWidth, height: article.coverHeight }
    : null;
  const modified = article.updatedAt ?? article.publishedAt;
  const properties: [string, string][] = [
    ["article:published_time", article.publishedAt],
    ["article:modified_time", modified],
  ];
  if (article.category) properties.push(["article:section", article.category.name]);
  for (const tag of article.tags) properties.push(["article:tag", tag.name]);
  const at = (url: string) => new URL(url, origin).href;
  return {
    title: fullTitle(article.title, siteName),
    description: article.excerpt,
    path,
    siteName,
    type: "article",
    image,
    properties,
    feeds: feeds(siteName),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: article.title,
      description: article.excerpt,
      ...(image ? { image: [at(image.url)] } : {}),
      datePublished: article.publishedAt,
      dateModified: modified,
      author: {
        "@type": "Person",
        name: article.author.username,
        url: at(`/user/${encodeURIComponent(article.author.username)}`),
      },
      publisher: { "@type": "Organization", name: siteName, url: at("/") },
      mainEntityOfPage: { "@type": "WebPage", "@id": at(path) },
      ...(article.category ? { articleSection: article.category.name } : {}),
      ...(article.tags.length ? { keywords: article.tags.map((tag) => tag.name).join(", ") } : {}),
    },
  };
}
