import { createHash, createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { saveUpload } from "../features/media/save-upload.ts";
import { samplePdf } from "../testing/sample-files.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";
import { createStorage } from "./create-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { TStorage } from "./storage.ts";

const KEY_ID = "AKIDTEST";
const SECRET = "test-secret-key";
const REGION = "eu-west-1";

/**
 * A tiny S3: path-style PUT/GET/HEAD/DELETE of objects in one bucket, conditional PUT (If-None-Match: *), single
 * ranges, and a full SigV4 check of every request (a bad or missing signature is 403, as S3 answers).
 */
function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const seen = { signed: 0, refused: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (!validSignature(req, body)) {
        seen.refused++;
        res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
        return;
      }
      seen.signed++;
      const url = new URL(req.url ?? "/", "http://fake");
      const [, bucket, ...rest] = url.pathname.split("/");
      const key = rest.join("/");
      if (bucket !== "media-bucket" || !key) return void res.writeHead(400).end();
      const object = objects.get(key);
      if (req.method === "PUT") {
        if (req.headers["if-none-match"] === "*" && object) return void res.writeHead(412).end();
        objects.set(key, { body, contentType: String(req.headers["content-type"]) });
        return void res.writeHead(200).end();
      }
      if (req.method === "DELETE") {
        objects.delete(key);
        return void res.writeHead(204).end();
      }
      if (!object) return void res.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
      const size = object.body.length;
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ""));
      if (range) {
        const start = Number(range[1]);
        if (start >= size) return void res.writeHead(416).end();
        const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
        res.writeHead(206, {
          "content-range": `bytes ${start}-${end}/${size}`,
          "content-length": end - start + 1,
        });
        return void res.end(object.body.subarray(start, end + 1));
      }
      res.writeHead(200, { "content-type": object.contentType, "content-length": size });
      res.end(req.method === "HEAD" ? undefined : object.body);
    });
  });
  return { server, objects, seen };
}

function validSignature(req: http.IncomingMessage, body: Buffer): boolean {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ""),
    );
  if (!auth) return false;
  const [, keyId, date, region, signedHeaders, signature] = auth as unknown as string[];
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (keyId !== KEY_ID || region !== REGION || !amzDate.startsWith(date as string)) return false;
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== createHash("sha256").update(body).digest("hex"))
    return false;
  const url = new URL(req.url ?? "/", "http://fake");
  const query = [...url.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join("&");
  const names = (signedHeaders as string).split(";");
  if (!names.includes("host") || !names.includes("x-amz-date")) return false;
  const headerLines = names.map((n) => `${n}:${String(req.headers[n] ?? "").trim()}\n`).join("");
  const canonical = [req.method, url.pathname, query, headerLines, signedHeaders, payloadHash].join("\n");
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    createHash("sha256").update(canonical).digest("hex"),
  ].join("\n");
  let key: Buffer | string = `AWS4${SECRET}`;
  for (const part of [date, region, "s3", "aws4_request"])
    key = createHmac("sha256", key)
      .update(part as string)
      .digest();
  return createHmac("sha256", key).update(toSign).digest("hex") === signature;
}

const fake = startFakeS3();
let endpoint: string;
let storage: TStorage;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  storage = s3Storage(SECRET);
});
afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

function s3Storage(secret: string) {
  return createS3Storage({
    bucket: "media-bucket",
    endpoint,
    region: REGION,
    accessKeyId: KEY_ID,
    secretAccessKey: secret,
  });
}
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (stream: ReadableStream<Uint8Array> | null | undefined) =>
  stream ? new Response(stream).text() : "";

describe("S3 storage", () => {
  it("puts, reads (whole and a range) and deletes signed objects, path-style", async () => {
    const before = fake.seen.signed;
    const saved = await storage.put("comments/c1", "Notes 2024.txt", bytes("hello s3"), "text/plain");
    expect(saved).toEqual({ path: "comments/c1/Notes-2024.txt", url: "/media/comments/c1/Notes-2024.txt" });
    expect(fake.objects.get("comments/c1/Notes-2024.txt")?.contentType).toBe("text/plain");
    const whole = await storage.read(saved.path);
    expect(whole?.size).toBe(8);
    expect(await text(whole?.body)).toBe("hello s3");
    const part = await storage.read(saved.path, { start: 6 });
    expect(part?.range).toEqual({ start: 6, end: 7 });
    expect(await text(part?.body)).toBe("s3");
    expect(await storage.read(saved.path, { start: 99 })).toEqual({ size: 8, range: null, body: null });
    await storage.delete(saved.path);
    expect(await storage.read(saved.path)).toBeNull();
    expect(fake.seen.signed - before).toBe(7);
  });

  it("never overwrites: a taken name gets -1, -2, and the first object is unchanged", async () => {
    const paths = [];
    for (const word of ["first", "second", "third"])
      paths.push((await storage.put("dup", "a.pdf", bytes(word), "application/pdf")).path);
    expect(paths).toEqual(["dup/a.pdf", "dup/a-1.pdf", "dup/a-2.pdf"]);
    expect(fake.objects.get("dup/a.pdf")?.body.toString()).toBe("first");
  });

  it("keeps all of 20 concurrent uploads of one name", async () => {
    const puts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        storage.put("race", "same.txt", bytes(`upload ${i}`), "text/plain"),
      ),
    );
    expect(new Set(puts.map((p) => p.path)).size).toBe(20);
    const stored = puts.map((p) => fake.objects.get(p.path)?.body.toString()).sort();
    expect(stored).toEqual(Array.from({ length: 20 }, (_, i) => `upload ${i}`).sort());
  });

  it("fails loudly when the bucket refuses the signature", async () => {
    const refused = fake.seen.refused;
    await expect(s3Storage("wrong-secret").put("x", "a.txt", bytes("x"), "text/plain")).rejects.toThrow(
      /S3 PUT failed: 403/,
    );
    expect(fake.seen.refused).toBeGreaterThan(refused);
    expect(fake.objects.has("x/a.txt")).toBe(false);
  });

  it("is chosen by S3_BUCKET, needs keys, and serves through /media", async () => {
    expect(() => createStorage(loadConfig({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: KEY_ID }))).toThrow(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set",
    );
    let server: TTestServer | undefined;
    try {
      server = await startTestServer({
        S3_BUCKET: "media-bucket",
        S3_ENDPOINT: endpoint,
        S3_REGION: REGION,
        S3_ACCESS_KEY_ID: KEY_ID,
        S3_SECRET_ACCESS_KEY: SECRET,
      });
      expect(server.deps.storage.kind).toBe("s3");
      const saved = await saveUpload(server.deps, {
        folder: "comments/c2",
        fileName: "Whitepaper.pdf",
        bytes: samplePdf(),
        allowedKinds: ["document"],
      });
      expect(fake.objects.get(saved.path)?.body.equals(Buffer.from(samplePdf()))).toBe(true);
      const res = await server.fetch(saved.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="Whitepaper.pdf"');
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(samplePdf()))).toBe(true);
      expect((await server.fetch("/media/comments/c2/missing.pdf")).status).toBe(404);
    } finally {
      await server?.close();
    }
  });
});
