import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { FILE_RULES, M } from "@plugs/domain";
import sharp from "sharp";
import type { TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { inspectUpload } from "../media/inspect-upload.ts";
import { reencodeImage } from "../media/reencode-image.ts";

const FETCH_TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 3;
/** Avatars show at most 128 px wide (twice that on dense screens). */
const AVATAR_SIDE = 256;

/** Addresses a link must not make the server reach: loopback, private networks, link-local, carrier NAT. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv6");
}

function isPrivate(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, "ipv4");
  return PRIVATE.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

const failed = () =>
  new AppError("VALIDATION", M.kols.avatarUnreachable, { fields: { avatarUrl: M.kols.avatarUnreachable } });

/**
 * A KOL's avatar linked from another site is fetched once, checked by its bytes like an upload (an image, at most
 * the image size limit, not a decompression bomb), cut to a 256 px square and kept in our media store: the pages'
 * Content-Security-Policy allows images from our own origin only, and readers' browsers never call the other site.
 * A link to our own media is kept as it is. Refuses a link that cannot be fetched with 400 naming `avatarUrl`.
 */
export async function storeLinkedAvatar(
  deps: Pick<TDeps, "storage" | "config">,
  handle: string,
  link: string,
): Promise<string> {
  const own = new URL(deps.config.publicUrl);
  const url = new URL(link);
  if (url.origin === own.origin && url.pathname.startsWith("/media/")) return url.pathname;
  const bytes = await download(url, deps.config.fetchPrivateAddresses);
  const inspected = await inspectUpload({ bytes, fileName: url.pathname, allowedKinds: ["image"] });
  const clean = await reencodeImage(bytes, inspected.mime);
  const square = await sharp(clean.bytes)
    .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: "cover", withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer();
  const stored = await deps.storage.put(
    "avatars/kols",
    `${handle}.webp`,
    new Uint8Array(square),
    "image/webp",
  );
  return stored.url;
}

/** GET with a timeout, a size cap while streaming, and each hop's address checked (redirects followed by hand). */
async function download(start: URL, allowPrivate: boolean): Promise<Uint8Array> {
  const cap = FILE_RULES.image.maxBytes;
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw failed();
    if (!allowPrivate) {
      const host = url.hostname.replace(/^\[|\]$/g, "");
      const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true }).catch(() => []);
      if (addresses.length === 0 || addresses.some((a) => isPrivate(a.address))) throw failed();
    }
    let res: Response;
    try {
      res = await fetch(url, {
        redirect: "manual",
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        headers: { accept: "image/*" },
      });
    } catch {
      throw failed();
    }
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      url = new URL(location, url);
      continue;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw failed();
    }
    if (Number(res.headers.get("content-length") ?? 0) > cap) {
      await res.body.cancel();
      throw new AppError("TOO_LARGE", M.files.tooLarge("image", FILE_RULES.image.megabytes));
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body) {
        size += chunk.byteLength;
        if (size > cap)
          throw new AppError("TOO_LARGE", M.files.tooLarge("image", FILE_RULES.image.megabytes));
        chunks.push(chunk);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw failed();
    }
    return Buffer.concat(chunks);
  }
  throw failed();
}
