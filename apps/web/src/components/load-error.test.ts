import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { BlogLoadFailure } from "../features/blog/blog-parts.tsx";
import { LearnLoadFailure } from "../features/learn/learn-parts.tsx";
import { ApiError } from "../lib/api.ts";

const html = (element: ReturnType<typeof createElement>) =>
  renderToString(createElement(MemoryRouter, null, element));
const props = { what: "article", onRetry: () => {}, busy: false };

describe("PageLoadFailure (the blog's and Learn's)", () => {
  it("shows a 404 as the section's not-found page in the server's words", () => {
    const blog = html(
      createElement(BlogLoadFailure, {
        ...props,
        error: new ApiError(404, "not_found", "Article not found"),
      }),
    );
    expect(blog).toContain("Article not found");
    expect(blog).toContain(">404<");
    expect(blog).toContain("Browse all articles");
    const learn = html(
      createElement(LearnLoadFailure, {
        ...props,
        error: new ApiError(404, "not_found", "Course not found"),
      }),
    );
    expect(learn).toContain("Course not found");
    expect(learn).not.toContain(">404<");
    expect(learn).toContain("Browse all courses");
  });

  it("shows any other failure as 'Could not load the …' with Retry", () => {
    const out = html(createElement(BlogLoadFailure, { ...props, error: new ApiError(500, "x", "Boom") }));
    expect(out).toContain("Could not load the article");
    expect(out).toContain("Retry");
    expect(out).not.toContain("Boom");
  });
});
