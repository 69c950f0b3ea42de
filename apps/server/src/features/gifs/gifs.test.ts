import http from "node:http";
import type { AddressInfo } from "node:net";
import { M } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";

/** A local stand-in for api.giphy.com answering with GIPHY's real JSON shape. */
function giphyGif(id: string, host = "media1.giphy.com") {
  return {
    type: "gif",
    id,
    url: `https://giphy.com/gifs/${id}`,
    title: `GIF ${id}`,
    rating: "g",
    username: `artist_${id}`,
    images: {
      original: {
        height: "270",
        width: "480",
        size: "1000",
        url: `https://${host}/media/${id}/giphy.gif?cid=x`,
      },
      fixed_height: { height: "200", width: "356", url: `https://${host}/media/${id}/200.gif?cid=x` },
      downsized: { height: "270", width: "480", url: `https://${host}/media/${id}/giphy-downsized.gif` },
    },
  };
}

type TFakeRequest = { path: string; params: URLSearchParams };
const requests: TFakeRequest[] = [];
let failWith: number | null = null;

const fake = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://fake");
  requests.push({ path: url.pathname, params: url.searchParams });
  if (failWith) {
    res.writeHead(failWith, { "content-type": "application/json" });
    res.end(JSON.stringify({ meta: { status: failWith, msg: "Unauthorized" } }));
    return;
  }
  const data =
    url.pathname === "/v1/gifs/trending"
      ? [giphyGif("t1"), giphyGif("t2"), giphyGif("evil", "evil.example.com")]
      : [giphyGif(`s-${url.searchParams.get("q")?.replace(/\W+/g, "_")}`)];
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      data,
      pagination: { total_count: data.length, count: data.length, offset: 0 },
      meta: { status: 200, msg: "OK" },
    }),
  );
});

let server: TTestServer;
let cookie: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const port = (fake.address() as AddressInfo).port;
  server = await startTestServer({ GIPHY_API_KEY: "test-key", GIPHY_API_URL: `http://127.0.0.1:${port}` });
  cookie = (await createUser(server)).cookie;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe("GIF proxy", () => {
  it("asks visitors to sign in", async () => {
    const res = await call(server, "GET", "/api/gifs/trending");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "UNAUTHORIZED", message: M.gifs.signIn } });
  });

  it("serves trending GIFs in our shape, keeps the key on the server and caches them for a minute", async () => {
    requests.length = 0;
    const res = await call<{ items: unknown[] }>(server, "GET", "/api/gifs/trending", { cookie });
    expect(res.status).toBe(200);
    // The GIF on a host that is not GIPHY's is dropped: a post would refuse it.
    expect(res.body.items).toEqual([
      {
        id: "t1",
        title: "GIF t1",
        url: "https://media1.giphy.com/media/t1/giphy.gif?cid=x",
        preview: "https://media1.giphy.com/media/t1/200.gif?cid=x",
        width: 480,
        height: 270,
        username: "artist_t1",
      },
      expect.objectContaining({ id: "t2" }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain("test-key");
    expect(requests).toHaveLength(1);
    expect(requests[0]?.path).toBe("/v1/gifs/trending");
    expect(Object.fromEntries(requests[0]?.params ?? [])).toEqual({
      api_key: "test-key",
      limit: "30",
      rating: "pg-13",
    });

    const again = await call(server, "GET", "/api/gifs/trending", { cookie });
    expect(again.body).toEqual(res.body);
    expect(requests).toHaveLength(1);
  });

  it("searches with the query, and answers a blank query with no GIFs without asking GIPHY", async () => {
    requests.length = 0;
    const res = await call<{ items: { id: string }[] }>(server, "GET", "/api/gifs/search?q=cats%20dancing", {
      cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.items.map((g) => g.id)).toEqual(["s-cats_dancing"]);
    expect(requests[0]?.path).toBe("/v1/gifs/search");
    expect(requests[0]?.params.get("q")).toBe("cats dancing");
    expect(requests[0]?.params.get("limit")).toBe("30");

    const blank = await call(server, "GET", "/api/gifs/search?q=%20%20", { cookie });
    expect(blank.body).toEqual({ items: [] });
    expect(requests).toHaveLength(1);
  });

  it("turns a provider error into the picker's error message", async () => {
    failWith = 500;
    try {
      const res = await call(server, "GET", "/api/gifs/search?q=dogs", { cookie });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: { code: "UPSTREAM_FAILED", message: M.gifs.loadFailed } });
    } finally {
      failWith = null;
    }
  });

  it("says plainly when no GIPHY key is configured", async () => {
    const configured = await call(server, "GET", "/api/gifs/status");
    expect(configured).toEqual({ status: 200, body: { configured: true } });
    const key = server.deps.config.giphyApiKey;
    server.deps.config.giphyApiKey = null;
    try {
      // Anyone may ask, so the composer can say so before the dialog opens.
      const status = await call(server, "GET", "/api/gifs/status");
      expect(status).toEqual({ status: 200, body: { configured: false } });
      const res = await call(server, "GET", "/api/gifs/search?q=dogs", { cookie });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: { code: "NOT_CONFIGURED", message: M.gifs.notConfigured } });
    } finally {
      server.deps.config.giphyApiKey = key;
    }
  });
});
