import { M } from "@plugs/domain";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import {
  padTo,
  sampleAnimatedGif,
  sampleCfb,
  sampleDocx,
  sampleHtml,
  sampleMp4Header,
  samplePdf,
  samplePng,
} from "../../testing/sample-files.ts";
import { inspectUpload } from "./inspect-upload.ts";

const MB = 1024 * 1024;
const ALL = ["image", "document", "video"] as const;
const text = (s: string) => new TextEncoder().encode(s);

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { status: err.status, message: err.message };
}

describe("inspectUpload", () => {
  it("refuses a missing or empty file with 'No file provided'", async () => {
    for (const bytes of [null, undefined, new Uint8Array(0)]) {
      expect(await refusal(inspectUpload({ bytes, fileName: "a.png", allowedKinds: ALL }))).toEqual({
        status: 400,
        message: "No file provided",
      });
    }
  });

  it("names each accepted type by its bytes, whatever the file is called", async () => {
    const cases: [Uint8Array, string, { kind: string; mime: string; ext: string }][] = [
      [await samplePng(), "photo.gif", { kind: "image", mime: "image/png", ext: "png" }],
      [await sampleAnimatedGif(), "anim", { kind: "image", mime: "image/gif", ext: "gif" }],
      [samplePdf(), "paper.doc", { kind: "document", mime: "application/pdf", ext: "pdf" }],
      [
        sampleDocx(),
        "letter.docx",
        {
          kind: "document",
          mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          ext: "docx",
        },
      ],
      [text("{\\rtf1 Hello}"), "x.txt", { kind: "document", mime: "application/rtf", ext: "rtf" }],
      [sampleMp4Header(), "clip.mov", { kind: "video", mime: "video/mp4", ext: "mp4" }],
    ];
    for (const [bytes, fileName, expected] of cases) {
      expect(await inspectUpload({ bytes, fileName, allowedKinds: ALL }), fileName).toEqual(expected);
    }
  });

  it("refuses an HTML file named .png, and an SVG, as unsupported (415)", async () => {
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, fileName] of [
      [sampleHtml(), "cat.png"],
      [sampleHtml(), "page.html"],
      [svg, "logo.svg"],
      [svg, "logo.png"],
    ] as const) {
      expect(await refusal(inspectUpload({ bytes, fileName, allowedKinds: ALL })), fileName).toEqual({
        status: 415,
        message: M.files.unsupported,
      });
    }
  });

  it("refuses a type the caller does not allow here", async () => {
    expect(
      await refusal(inspectUpload({ bytes: samplePdf(), fileName: "a.pdf", allowedKinds: ["image"] })),
    ).toEqual({
      status: 415,
      message: M.files.unsupported,
    });
  });

  it("accepts plain text only as a .txt document that cannot pass for markup", async () => {
    const notes = text("Buy low, sell high.\nÜnïcödé is fine ✓\n");
    expect(await inspectUpload({ bytes: notes, fileName: "notes.TXT", allowedKinds: ["document"] })).toEqual({
      kind: "document",
      mime: "text/plain",
      ext: "txt",
    });
    const refused: [Uint8Array, string, readonly ("image" | "document" | "video")[]][] = [
      [notes, "notes.md", ["document"]],
      [notes, "notes.txt", ["image"]],
      [text("  \n<!DOCTYPE html><p>hi</p>"), "page.txt", ["document"]],
      [text("hello <HTML><body>"), "page.txt", ["document"]],
      [text("<ScRiPt>alert(1)</script>"), "x.txt", ["document"]],
      [text('<?xml version="1.0"?><svg/>'), "x.txt", ["document"]],
      [text("<svg onload=alert(1)>"), "x.txt", ["document"]],
      [new Uint8Array([0x68, 0x69, 0x00, 0x21]), "nul.txt", ["document"]],
      [new Uint8Array([0x68, 0xc3, 0x28]), "bad-utf8.txt", ["document"]],
    ];
    for (const [bytes, fileName, allowedKinds] of refused) {
      expect((await refusal(inspectUpload({ bytes, fileName, allowedKinds }))).status, fileName).toBe(415);
    }
  });

  it("names old Office files (CFB) by their extension, and only those", async () => {
    const cfb = sampleCfb();
    expect((await inspectUpload({ bytes: cfb, fileName: "a.doc", allowedKinds: ALL })).mime).toBe(
      "application/msword",
    );
    expect((await inspectUpload({ bytes: cfb, fileName: "a.XLS", allowedKinds: ALL })).ext).toBe("xls");
    expect((await inspectUpload({ bytes: cfb, fileName: "a.ppt", allowedKinds: ALL })).ext).toBe("ppt");
    expect(
      (await refusal(inspectUpload({ bytes: cfb, fileName: "setup.msi", allowedKinds: ALL }))).status,
    ).toBe(415);
    // A .doc name on anything that is not CFB is judged by its bytes.
    expect(
      (await refusal(inspectUpload({ bytes: sampleHtml(), fileName: "a.doc", allowedKinds: ALL }))).status,
    ).toBe(415);
  });

  it("accepts exactly each kind's limit and refuses one byte more with the spec's message", async () => {
    const png = await samplePng();
    const cases = [
      ["image", png, "a.png", 5, "File too large. Maximum size for images is 5MB"],
      ["document", samplePdf(), "a.pdf", 10, "File too large. Maximum size for documents is 10MB"],
      ["video", sampleMp4Header(), "a.mp4", 50, "File too large. Maximum size for videos is 50MB"],
    ] as const;
    for (const [kind, bytes, fileName, megabytes, message] of cases) {
      const atLimit = padTo(bytes, megabytes * MB);
      expect((await inspectUpload({ bytes: atLimit, fileName, allowedKinds: ALL })).kind).toBe(kind);
      const over = padTo(bytes, megabytes * MB + 1);
      expect(await refusal(inspectUpload({ bytes: over, fileName, allowedKinds: ALL }))).toEqual({
        status: 413,
        message,
      });
    }
  });
});
