import { describe, expect, it } from "vitest";
import { M } from "./messages.ts";
import { isStorableText, zText } from "./text.ts";

describe("text a database can store", () => {
  it("refuses NUL and lone surrogates, anywhere in the string", () => {
    for (const bad of [
      "\u0000",
      "a\u0000",
      "\ud800",
      "é\ud800",
      "\udc00x",
      "x\ud83d",
      "\ud83d\ud83d\ude80",
    ]) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("takes every script, whole emoji with their modifiers, and the empty string", () => {
    for (const good of [
      "",
      "gm",
      "🚀",
      "👩🏽‍💻",
      "مرحبا",
      "你好",
      "a\u200bb",
      "\u202eevil",
      "tab\tand\nline",
    ]) {
      expect(isStorableText(good), JSON.stringify(good)).toBe(true);
    }
  });

  it("is the shared schema's rule, with the spec's message", () => {
    const result = zText().max(5).safeParse("a\u0000");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(M.kols.invalidCharacters);
    expect(zText().parse("🚀")).toBe("🚀");
  });
});
