import { describe, expect, it } from "vitest";
import { candidateName, checkFolder, displayName, isSafeKey, safeFileName } from "./safe-names.ts";

describe("safe storage names", () => {
  it("keeps only the last path part of a user's name, folded to safe characters", () => {
    expect(safeFileName("../../etc/My Résumé (1).PDF")).toEqual({ stem: "My-Resume-1", ext: "pdf" });
    expect(safeFileName("C:\\Users\\me\\photo.jpeg")).toEqual({ stem: "photo", ext: "jpeg" });
    expect(safeFileName("evil\0name.png")).toEqual({ stem: "evil-name", ext: "png" });
    expect(safeFileName(".htaccess")).toEqual({ stem: "htaccess", ext: "" });
    expect(safeFileName("..")).toEqual({ stem: "file", ext: "" });
    expect(safeFileName("日本語.png")).toEqual({ stem: "file", ext: "png" });
    expect(safeFileName(`${"a".repeat(300)}.txt`).stem).toHaveLength(80);
  });

  it("numbers candidates before the extension", () => {
    expect([0, 1, 2].map((n) => candidateName("photo", "jpg", n))).toEqual([
      "photo.jpg",
      "photo-1.jpg",
      "photo-2.jpg",
    ]);
    expect(candidateName("notes", "", 1)).toBe("notes-1");
  });

  it("accepts only keys made of safe segments", () => {
    expect(isSafeKey("posts/3f1c/photo-1.jpg")).toBe(true);
    for (const bad of [
      "",
      "../x",
      "a/../b",
      "/abs",
      "a//b",
      "a/./b",
      "a/b\0c",
      "a/b c",
      "a\\b",
      "..",
      "a/%2e%2e",
    ]) {
      expect(isSafeKey(bad), bad).toBe(false);
    }
  });

  it("refuses an unsafe folder instead of rewriting it", () => {
    expect(checkFolder("/posts/abc/")).toBe("posts/abc");
    expect(() => checkFolder("posts/../secrets")).toThrow(/Unsafe storage folder/);
    expect(() => checkFolder("/")).toThrow(/Unsafe storage folder/);
  });

  it("keeps the user's own name for display, without path or control characters", () => {
    expect(displayName("C:\\fakepath\\Quarterly Report (final).docx")).toBe("Quarterly Report (final).docx");
    expect(displayName("a\u0007b\n.txt")).toBe("ab.txt");
    expect(displayName("")).toBe("file");
  });
});
