import { M } from "@plugs/domain";
import sharp from "sharp";
import { AppError } from "../../errors.ts";

/** Larger images are refused: decoding one costs about 4 bytes per pixel of memory (50 MP is ~200 MB). */
const MAX_PIXELS = 50_000_000;

/**
 * Decodes and re-encodes an accepted image in its own format, which drops every piece of metadata (EXIF, GPS,
 * XMP, comments) after turning it upright per its EXIF orientation. GIF and WebP keep their animation.
 * An image that does not decode is refused as unsupported.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  mime: string,
): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const animated = mime === "image/gif" || mime === "image/webp";
  try {
    let image = sharp(bytes, { animated, limitInputPixels: MAX_PIXELS });
    const { pages = 1 } = await image.metadata();
    if (pages === 1) image = image.rotate();
    if (mime === "image/jpeg") image = image.jpeg({ quality: 85, mozjpeg: true });
    else if (mime === "image/png") image = image.png();
    else if (mime === "image/webp") image = image.webp({ quality: 85 });
    else if (mime === "image/gif") image = image.gif();
    else throw new Error(`not an image type we re-encode: ${mime}`);
    const out = await image.toBuffer();
    const meta = await sharp(out).metadata();
    return { bytes: out, width: meta.width ?? 0, height: meta.pageHeight ?? meta.height ?? 0 };
  } catch {
    throw new AppError("UNSUPPORTED_TYPE", M.files.unsupported);
  }
}
