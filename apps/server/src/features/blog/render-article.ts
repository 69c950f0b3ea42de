import type { TTocEntry } from "@plugs/domain";
import { inArray, sql } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { blogImages } from "../../db/schema/index.ts";
import { escapeMarkup } from "../../lib/escape-markup.ts";
import { renderMarkdown, scanMarkdown, type TImageSize } from "../../lib/markdown.ts";
import { isUuid, visibleTo } from "../posts/visibility.ts";

/*
 * An article's Markdown as readers get it: lib/markdown.ts with heading anchors and a table of contents, external
 * links with rel="noopener nofollow ugc", only our own uploaded images (with the width and height stored at upload),
 * and a paragraph holding only a link to one of our KOL pages or public posts turned into a card, drawn from the
 * database here (every value escaped) and kept through the sanitizer by its classes alone.
 */

const EXTERNAL_REL = "noopener nofollow ugc";
const EMBED_CLASSES = {
  div: ["blog-embed"],
  a: ["blog-embed-link"],
  span: ["blog-embed-kind", "blog-embed-title", "blog-embed-meta", "blog-embed-text"],
};

export type TRendered = { html: string; toc: TTocEntry[] };

type TKolCard = { handle: string; name: string; verdict: string; score: number | null };
type TPostCard = { id: string; username: string; content: string };

function embedTarget(url: string, origin: string): { kind: "kol" | "post"; key: string } | null {
  const path = url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
  const match = /^\/(kol|posts)\/([^\s/?#]{1,100})\/?$/.exec(path);
  if (!match?.[2]) return null;
  const key = decodeURIComponentSafe(match[2]);
  if (match[1] === "posts") return isUuid(key) ? { kind: "post", key: key.toLowerCase() } : null;
  return { kind: "kol", key: key.toLowerCase() };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const VERDICTS: Record<string, string> = {
  plug: "Plug",
  rug: "Rug",
  contested: "Contested",
  unrated: "Not rated yet",
};

function kolCard(kol: TKolCard): string {
  const score = kol.score === null ? "" : ` · score ${kol.score}`;
  return `<div class="blog-embed"><a class="blog-embed-link" href="/kol/${encodeURIComponent(kol.handle)}"><span class="blog-embed-kind">KOL</span><span class="blog-embed-title">${escapeMarkup(kol.name || kol.handle)}</span><span class="blog-embed-meta">@${escapeMarkup(kol.handle)} · ${escapeMarkup(VERDICTS[kol.verdict] ?? kol.verdict)}${score}</span></a></div>`;
}

function postCard(post: TPostCard): string {
  const text = post.content.length > 280 ? `${post.content.slice(0, 279).trimEnd()}…` : post.content;
  return `<div class="blog-embed"><a class="blog-embed-link" href="/posts/${post.id}"><span class="blog-embed-kind">Post</span><span class="blog-embed-meta">@${escapeMarkup(post.username)}</span><span class="blog-embed-text">${escapeMarkup(text)}</span></a></div>`;
}

/** Renders an article body now, with one query each for the cards' KOLs and posts and the images' sizes. */
export async function renderArticleBody(
  deps: Pick<TDeps, "db" | "config">,
  body: string,
): Promise<TRendered> {
  const origin = deps.config.publicUrl;
  const { loneUrls, imageUrls } = scanMarkdown(body);
  const targets = loneUrls.map((url) => embedTarget(url, origin)).filter((t) => t !== null);
  const handles = [...new Set(targets.filter((t) => t.kind === "kol").map((t) => t.key))].slice(0, 50);
  const postIds = [...new Set(targets.filter((t) => t.kind === "post").map((t) => t.key))].slice(0, 50);
  const ownImages = [...new Set(imageUrls.filter((u) => u.startsWith("/media/")))].slice(0, 200);

  const kols = new Map<string, TKolCard>();
  if (handles.length > 0) {
    const rows = await queryRows<TKolCard>(
      deps.db,
      sql`select handle, name, verdict, score from kols
            where lower(handle) in (${sql.join(
              handles.map((h) => sql`${h}`),
              sql`, `,
            )})`,
    );
    for (const row of rows) kols.set(row.handle.toLowerCase(), row);
  }
  const posts = new Map<string, TPostCard>();
  if (postIds.length > 0) {
    // Only what a visitor may read (the feed's own rule): public posts outside communities, by an unbanned member.
    const rows = await queryRows<TPostCard>(
      deps.db,
      sql`select p.id::text as id, pr.username, p.content from posts p join profiles pr on pr.id = p.user_id
            where p.id in (${sql.join(
              postIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) and ${visibleTo(null)}`,
    );
    for (const row of rows) posts.set(row.id, row);
  }
  const imageSizes = new Map<string, TImageSize>();
  if (ownImages.length > 0) {
    const rows = await deps.db
      .select({ url: blogImages.url, width: blogImages.width, height: blogImages.height })
      .from(blogImages)
      .where(inArray(blogImages.url, ownImages));
    for (const row of rows) imageSizes.set(row.url, { width: row.width, height: row.height });
  }

  return renderMarkdown(body, {
    headingAnchors: true,
    ownOrigin: origin,
    externalRel: EXTERNAL_REL,
    images: "own-media",
    imageSizes,
    embedClasses: EMBED_CLASSES,
    embed: (url) => {
      const target = embedTarget(url, origin);
      if (!target) return null;
      if (target.kind === "kol") {
        const kol = kols.get(target.key);
        return kol ? kolCard(kol) : null;
      }
      const post = posts.get(target.key);
      return post ? postCard(post) : null;
    },
  });
}

/** Rendered articles by id and edit time, each kept a minute at most (its cards show KOLs and posts as they are). */
const rendered = new Map<string, { at: number; value: TRendered }>();
const RENDERED_KEPT = 300;
const RENDERED_MS = 60_000;

/** renderArticleBody, remembered per article version (`key`: its id and update time) for a minute. */
export async function renderArticleCached(
  deps: Pick<TDeps, "db" | "config">,
  key: string,
  body: string,
): Promise<TRendered> {
  const hit = rendered.get(key);
  if (hit && Date.now() - hit.at < RENDERED_MS) return hit.value;
  const value = await renderArticleBody(deps, body);
  rendered.delete(key);
  if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value ?? "");
  rendered.set(key, { at: Date.now(), value });
  return value;
}
