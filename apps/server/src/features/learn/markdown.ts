import { renderMarkdown } from "../../lib/markdown.ts";

/*
 * A lesson's Markdown becomes HTML through lib/markdown.ts (markdown-it without raw HTML, then sanitize-html): links
 * leave in a new tab without the opener; only http(s) and mailto links and https images survive.
 */

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
  return renderMarkdown(source, { externalRel: "noopener noreferrer nofollow", images: "https" }).html;
}
