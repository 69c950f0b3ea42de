import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

/*
 * A lesson's Markdown becomes HTML here, on the server, and nowhere else. markdown-it runs with `html: false`, so an
 * author's raw HTML is shown as text, never as markup; sanitize-html then keeps only the tags and attributes below
 * (a second wall, should a Markdown feature ever emit something unexpected). Links leave in a new tab without the
 * opener; only http(s) and mailto links and https images survive.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

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

/** Rendered lessons by id and edit time: a lesson is read far more often than written, and rendering is the cost. */
const rendered = new Map<string, string>();
const RENDERED_KEPT = 500;

/** renderLessonMarkdown, remembered per lesson version (`key`: its id and update time) for the most recent 500. */
export function renderLessonCached(key: string, source: string): string {
  const hit = rendered.get(key);
  if (hit !== undefined) return hit;
  const html = renderLessonMarkdown(source);
  if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value ?? "");
  rendered.set(key, html);
  return html;
}

/** The sanitized HTML of a lesson's Markdown; a `#` heading becomes an h2, since the page's h1 is the title. */
export function renderLessonMarkdown(source: string): string {
  const html = markdown.render(source);
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "title"],
      code: ["class"],
      th: ["style"],
      td: ["style"],
    },
    allowedStyles: { "*": { "text-align": [/^(left|right|center)$/] } },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["https"] },
    allowProtocolRelative: false,
    allowedClasses: { code: [/^language-[\w-]+$/] },
    transformTags: {
      h1: "h2",
      a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }),
    },
  });
}
