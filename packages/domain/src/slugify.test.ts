import { describe, expect, it } from "vitest";
import { slugify } from "./slugify.ts";

describe("slugify", () => {
  it("lowercases, hyphenates spaces and drops punctuation", () => {
    expect(slugify("Solana Degens")).toBe("solana-degens");
    expect(slugify("  DeFi   Builders  ")).toBe("defi-builders");
    expect(slugify("Moon!! Boys")).toBe("moon-boys");
  });
  it("collapses repeated hyphens and trims them from the edges", () => {
    expect(slugify("--a - - b--")).toBe("a-b");
  });
});
