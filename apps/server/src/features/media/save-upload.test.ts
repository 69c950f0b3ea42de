import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { IMAGE_MAX_MEGAPIXELS, IMAGE_MAX_PIXELS, M } from "@plugs/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../../storage/local-storage.ts";
import type { TStorage } from "../../storage/storage.ts";
import {
  cutInHalf,
  padTo,
  sampleAnimatedGif,
  sampleDocx,
  sampleJpeg,
  sampleJpegWithGps,
  samplePng,
  samplePngClaiming,
} from "../../testing/sample-files.ts";
import { saveUpload, saveUploadedFile } from "./save-upload.ts";

const MB = 1024 * 1024;
let dataDir: string;
let root: string;
let deps: { storage: TStorage };
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-upload-"));
  root = path.join(dataDir, "uploads");
  deps = { storage: createLocalStorage(root) };
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const stored = (p: string) => fs.readFileSync(path.join(root, p));

describe("saveUpload", () => {
  it("keeps nothing of a polyglot: script after a GIF's end, HTML in a JPEG comment, a ZIP behind a PNG", async () => {
    const payload = "<script>alert(document.cookie)</script>";
    const gif = Buffer.concat([Buffer.from(await sampleAnimatedGif(2)), Buffer.from(`/*${payload}*/`)]);
    const jpeg = Buffer.from(
      await sharp(await sampleJpeg(64, 48))
        .jpeg()
        .toBuffer(),
    );
    // A JPEG comment segment (FF FE, big-endian length) right after the SOI marker.
    const comment = Buffer.from(`<html><body>${payload}</body></html>`);
    const length = Buffer.from([((comment.length + 2) >> 8) & 0xff, (comment.length + 2) & 0xff]);
    const jpegWithHtml = Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xfe]),
      length,
      comment,
      jpeg.subarray(2),
    ]);
    const pngWithZip = Buffer.concat([Buffer.from(await samplePng()), Buffer.from(sampleDocx(payload))]);
    for (const [bytes, fileName] of [
      [gif, "wave.gif"],
      [jpegWithHtml, "photo.jpg"],
      [pngWithZip, "chart.png"],
    ] as const) {
      const saved = await saveUpload(deps, {
        folder: "posts/polyglot",
        fileName,
        bytes: new Uint8Array(bytes),
        allowedKinds: ["image"],
      });
      const kept = stored(saved.path);
      expect(kept.includes(Buffer.from(payload)), fileName).toBe(false);
      // No ZIP local file header survives either.
      expect(kept.includes(Buffer.from([0x50, 0x4b, 0x03, 0x04])), fileName).toBe(false);
      expect((await sharp(kept).metadata()).format, fileName).toBe(
        fileName === "photo.jpg" ? "jpeg" : fileName.split(".")[1],
      );
    }
  });

  it("strips EXIF and GPS from a JPEG, turns it upright and records its size", async () => {
    const jpeg = await sampleJpegWithGps(60, 40);
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from("PlugCam"))).toBe(true);
    // Little-endian EXIF ("II") holding the GPS IFD pointer tag 0x8825.
    expect(before.exif?.subarray(6, 8).toString()).toBe("II");
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const saved = await saveUpload(deps, {
      folder: "posts/p1",
      fileName: "IMG_0001.JPEG",
      bytes: jpeg,
      allowedKinds: ["image"],
    });
    expect(saved).toMatchObject({
      path: "posts/p1/IMG_0001.jpg",
      url: "/media/posts/p1/IMG_0001.jpg",
      mime: "image/jpeg",
      kind: "image",
      width: 40,
      height: 60,
      originalName: "IMG_0001.JPEG",
    });
    const file = stored(saved.path);
    expect(saved.size).toBe(file.length);
    const after = await sharp(file).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(file.includes(Buffer.from("PlugCam"))).toBe(false);
    expect([after.width, after.height]).toEqual([40, 60]);
  });

  it("keeps a PNG a PNG and a GIF animated", async () => {
    const png = await saveUpload(deps, {
      folder: "f",
      fileName: "pic.webp",
      bytes: await samplePng(30, 20),
      allowedKinds: ["image"],
    });
    expect(png).toMatchObject({ path: "f/pic.png", mime: "image/png", width: 30, height: 20 });
    expect((await sharp(stored(png.path)).metadata()).format).toBe("png");

    const gif = await saveUpload(deps, {
      folder: "f",
      fileName: "dance.gif",
      bytes: await sampleAnimatedGif(3, 16, 12),
      allowedKinds: ["image"],
    });
    expect(gif).toMatchObject({ path: "f/dance.gif", width: 16, height: 12 });
    const meta = await sharp(stored(gif.path), { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.pageHeight]).toEqual(["gif", 3, 12]);
  });

  it("stores an image of exactly 5 MB (data after the PNG's end is dropped by re-encoding)", async () => {
    const saved = await saveUpload(deps, {
      folder: "big",
      fileName: "big.png",
      bytes: padTo(await samplePng(), 5 * MB),
      allowedKinds: ["image"],
    });
    expect(saved.size).toBeLessThan(10_000);
    expect(saved.size).toBe(stored(saved.path).length);
  });

  it("refuses an image whose pixels do not decode as damaged, not as an unsupported type", async () => {
    const png = Buffer.from(await samplePng());
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const jpeg = await sampleJpeg();
    for (const [fileName, bytes] of [
      ["a.png", broken],
      ["half.jpg", cutInHalf(jpeg)],
      ["half.png", cutInHalf(await samplePng(200, 200))],
    ] as const) {
      await expect(
        saveUpload(deps, { folder: "x", fileName, bytes, allowedKinds: ["image"] }),
        fileName,
      ).rejects.toMatchObject({ status: 400, message: "The image file is damaged" });
    }
    expect(fs.existsSync(path.join(root, "x"))).toBe(false);
    // The whole JPEG is fine: it is the cut that is refused.
    expect(
      (await saveUpload(deps, { folder: "y", fileName: "whole.jpg", bytes: jpeg, allowedKinds: ["image"] }))
        .width,
    ).toBe(400);
  });

  it("refuses a decompression bomb from its header, before decoding it", async () => {
    const bomb = await samplePngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    await expect(
      saveUpload(deps, { folder: "bomb", fileName: "bomb.png", bytes: bomb, allowedKinds: ["image"] }),
    ).rejects.toMatchObject({
      status: 413,
      message: `Image is too large (max ${IMAGE_MAX_MEGAPIXELS} megapixels)`,
    });
    // Just past the cap is refused the same way.
    const side = Math.ceil(Math.sqrt(IMAGE_MAX_PIXELS)) + 1;
    await expect(
      saveUpload(deps, {
        folder: "bomb",
        fileName: "edge.png",
        bytes: await samplePngClaiming(side, side),
        allowedKinds: ["image"],
      }),
    ).rejects.toMatchObject({ status: 413, message: M.files.imageTooManyPixels(IMAGE_MAX_MEGAPIXELS) });
    expect(fs.existsSync(path.join(root, "bomb"))).toBe(false);
  });

  it("stores a document byte for byte, under its real extension, numbering same names", async () => {
    const docx = sampleDocx();
    const first = await saveUploadedFile(deps, {
      folder: "comments/c1",
      file: new File([docx], "Road map (v2).docx"),
      allowedKinds: ["document"],
    });
    expect(first).toMatchObject({
      path: "comments/c1/Road-map-v2.docx",
      kind: "document",
      width: null,
      height: null,
      size: docx.length,
      originalName: "Road map (v2).docx",
    });
    expect(stored(first.path).equals(Buffer.from(docx))).toBe(true);
    const second = await saveUploadedFile(deps, {
      folder: "comments/c1",
      file: new File([docx], "Road map (v2).zip"),
      allowedKinds: ["document"],
    });
    expect(second.path).toBe("comments/c1/Road-map-v2-1.docx");
  });

  it("refuses a missing file with 'No file provided' and stores nothing", async () => {
    await expect(
      saveUploadedFile(deps, { folder: "none", file: null, allowedKinds: ["image"] }),
    ).rejects.toMatchObject({
      status: 400,
      message: "No file provided",
    });
    expect(fs.existsSync(path.join(root, "none"))).toBe(false);
  });
});
