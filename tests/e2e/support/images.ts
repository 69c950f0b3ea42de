import sharp from "sharp";

/** A flat-coloured PNG of this size (real image bytes: the server re-encodes them). */
export function png(width: number, height: number, rgb: [number, number, number]) {
  const [r, g, b] = rgb;
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}
