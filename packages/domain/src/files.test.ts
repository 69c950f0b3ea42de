import { describe, expect, it } from "vitest";
import { checkFileClaim, FILE_RULES, sizeInWords } from "./files.ts";
import { M } from "./messages.ts";

describe("checkFileClaim", () => {
  it("accepts an image within its limit", () => {
    expect(checkFileClaim({ type: "image/png", size: FILE_RULES.image.maxBytes }, ["image"])).toBeNull();
  });
  it("refuses one byte over the limit with the spec's message", () => {
    expect(checkFileClaim({ type: "image/png", size: FILE_RULES.image.maxBytes + 1 }, ["image"])).toBe(
      "File too large. Maximum size for images is 5MB",
    );
    expect(checkFileClaim({ type: "video/mp4", size: FILE_RULES.video.maxBytes + 1 }, ["video"])).toBe(
      "File too large. Maximum size for videos is 50MB",
    );
  });
  it("refuses kinds that are not allowed here, and a missing file", () => {
    expect(checkFileClaim({ type: "application/pdf", size: 10 }, ["image"])).toBe(M.files.unsupported);
    expect(checkFileClaim({ type: "text/html", size: 10 }, ["image", "document"])).toBe(M.files.unsupported);
    expect(checkFileClaim(null, ["image"])).toBe("No file provided");
  });
});

describe("limits and their words", () => {
  it("each kind's limit in bytes and the megabytes its message names are one number", () => {
    for (const rule of Object.values(FILE_RULES)) expect(rule.maxBytes).toBe(rule.megabytes * 1024 * 1024);
  });
  it("sizeInWords names a limit in the spec's style", () => {
    expect(sizeInWords(FILE_RULES.image.maxBytes)).toBe("5MB");
    expect(sizeInWords(51 * 1024 * 1024)).toBe("51MB");
    expect(sizeInWords(1.5 * 1024 * 1024)).toBe("1.5MB");
    expect(sizeInWords(64 * 1024)).toBe("64KB");
  });
});
