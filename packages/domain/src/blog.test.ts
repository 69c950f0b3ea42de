import { describe, expect, it } from "vitest";
import { M_BLOG, readingMinutes, ZArticleInput, ZArticlePatch, ZTagName } from "./blog.ts";

const article = { title: "T", excerpt: "E", body: "B", categoryId: null, tags: [], status: "draft" as const };
const fieldOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("readingMinutes", () => {
  it("counts words at 220 a minute, at least one", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("word ".repeat(220))).toBe(1);
    expect(readingMinutes("word ".repeat(1100))).toBe(5);
    // Markdown's marks are not words.
    expect(readingMinutes("## ** -- > `` ".repeat(500))).toBe(1);
  });
});

describe("article schedule", () => {
  it("needs a future publish time when scheduled, and ignores it otherwise", () => {
    expect(fieldOf(ZArticleInput.safeParse({ ...article, status: "scheduled" }))).toEqual({
      publishAt: M_BLOG.publishAtRequired,
    });
    const past = new Date(Date.now() - 1000).toISOString();
    expect(fieldOf(ZArticleInput.safeParse({ ...article, status: "scheduled", publishAt: past }))).toEqual({
      publishAt: M_BLOG.publishAtInPast,
    });
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(ZArticleInput.safeParse({ ...article, status: "scheduled", publishAt: future }).success).toBe(
      true,
    );
    expect(ZArticleInput.safeParse({ ...article, status: "published", publishAt: past }).success).toBe(true);
    expect(ZArticlePatch.safeParse({ title: "Only the title" }).success).toBe(true);
  });

  it("takes tags of letters, digits, spaces and hyphens", () => {
    expect(ZTagName.safeParse("Rug pulls").success).toBe(true);
    expect(ZTagName.safeParse("Layer-2 tokens").success).toBe(true);
    expect(ZTagName.safeParse("Биткоин").success).toBe(false);
    expect(ZTagName.safeParse("<b>").error?.issues[0]?.message).toBe(M_BLOG.tagInvalid);
    expect(ZTagName.safeParse(" -lead").success).toBe(false);
  });
});
