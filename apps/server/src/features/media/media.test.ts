import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { M, POST_LIMITS, sizeInWords } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../testing/factories.ts";
import { sampleDocx, sampleJpegWithGps, sampleMp4Header } from "../../testing/sample-files.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { createPostAs } from "../posts/testing.ts";
import { JSON_BODY_BYTES, MAX_JSON_BYTES, MAX_REQUEST_BYTES } from "./multipart.ts";
import { saveUpload } from "./save-upload.ts";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
  fs.writeFileSync(path.join(server.dataDir, "secret.txt"), "TOP-SECRET");
});
afterAll(() => server?.close());

/** A request with its path sent exactly as written (fetch would normalize `..` away before sending). */
function raw(
  pathname: string,
  options: { method?: string; headers?: Record<string, string | number>; body?: Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: pathname,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const CACHE = "public, max-age=31536000, immutable";
const CSP = "default-src 'none'; sandbox";

describe("GET /media", () => {
  it("serves an uploaded image inline with long cache and locked-down headers", async () => {
    const saved = await saveUpload(server.deps, {
      folder: "posts/p1",
      fileName: "sunset.jpeg",
      bytes: await sampleJpegWithGps(),
      allowedKinds: ["image"],
    });
    const res = await server.fetch(saved.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe(CACHE);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe(CSP);
    expect(res.headers.get("content-disposition")).toBeNull();
    expect(res.headers.get("content-length")).toBe(String(saved.size));
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(fs.readFileSync(path.join(server.dataDir, "uploads", saved.path)))).toBe(true);
  });

  it("serves a document as a download under its stored name, never inline", async () => {
    const saved = await saveUpload(server.deps, {
      folder: "comments/c1",
      fileName: "Pitch deck.docx",
      bytes: sampleDocx(),
      allowedKinds: ["document"],
    });
    const res = await server.fetch(saved.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(saved.mime);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Pitch-deck.docx"');
    expect(res.headers.get("content-security-policy")).toBe(CSP);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(sampleDocx()))).toBe(true);

    const txt = await saveUpload(server.deps, {
      folder: "comments/c1",
      fileName: "notes.txt",
      bytes: new TextEncoder().encode("gm, wagmi"),
      allowedKinds: ["document"],
    });
    const textRes = await server.fetch(txt.url);
    expect(textRes.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(textRes.headers.get("content-disposition")).toBe('attachment; filename="notes.txt"');
    expect(await textRes.text()).toBe("gm, wagmi");
  });

  it("answers byte ranges for video, and 416 past the end", async () => {
    const saved = await saveUpload(server.deps, {
      folder: "v",
      fileName: "clip.mp4",
      bytes: sampleMp4Header(),
      allowedKinds: ["video"],
    });
    const res = await server.fetch(saved.url, { headers: { range: "bytes=4-11" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("content-range")).toBe("bytes 4-11/24");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(await res.text()).toBe("ftypisom");
    const past = await server.fetch(saved.url, { headers: { range: "bytes=24-" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */24");
  });

  it("answers a missing file with the 404 envelope", async () => {
    const res = await server.fetch("/media/posts/p1/nothing-here.png");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBeNull();
    expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: M.files.notFound } });
  });

  it("cannot be walked out of the uploads folder", async () => {
    const attempts = [
      "/media/..%2fsecret.txt",
      "/media/..%2f..%2fetc/passwd",
      "/media/%2e%2e/secret.txt",
      "/media/%2e%2e%2fsecret.txt",
      "/media/posts/%2e%2e/%2e%2e/secret.txt",
      "/media/../secret.txt",
      "/media/..\\secret.txt",
      "/media/..%5csecret.txt",
      "/media/%252e%252e%252fsecret.txt",
      "/media//etc/passwd",
      "/media/posts/x%00.png",
      "/media/%ZZ",
    ];
    for (const attempt of attempts) {
      const res = await raw(attempt);
      // 400 comes from Node's HTTP parser, which refuses a raw backslash before the app sees the request.
      expect([400, 404], attempt).toContain(res.status);
      expect(res.body, attempt).not.toContain("TOP-SECRET");
      expect(res.body, attempt).not.toContain("root:");
    }
  });
});

describe("request body limit", () => {
  it("holds a route's JSON body to 64 KB, and asks a visitor to sign in before reading it", async () => {
    const member = await createUser(server);
    const post = await createPostAs(server, member.cookie, { content: "short" });
    const patch = (body: string, headers: Record<string, string | number>) =>
      raw(`/api/posts/${post.id}`, {
        method: "PATCH",
        // A refused body is not read, so the connection is not reused.
        headers: { "content-type": "application/json", origin: server.url, connection: "close", ...headers },
        body: Buffer.from(body),
      });
    const tooBig = JSON.stringify({ content: "x".repeat(JSON_BODY_BYTES) });
    const refused = await patch(tooBig, {
      cookie: member.cookie,
      "content-length": Buffer.byteLength(tooBig),
    });
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({
      error: { code: "TOO_LARGE", message: "Request too large. The largest request allowed here is 64KB" },
    });
    // Streamed with no length, it is cut off at the limit just the same.
    const streamed = await patch(tooBig, { cookie: member.cookie, "transfer-encoding": "chunked" });
    expect(streamed.status).toBe(413);
    // A visitor is told to sign in; the body is not looked at.
    const visitor = await patch(tooBig, { "content-length": Buffer.byteLength(tooBig) });
    expect(visitor.status).toBe(401);
    // The largest post the rules allow, all in escapes, still fits.
    const largest = `{"content":"${"\\u00e9".repeat(POST_LIMITS.maxContentLength)}"}`;
    const fits = await patch(largest, {
      cookie: member.cookie,
      "content-length": Buffer.byteLength(largest),
    });
    expect(fits.status).toBe(200);
  });

  it("refuses a body over the limit with 413 and the envelope, before reading it", async () => {
    const res = await raw("/api/posts", {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": MAX_REQUEST_BYTES + 1,
        origin: server.url,
      },
      body: Buffer.alloc(0),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: "TOO_LARGE", message: "Request too large. The largest request allowed here is 51MB" },
    });
  });

  it("holds a body that is not an upload to the JSON limit", async () => {
    const res = await server.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.com", password: "x".repeat(MAX_JSON_BYTES) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "TOO_LARGE", message: M.files.requestTooLarge(sizeInWords(MAX_JSON_BYTES)) },
    });
    // The refused body was not read: the connection is closed, not reused under the client's next request.
    expect(res.headers.get("connection")).toBe("close");
    expect((await server.fetch("/api/health")).status).toBe(200);
  });

  it("refuses an over-limit upload sent in chunks (no content-length)", async () => {
    const big = new Uint8Array(MAX_REQUEST_BYTES + 1);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 4 * 1024 * 1024)
          controller.enqueue(big.subarray(i, i + 4 * 1024 * 1024));
        controller.close();
      },
    });
    const res = await server.fetch("/api/posts", {
      method: "POST",
      body: stream,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("TOO_LARGE");
  });
});
