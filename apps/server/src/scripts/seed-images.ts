import sharp from "sharp";

/** Pictures drawn for the demo data: SVG rendered to PNG by sharp. */

export function gradient(colors: [string, string]): string {
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>
  </linearGradient></defs>`;
}

/** A 3:1 banner: the gradient with a few soft circles (communities' and the demo people's). */
export async function renderBanner(colors: [string, string]): Promise<File> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500">${gradient(colors)}
  <rect width="1500" height="500" fill="url(#g)"/>
  <circle cx="1250" cy="80" r="260" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="180" cy="470" r="200" fill="#000000" fill-opacity="0.10"/>
  <circle cx="760" cy="250" r="90" fill="#ffffff" fill-opacity="0.08"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return new File([new Uint8Array(png)], "banner.png", { type: "image/png" });
}

/**
 * A 16:9 price chart for a demo post: a walk drawn from `seed` (the same seed draws the same chart), rising or
 * falling as `trend` says, on a dark card with a grid and the pair's name.
 */
export async function renderChart(seed: number, pair: string, trend: number, color: string): Promise<File> {
  const width = 1200;
  const height = 675;
  const points: number[] = [];
  let value = 0.5;
  for (let i = 0; i < 60; i++) {
    const wobble = Math.sin(seed * 12.9898 + i * 78.233) * 43758.5453;
    value += (wobble - Math.floor(wobble) - 0.5) * 0.08 + trend * 0.01;
    value = Math.min(0.95, Math.max(0.05, value));
    points.push(value);
  }
  const line = points
    .map(
      (v, i) =>
        `${(80 + (i * (width - 160)) / 59).toFixed(1)},${(120 + (1 - v) * (height - 220)).toFixed(1)}`,
    )
    .join(" ");
  const grid = [0, 1, 2, 3, 4]
    .map((i) => `<line x1="80" x2="${width - 80}" y1="${120 + i * 113.75}" y2="${120 + i * 113.75}"/>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" fill="#0b1020"/>
  <g stroke="#1f2937" stroke-width="2">${grid}</g>
  <polyline points="${line}" fill="none" stroke="${color}" stroke-width="6" stroke-linejoin="round"/>
  <text x="80" y="80" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="700"
    fill="#f9fafb">${pair}</text>
  <text x="${width - 80}" y="80" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="34"
    fill="${color}">${trend >= 0 ? "+" : ""}${(trend * 9.7).toFixed(1)}%</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return new File([new Uint8Array(png)], `${pair.replace(/\W+/g, "-").toLowerCase()}-chart.png`, {
    type: "image/png",
  });
}
