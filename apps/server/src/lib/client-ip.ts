import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { TConfig } from "../config.ts";

/**
 * The address a request came from: the socket's peer, or, behind `trustProxy` proxies, the address the outermost
 * trusted proxy saw (counted from the right of X-Forwarded-For, which each proxy appends to). Never a value the
 * client alone can choose.
 */
export function clientIp(c: Context, config: Pick<TConfig, "trustProxy">): string | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const socketIp = incoming?.socket?.remoteAddress ?? null;
  if (config.trustProxy > 0) {
    const forwarded = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const chain = socketIp ? [...forwarded, socketIp] : forwarded;
    const ip = chain[chain.length - 1 - config.trustProxy] ?? chain[0];
    if (ip) return normalizeIp(ip);
  }
  return socketIp ? normalizeIp(socketIp) : null;
}

function normalizeIp(ip: string): string {
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}
