import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip.ts";

function context(remoteAddress: string, forwardedFor?: string): Context {
  return {
    env: { incoming: { socket: { remoteAddress } } },
    req: { header: (name: string) => (name === "x-forwarded-for" ? forwardedFor : undefined) },
  } as unknown as Context;
}

describe("clientIp", () => {
  it("uses the socket's address and ignores X-Forwarded-For by default", () => {
    expect(clientIp(context("::ffff:10.0.0.5", "203.0.113.7"), { trustProxy: 0 })).toBe("10.0.0.5");
  });

  it("behind one proxy, takes the address that proxy saw (the right-most forwarded entry)", () => {
    // A client can put anything in the header; the proxy appends the real peer at the end.
    expect(clientIp(context("10.0.0.2", "1.2.3.4, 198.51.100.9"), { trustProxy: 1 })).toBe("198.51.100.9");
  });

  it("behind two proxies, skips the inner one", () => {
    expect(clientIp(context("10.0.0.2", "1.2.3.4, 198.51.100.9, 10.0.0.1"), { trustProxy: 2 })).toBe(
      "198.51.100.9",
    );
  });

  it("falls back to the socket's address without the header", () => {
    expect(clientIp(context("10.0.0.2"), { trustProxy: 1 })).toBe("10.0.0.2");
  });
});
