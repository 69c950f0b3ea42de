import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { M, type TKolCard, type TKolDetail } from "@plugs/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { samplePng, samplePngClaiming } from "../../testing/sample-files.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";
import { randomHandle } from "./testing.ts";

// Issue 23, defect 7: a KOL avatar linked from another host was blocked by our Content-Security-Policy (img-src
// 'self'). The server now keeps its own checked copy.

let server: TTestServer;
let admin: TTestUser;
let origin: Server;
let originUrl: string;
const hits: string[] = [];

beforeAll(async () => {
  const png = await samplePng(600, 400);
  const bomb = await samplePngClaiming(30_000, 30_000);
  // Another site: an image, a redirect to it, a page that is not an image, a missing file, a lying huge file.
  origin = createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/face.png") res.writeHead(200, { "content-type": "image/png" }).end(png);
    else if (req.url === "/moved") res.writeHead(302, { location: "/face.png" }).end();
    else if (req.url === "/page.png")
      res.writeHead(200, { "content-type": "image/png" }).end("<html>hi</html>");
    else if (req.url === "/bomb.png") res.writeHead(200, { "content-type": "image/png" }).end(bomb);
    else if (req.url === "/huge.png") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(Buffer.alloc(6 * 1024 * 1024));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  server = await startTestServer({ FETCH_PRIVATE_ADDRESSES: "on" });
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
});
afterAll(async () => {
  await server?.close();
  origin?.close();
});

type TErr = { error: { code: string; message: string; fields?: Record<string, string> } };

const addKol = (avatarUrl: string) =>
  call<TKolCard & TErr>(server, "POST", "/api/admin/kols", {
    cookie: admin.cookie,
    json: { handle: randomHandle("av"), avatarUrl },
  });

describe("a KOL's linked avatar", () => {
  it("is fetched once, cut to a 256 px square and served from our own origin", async () => {
    hits.length = 0;
    const res = await addKol(`${originUrl}/moved`);
    expect(res.status).toBe(201);
    expect(res.body.avatarUrl).toMatch(/^\/media\/avatars\/kols\/.+\.webp$/);
    expect(hits).toEqual(["/moved", "/face.png"]);

    const image = await server.fetch(res.body.avatarUrl ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);

    // Shown on its page, readers' browsers never ask the other site.
    const page = await call<TKolDetail>(server, "GET", `/api/kols/${res.body.handle}`);
    expect(page.body.kol.avatarUrl).toBe(res.body.avatarUrl);
    expect(hits).toHaveLength(2);
  });

  it("is replaced by an edit, and a link to our own media is kept as it is", async () => {
    const first = await addKol(`${originUrl}/face.png`);
    const own = `${server.url}${first.body.avatarUrl}`;
    const kept = await call<TKolCard>(server, "PATCH", `/api/admin/kols/${first.body.handle}`, {
      cookie: admin.cookie,
      json: { avatarUrl: own },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.avatarUrl).toBe(first.body.avatarUrl);
    const cleared = await call<TKolCard>(server, "PATCH", `/api/admin/kols/${first.body.handle}`, {
      cookie: admin.cookie,
      json: { avatarUrl: "" },
    });
    expect(cleared.body.avatarUrl).toBeNull();
  });

  it("refuses what is not an image, a missing file, a bomb and a file past the image limit, and adds nothing", async () => {
    const cases: [string, number, string][] = [
      ["/page.png", 415, M.files.unsupported],
      ["/gone.png", 400, M.kols.avatarUnreachable],
      ["/bomb.png", 413, "Image is too large"],
      ["/huge.png", 413, M.files.tooLarge("image", 5)],
    ];
    for (const [path, status, message] of cases) {
      const res = await addKol(`${originUrl}${path}`);
      expect(res.status, path).toBe(status);
      expect(res.body.error.message, path).toContain(message);
    }
    const kols = await call<{ total: number }>(server, "GET", "/api/kols?search=av");
    expect(kols.body.total).toBe(2);
  });

  it("never leads the server to a private address unless told it may", async () => {
    server.deps.config.fetchPrivateAddresses = false;
    try {
      hits.length = 0;
      for (const link of [
        `${originUrl}/face.png`,
        "http://127.0.0.2:9/x.png",
        "http://10.0.0.1/x.png",
        "http://192.168.1.1/x.png",
      ]) {
        const res = await addKol(link);
        expect(res.status, link).toBe(400);
        expect(res.body.error.fields?.avatarUrl, link).toBe(M.kols.avatarUnreachable);
      }
      expect(hits).toEqual([]);
    } finally {
      server.deps.config.fetchPrivateAddresses = true;
    }
  });
});
