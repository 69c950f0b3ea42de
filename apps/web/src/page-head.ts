/**
 * What a server-rendered page says about itself in its `<head>`: the title and description, the canonical address,
 * OpenGraph and Twitter card tags, links to feeds, and JSON-LD data for search engines. The browser keeps its own
 * title afterwards (usePageTitle); the rest matters to crawlers and link previews, which read the first HTML.
 */
export type TPageHead = {
  /** The whole tab title, site name included. */
  title: string;
  description: string;
  /** This page's canonical path (and query), e.g. "/blog/how-rugs-work". */
  path: string;
  siteName: string;
  type: "website" | "article";
  /** A root-relative or absolute image URL with its size when known. */
  image?: { url: string; width: number | null; height: number | null } | null;
  /** Extra `<meta property>` pairs (article:published_time, article:tag, ...); repeated names allowed. */
  properties?: [string, string][];
  feeds?: { type: "rss" | "atom"; title: string; href: string }[];
  jsonLd?: Record<string, unknown>;
};

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** JSON inside a script element: `<`, `>`, `&` and the line separators escaped, so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** An absolute URL on this site for a root-relative one; absolute ones stay as they are. */
export function absoluteUrl(origin: string, url: string): string {
  return new URL(url, origin).href;
}

/** The tags of `head` as HTML, with addresses made absolute on `origin` (the site's public origin). */
export function renderHead(head: TPageHead, origin: string): string {
  const canonical = absoluteUrl(origin, head.path);
  const meta = (attr: "name" | "property", key: string, value: string) =>
    `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(value)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta("property", "og:type", head.type),
    meta("property", "og:site_name", head.siteName),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:url", canonical),
  ];
  if (head.image) {
    tags.push(meta("property", "og:image", absoluteUrl(origin, head.image.url)));
    if (head.image.width && head.image.height) {
      tags.push(meta("property", "og:image:width", String(head.image.width)));
      tags.push(meta("property", "og:image:height", String(head.image.height)));
    }
  }
  for (const [key, value] of head.properties ?? []) tags.push(meta("property", key, value));
  tags.push(meta("name", "twitter:card", head.image ? "summary_large_image" : "summary"));
  tags.push(meta("name", "twitter:title", head.title));
  tags.push(meta("name", "twitter:description", head.description));
  if (head.image) tags.push(meta("name", "twitter:image", absoluteUrl(origin, head.image.url)));
  for (const feed of head.feeds ?? []) {
    const type = feed.type === "rss" ? "application/rss+xml" : "application/atom+xml";
    tags.push(
      `<link rel="alternate" type="${type}" title="${escapeHtml(feed.title)}" href="${escapeHtml(absoluteUrl(origin, feed.href))}">`,
    );
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`);
  return tags.join("");
}
