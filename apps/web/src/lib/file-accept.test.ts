import { FILE_RULES } from "@plugs/domain";
import { describe, expect, it } from "vitest";
import { fileAccept } from "./file-accept.ts";

describe("fileAccept", () => {
  it("lists the types the domain's file rules take, kind by kind", () => {
    expect(fileAccept(["image"])).toBe("image/jpeg,image/png,image/gif,image/webp");
    expect(fileAccept(["image", "video"])).toBe(
      "image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/x-msvideo",
    );
  });

  it("adds the extensions of the kinds asked for, after every type", () => {
    const accept = fileAccept(["image", "document"], ["document"]).split(",");
    expect(accept.slice(0, 4 + FILE_RULES.document.mimes.length)).toEqual([
      ...FILE_RULES.image.mimes,
      ...FILE_RULES.document.mimes,
    ]);
    expect(accept.slice(4 + FILE_RULES.document.mimes.length)).toEqual([
      ".pdf",
      ".doc",
      ".docx",
      ".xls",
      ".xlsx",
      ".ppt",
      ".pptx",
      ".txt",
      ".rtf",
    ]);
  });
});
