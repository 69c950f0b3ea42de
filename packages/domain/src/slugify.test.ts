import { describe, expect, it } from "vitest";
import { M_SLUG, slugify, ZSlug } from "./slugify.ts";

describe("slugify", () => {
  it("lowercases, hyphenates spaces and drops punctuation", () => {
    expect(slugify("Solana Degens")).toBe("solana-degens");
    expect(slugify("  DeFi   Builders  ")).toBe("defi-builders");
    expect(slugify("Moon!! Boys")).toBe("moon-boys");
  });
  it("collapses repeated hyphens and trims them from the edges", () => {
    expect(slugify("--a - - b--")).toBe("a-b");
  });
  it("cuts to the max without leaving a hyphen at the end", () => {
    expect(slugify("Alpha Beta Gamma", 6)).toBe("alpha");
    expect(slugify("Alpha Beta Gamma", 10)).toBe("alpha-beta");
    expect(slugify("Alpha Beta", 100)).toBe("alpha-beta");
  });
});

describe("ZSlug", () => {
  it("takes lowercase groups joined by single hyphens, up to its max", () => {
    expect(ZSlug(10).parse(" ab-12 ")).toBe("ab-12");
  });
  it("refuses anything else with the slug message", () => {
    for (const bad of ["", "Bad Slug", "a--b", "-a", "a-", "abcdefghijk"]) {
      const result = ZSlug(10).safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(M_SLUG.invalid);
    }
  });
});
