import { IMAGE_MAX_MEGAPIXELS, IMAGE_MAX_PIXELS, M } from "@plugs/domain";
import sharp from "sharp";
import { AppError } from "../../errors.ts";

/**
 * Decodes and re-encodes an accepted image in its own format, which drops every piece of metadata (EXIF, GPS,
 * XMP, comments) after turning it upright per its EXIF orientation. GIF and WebP keep their animation.
 *
 * The header is read first: an image past IMAGE_MAX_PIXELS (all frames together, which is what decoding holds in
 * memory) is refused with 413 'Image is too large (max 50 megapixels)' before any pixel is decoded, so a small file
 * claiming a huge canvas (a decompression bomb) costs nothing. An image whose header or data does not decode (cut
 * short, corrupted) is refused with 400 'The image file is damaged'.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  mime: string,
): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const animated = mime === "image/gif" || mime === "image/webp";
  const { width = 0, height = 0, pages = 1 } = await headerOf(bytes, animated);
  // With `animated`, height is every frame's stacked: the canvas decoding allocates.
  if (width * height > IMAGE_MAX_PIXELS) {
    throw new AppError("TOO_LARGE", M.files.imageTooManyPixels(IMAGE_MAX_MEGAPIXELS));
  }
  try {
    let image = sharp(bytes, { animated, limitInputPixels: IMAGE_MAX_PIXELS });
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
    throw new AppError("VALIDATION", M.files.imageDamaged);
  }
}

/** The image's header (size, frames) without decoding it; no pixel limit here, the caller judges the size. */
async function headerOf(bytes: Uint8Array, animated: boolean) {
  try {
    return await sharp(bytes, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError("VALIDATION", M.files.imageDamaged);
  }
}
