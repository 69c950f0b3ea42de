import fs from "node:fs";
import path from "node:path";
import type { TMail } from "../../lib/mailer.ts";
import type { TTestServer } from "../../testing/test-server.ts";

/** POST a JSON body (with the Origin header startTestServer adds) and return the response. */
export function postJson(
  server: TTestServer,
  pathname: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return server.fetch(pathname, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** The envelope's message and the whole body of an error response. */
export async function errorOf(res: Response) {
  const body = (await res.json()) as {
    error: { code: string; message: string; fields?: Record<string, string>; title?: string };
  };
  return body.error;
}

/** Every e-mail written to the server's outbox (no SMTP_URL in tests), oldest first. */
export function readOutbox(server: TTestServer): (TMail & { from: string })[] {
  const dir = path.join(server.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")));
}

export function me(server: TTestServer, cookie: string) {
  return server.fetch("/api/me", { headers: { cookie } });
}

/** A Cookie header updated with a response's Set-Cookie headers (Max-Age=0 removes), like a browser's jar. */
export function withCookies(cookie: string, res: Response): string {
  const jar = new Map(
    cookie
      .split(";")
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)] as [string, string]),
  );
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";")[0] as string;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0\b/i.test(line)) jar.delete(name);
    else jar.set(name, pair.slice(pair.indexOf("=") + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}
