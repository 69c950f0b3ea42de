import { isGiphyMediaUrl, M, POST_LIMITS, type TGif } from "@plugs/domain";
import type { TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";

const TRENDING_TTL_MS = 60_000;
const TIMEOUT_MS = 5_000;

/** The parts of GIPHY's answer we read (GET /v1/gifs/trending and /v1/gifs/search). */
type TGiphyImage = { url?: unknown; width?: unknown; height?: unknown };
type TGiphyGif = {
  id?: unknown;
  title?: unknown;
  username?: unknown;
  images?: { original?: TGiphyImage; fixed_height?: TGiphyImage };
};

function toNumber(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : 0;
}

/** GIPHY's GIF objects to ours; anything not served from GIPHY's media hosts is dropped (posts would refuse it). */
export function mapGiphyGifs(data: unknown): TGif[] {
  if (!Array.isArray(data)) return [];
  const items: TGif[] = [];
  for (const gif of data as TGiphyGif[]) {
    const original = gif?.images?.original;
    const preview = gif?.images?.fixed_height ?? original;
    if (typeof gif?.id !== "string" || typeof original?.url !== "string") continue;
    if (!isGiphyMediaUrl(original.url)) continue;
    const previewUrl =
      typeof preview?.url === "string" && isGiphyMediaUrl(preview.url) ? preview.url : original.url;
    items.push({
      id: gif.id,
      title: typeof gif.title === "string" ? gif.title : "",
      url: original.url,
      preview: previewUrl,
      width: toNumber(original.width),
      height: toNumber(original.height),
      username: typeof gif.username === "string" ? gif.username : "",
    });
  }
  return items;
}

/**
 * The GIPHY proxy: the API key stays on the server. Trending is cached in memory for 60 s (per server instance);
 * searches go straight through. Without a key every call answers 503 NOT_CONFIGURED.
 */
export function createGifService(deps: TDeps) {
  let trending: { at: number; items: Promise<TGif[]> } | null = null;

  async function callGiphy(endpoint: "trending" | "search", query?: string): Promise<TGif[]> {
    const apiKey = deps.config.giphyApiKey;
    if (!apiKey) throw new AppError("NOT_CONFIGURED", M.gifs.notConfigured);
    const url = new URL(`${deps.config.giphyApiUrl}/v1/gifs/${endpoint}`);
    url.searchParams.set("api_key", apiKey);
    if (query !== undefined) url.searchParams.set("q", query);
    url.searchParams.set("limit", String(POST_LIMITS.gifSearchLimit));
    url.searchParams.set("rating", "pg-13");
    let body: { data?: unknown };
    try {
      const res = await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) {
        // The URL carries the key: log the endpoint and status only.
        deps.logger.warn({ endpoint, status: res.status }, "GIPHY answered with an error");
        throw new AppError("UPSTREAM_FAILED", M.gifs.loadFailed);
      }
      body = (await res.json()) as { data?: unknown };
    } catch (err) {
      if (err instanceof AppError) throw err;
      deps.logger.warn({ endpoint, error: (err as Error).name }, "GIPHY could not be reached");
      throw new AppError("UPSTREAM_FAILED", M.gifs.loadFailed);
    }
    return mapGiphyGifs(body?.data);
  }

  return {
    trending(): Promise<TGif[]> {
      const now = Date.now();
      if (trending && now - trending.at < TRENDING_TTL_MS) return trending.items;
      const items = callGiphy("trending");
      const entry = { at: now, items };
      trending = entry;
      // A failure is not cached: the next call asks GIPHY again.
      items.catch(() => {
        if (trending === entry) trending = null;
      });
      return items;
    },
    search(query: string): Promise<TGif[]> {
      const q = query.trim();
      if (!q) return Promise.resolve([]);
      return callGiphy("search", q);
    },
  };
}
