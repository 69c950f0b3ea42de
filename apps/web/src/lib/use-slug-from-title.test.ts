import { describe, expect, it } from "vitest";
import { slugFromTitle } from "./use-slug-from-title.ts";

describe("slugFromTitle", () => {
  it("makes the spec's slug from a title", () => {
    expect(slugFromTitle("  How to Spot a Rug Pull!  ", 100)).toBe("how-to-spot-a-rug-pull");
  });

  it("cuts a long title to the slug's length without leaving a hyphen at its end", () => {
    expect(slugFromTitle("Wallet safety basics", 7)).toBe("wallet");
    expect(slugFromTitle("Wallet safety basics", 9)).toBe("wallet-sa");
  });
});
