import { crc32 } from "node:zlib";
import sharp from "sharp";

/** Small real files for upload tests, made on the spot (real encoders, real containers). */

export async function samplePng(width = 40, height = 30): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
}

/**
 * A decompression bomb's disguise: a real PNG of a few pixels whose header (IHDR, its CRC made right) claims
 * `width` x `height`. It is a valid PNG to every check that reads only the header; decoding it would allocate the
 * whole claimed canvas (30000 x 30000 is 900 megapixels, 3.6 GB).
 */
export async function samplePngClaiming(width: number, height: number): Promise<Uint8Array> {
  const png = Buffer.from(await samplePng(4, 4));
  // After the 8-byte signature: the IHDR chunk's length (4), type (4), width (4), height (4), 5 more bytes, CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A photo-like JPEG (noise, so its data is tens of kilobytes, not a few hundred bytes of flat colour). */
export async function sampleJpeg(width = 400, height = 300): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** The first half of a file, as a broken download or an upload cut short leaves it. */
export function cutInHalf(bytes: Uint8Array): Uint8Array {
  return bytes.slice(0, Math.floor(bytes.length / 2));
}

/** A JPEG carrying EXIF (camera, GPS position) and an orientation that turns it upright when rotated 90°. */
export async function sampleJpegWithGps(width = 60, height = 40): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: "#c33" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PlugCam", Model: "Rug 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A GIF of `frames` frames, each `width` x `height`. */
export async function sampleAnimatedGif(frames = 3, width = 16, height = 12): Promise<Uint8Array> {
  const colors = ["#f00", "#0f0", "#00f", "#ff0"];
  const images = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width, height, channels: 3, background: colors[i % colors.length] as string } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(images, { join: { animated: true } })
    .gif({ delay: 100, loop: 0 })
    .toBuffer();
}

export function samplePdf(): Uint8Array {
  return new TextEncoder().encode(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" +
      "trailer<</Root 1 0 R>>\n%%EOF\n",
  );
}

/** The start of an MP4: an `ftyp` box with the isom brand, which is what identifies the container. */
export function sampleMp4Header(): Uint8Array {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write("ftypisom", 4, "latin1");
  box.writeUInt32BE(0x200, 12);
  box.write("isommp41", 16, "latin1");
  return box;
}

/** A Compound File Binary header (what .doc, .xls and .ppt files are), padded to one sector. */
export function sampleCfb(): Uint8Array {
  const bytes = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return bytes;
}

/** A minimal Word document: a zip holding [Content_Types].xml and word/document.xml. */
export function sampleDocx(text = "Hello from a test"): Uint8Array {
  return zip({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      "</Types>",
    "word/document.xml":
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  });
}

export function sampleHtml(): Uint8Array {
  return new TextEncoder().encode(
    "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>",
  );
}

/** `bytes` followed by zeros up to exactly `size` bytes (a PNG still reads as a PNG with data after IEND). */
export function padTo(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes);
  return out;
}

/** A zip archive of uncompressed (stored) entries. */
function zip(entries: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, "utf8");
    const data = Buffer.from(content, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
