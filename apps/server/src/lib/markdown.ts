import { slugify } from "@plugs/domain";
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

/*
 * Markdown becomes HTML here, on the server, and nowhere else (lessons, giveaways, blog articles). markdown-it runs
 * with `html: false`, so an author's raw HTML is shown as text, never as markup; sanitize-html then keeps only the
 * tags and attributes below (a second wall, should a Markdown feature ever emit something unexpected). Only http(s)
 * and mailto links survive; which images survive, and how links leave, each caller says.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

type TEnv = { anchors?: boolean };

// A heading with an id (anchors on) ends with a link to itself.
markdown.renderer.rules.heading_close = (tokens, idx, options, env, self) => {
  const id = tokens[idx - 2]?.attrGet("id");
  const anchor =
    (env as TEnv | undefined)?.anchors && id
      ? `<a class="heading-anchor" href="#${id}" aria-label="Link to this section">#</a>`
      : "";
  return anchor + self.renderToken(tokens, idx, options);
};

const ALLOWED_TAGS = [
  "h2",
  "h3",
  "h4",
  "p",
  "br",
  "hr",
  "strong",
  "em",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

/** Ids the page around the text may use itself: a heading named so gets "-section" after it. */
const RESERVED_IDS = new Set([
  "root",
  "main",
  "main-content",
  "content",
  "app",
  "header",
  "footer",
  "nav",
  "top",
]);

export type TTocEntry = { id: string; text: string; level: number };

export type TImageSize = { width: number; height: number };

export type TMarkdownOptions = {
  /** h1-h4 get an id made from their text and a link to themselves; the table of contents lists them. */
  headingAnchors?: boolean;
  /**
   * Links that stay on the site: root-relative ones and those of this origin open in the same tab without a rel.
   * Left out, every link is external.
   */
  ownOrigin?: string;
  /** The rel of an external link (which opens in a new tab). */
  externalRel: string;
  /** Images kept: any https image, or only our own uploads (root-relative `/media/...`). */
  images: "https" | "own-media";
  /** Known sizes of images by URL: their `<img>` gets width and height (and lazy loading). */
  imageSizes?: ReadonlyMap<string, TImageSize>;
  /**
   * A paragraph that holds only a URL (its text, trimmed) may become a card: the caller's HTML, which must escape
   * whatever it takes from the database. Null keeps the paragraph.
   */
  embed?: (url: string) => string | null;
  /** Classes of the caller's cards that survive sanitizing, by tag. */
  embedClasses?: Record<string, string[]>;
};

/** What a text holds that a caller may need to look up before rendering: lone-URL paragraphs and image sources. */
export function scanMarkdown(source: string): { loneUrls: string[]; imageUrls: string[] } {
  const tokens = markdown.parse(source, {});
  const loneUrls: string[] = [];
  const imageUrls: string[] = [];
  tokens.forEach((token, i) => {
    if (token.type !== "inline") return;
    if (tokens[i - 1]?.type === "paragraph_open" && tokens[i + 1]?.type === "paragraph_close") {
      const text = token.content.trim();
      if (/^\S+$/.test(text)) loneUrls.push(text);
    }
    for (const child of token.children ?? []) {
      if (child.type === "image") imageUrls.push(String(child.attrGet("src") ?? ""));
    }
  });
  return { loneUrls, imageUrls: imageUrls.filter(Boolean) };
}

function headingText(children: { type: string; content: string }[] | null): string {
  return (children ?? [])
    .filter((c) => c.type === "text" || c.type === "code_inline")
    .map((c) => c.content)
    .join("")
    .trim();
}

/** The sanitized HTML of a Markdown text and its table of contents (empty without headingAnchors). */
export function renderMarkdown(
  source: string,
  options: TMarkdownOptions,
): { html: string; toc: TTocEntry[] } {
  const env: TEnv = { anchors: options.headingAnchors === true };
  const tokens = markdown.parse(source, env);
  const toc: TTocEntry[] = [];
  const used = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    if (options.headingAnchors && token.type === "heading_open") {
      const level = Math.max(2, Number(token.tag.slice(1)));
      const text = headingText(tokens[i + 1]?.children ?? null);
      if (level > 4 || !text) continue;
      const slug = slugify(text, 60) || "section";
      const base = RESERVED_IDS.has(slug) ? `${slug}-section` : slug;
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      token.attrSet("id", id);
      toc.push({ id, text, level });
    }
    if (options.embed && token.type === "paragraph_open" && tokens[i + 2]?.type === "paragraph_close") {
      const inline = tokens[i + 1];
      const text = inline?.content.trim() ?? "";
      const card = /^\S+$/.test(text) ? options.embed(text) : null;
      if (card !== null && inline) {
        // The card replaces the paragraph: its open and close render nothing, the inline is the card.
        token.hidden = true;
        (tokens[i + 2] as { hidden: boolean }).hidden = true;
        token.type = "embed_open";
        (tokens[i + 2] as { type: string }).type = "embed_close";
        inline.type = "html_block";
        inline.content = card;
        inline.children = null;
      }
    }
  }
  const rendered = markdown.renderer.render(tokens, markdown.options, env);
  return { html: sanitize(rendered, options), toc };
}

function isOwnLink(href: string, ownOrigin: string | undefined): boolean {
  if (ownOrigin === undefined) return false;
  if (href.startsWith("/") && !href.startsWith("//")) return true;
  if (href.startsWith("#")) return true;
  return href === ownOrigin || href.startsWith(`${ownOrigin}/`);
}

function sanitize(html: string, options: TMarkdownOptions): string {
  const classes: Record<string, (string | RegExp)[]> = {
    code: [/^language-[\w-]+$/],
    ...(options.embedClasses ?? {}),
  };
  if (options.headingAnchors) classes.a = [...(classes.a ?? []), "heading-anchor"];
  const ownMedia = options.images === "own-media";
  return sanitizeHtml(html, {
    allowedTags: options.embedClasses ? [...ALLOWED_TAGS, "span", "div"] : ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "title", "target", "rel", "aria-label", "class"],
      img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
      code: ["class"],
      span: ["class"],
      div: ["class"],
      h2: options.headingAnchors ? ["id"] : [],
      h3: options.headingAnchors ? ["id"] : [],
      h4: options.headingAnchors ? ["id"] : [],
      th: ["style"],
      td: ["style"],
    },
    allowedStyles: { "*": { "text-align": [/^(left|right|center)$/] } },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ownMedia ? [] : ["https"] },
    allowProtocolRelative: false,
    allowedClasses: classes,
    transformTags: {
      h1: "h2",
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        if (isOwnLink(href, options.ownOrigin)) {
          const { target: _t, rel: _r, ...rest } = attribs;
          return { tagName, attribs: rest };
        }
        return { tagName, attribs: { ...attribs, target: "_blank", rel: options.externalRel } };
      },
      img: (tagName, attribs) => {
        const src = attribs.src ?? "";
        if (ownMedia && !/^\/media\/[\w./-]+$/.test(src)) return { tagName, attribs: {} };
        const { width: _w, height: _h, ...out } = attribs;
        const size = options.imageSizes?.get(src);
        if (size) Object.assign(out, { width: String(size.width), height: String(size.height) });
        if (ownMedia) Object.assign(out, { loading: "lazy", decoding: "async" });
        return { tagName, attribs: out };
      },
    },
    // An image whose source was refused is dropped, not left as an empty box.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  });
}
