import fs from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addKol } from "../features/kols/testing.ts";
import { rightOrWrong, writeCourse } from "../features/learn/testing.ts";
import { createPostAs, seedCommunity } from "../features/posts/testing.ts";
import { createUser, makeAdmin } from "../testing/factories.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";

// A built web app as `npm run build` leaves it: hashed assets with their brotli and gzip twins, and index.html.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-dist-"));
const script = `export const greeting = ${JSON.stringify("plug ".repeat(400))};\n`;
const html = `<!doctype html><html><head><title>Plugs</title></head><body><div id="root"></div></body></html>`;

function writeBuilt(name: string, content: string) {
  const file = path.join(dist, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

let server: TTestServer;
beforeAll(async () => {
  writeBuilt("assets/main-abc123.js", script);
  writeBuilt("index.html", html);
  writeBuilt(".vite/page-preloads.json", JSON.stringify({ "/kols": ["assets/kols-page-abc123.js"] }));
  fs.writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  server = await startTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The raw bytes of an answer, undecoded (Node's fetch would decode them and hide the encoding). */
async function rawGet(pathname: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const req = request(
      `${server.url}${pathname}`,
      { headers: { "accept-encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("the built web app", () => {
  it("sends hashed assets brotli-compressed to browsers that accept it, cached for a year", async () => {
    const res = await rawGet("/assets/main-abc123.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary?.toLowerCase()).toBe("accept-encoding");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("falls back to gzip, then to the plain file, as Accept-Encoding allows", async () => {
    const gzip = await rawGet("/assets/main-abc123.js", "gzip, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await rawGet("/assets/main-abc123.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("answers page routes with index.html, compressed and never cached long", async () => {
    for (const page of ["/", "/plugfeed", "/faq"]) {
      const res = await rawGet(page, "br");
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(html);
      // A document's security headers, not the API's: its scripts may run, from this origin only.
      expect(res.headers["content-security-policy"]).toContain("script-src 'self';");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    }
    const unknown = await rawGet("/no-such-page", "gzip");
    expect(unknown.status).toBe(404);
    expect(zlib.gunzipSync(unknown.body).toString()).toBe(html);
  });

  it("answers the page of a thing that does not exist with the app and status 404, of one that does with 200", async () => {
    const member = await createUser(server);
    const admin = await createUser(server);
    await makeAdmin(server, admin.id);
    const kol = await addKol(server, admin.cookie);
    const post = await createPostAs(server, member.cookie, { content: "A post that exists" });
    const community = await seedCommunity(server);
    const course = await writeCourse(server, admin.cookie, {
      lessons: [
        { title: "With a quiz", minutes: 5, quiz: [rightOrWrong("q1")] },
        { title: "Without one", minutes: 5 },
      ],
    });
    const [quizLesson, plainLesson] = course.lessons.map((l) => l.id);
    const existing = [
      `/kol/${kol.handle}`,
      `/user/${member.username}`,
      `/posts/${post.id}`,
      `/communities/${community.slug}`,
      `/communities/${community.slug}/manage`,
      `/learn/course/${course.slug}`,
      `/learn/course/${course.slug}/lesson/${quizLesson}`,
      `/learn/course/${course.slug}/lesson/${plainLesson}`,
      `/learn/course/${course.slug}/lesson/${quizLesson}/quiz`,
      `/learn/course/${course.slug}/exam`,
    ];
    for (const page of existing) {
      const res = await rawGet(page, "identity");
      expect(res.status, page).toBe(200);
    }
    const missing = [
      "/kol/nosuchkol",
      "/user/nosuchuser",
      "/posts/00000000-0000-4000-8000-000000000000",
      "/posts/not-an-id",
      "/blog/no-such-article",
      "/blog/category/no-such-category",
      "/blog/tag/no-such-tag",
      "/communities/no-such-community",
      "/rewards/no-such-giveaway",
      "/learn/course/no-such-course",
      "/learn/certificates/NO-SUCH-CODE",
      "/communities/no-such-community/manage",
      `/learn/course/${course.slug}/lesson/00000000-0000-4000-8000-000000000000`,
      `/learn/course/${course.slug}/lesson/not-an-id`,
      `/learn/course/no-such-course/lesson/${quizLesson}`,
      `/learn/course/${course.slug}/lesson/00000000-0000-4000-8000-000000000000/quiz`,
      // A lesson without a quiz has no quiz page (the page says so, as its not-found page).
      `/learn/course/${course.slug}/lesson/${plainLesson}/quiz`,
      "/learn/course/no-such-course/exam",
    ];
    for (const page of missing) {
      const res = await rawGet(page, "gzip");
      expect(res.status, page).toBe(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(zlib.gunzipSync(res.body).toString()).toBe(html);
    }
  });

  it("answers the blog's pages by what is published: 200, 404 for a draft, 301 from an old slug", async () => {
    const admin = await createUser(server);
    await makeAdmin(server, admin.id);
    const write = async (method: string, url: string, json: unknown) => {
      const res = await server.fetch(url, {
        method,
        headers: { cookie: admin.cookie, "content-type": "application/json" },
        body: JSON.stringify(json),
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return (await res.json()) as { id: string; slug: string };
    };
    const category = await write("POST", "/api/admin/blog/categories", { name: "Guides", description: "" });
    const article = (title: string, status: string) =>
      write("POST", "/api/admin/blog/articles", {
        title,
        excerpt: "An excerpt.",
        body: "Some text.",
        categoryId: category.id,
        tags: ["scams"],
        status,
      });
    const published = await article("Spotting a rug", "published");
    const draft = await article("Not out yet", "draft");
    await write("PATCH", `/api/admin/blog/articles/${published.id}`, { slug: "spot-a-rug" });

    for (const page of ["/blog", "/blog/spot-a-rug", `/blog/category/${category.slug}`, "/blog/tag/scams"]) {
      expect((await rawGet(page, "identity")).status, page).toBe(200);
    }
    expect((await rawGet(`/blog/${draft.slug}`, "identity")).status).toBe(404);
    const moved = await server.fetch(`/blog/${published.slug}?ref=feed`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/blog/spot-a-rug?ref=feed");
  });

  it("preloads the page's own code in its HTML", async () => {
    const res = await rawGet("/kols", "identity");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString()).toBe(
      html.replace(
        "</head>",
        '<link rel="modulepreload" crossorigin href="/assets/kols-page-abc123.js"></head>',
      ),
    );
  });

  it("sends a file built without compressed twins as it is, cached for an hour", async () => {
    const res = await rawGet("/favicon.svg", "gzip, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.body.toString()).toContain("<svg");
  });
});
