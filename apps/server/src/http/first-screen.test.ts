import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostAs } from "../features/posts/testing.ts";
import { createUser, makeAdmin, type TTestUser } from "../testing/factories.ts";
import { startTestServer, type TTestServer } from "../testing/test-server.ts";

// The real build (`npm run build`, which `npm test` runs first): the browser's app in dist/ and the server-side
// renderer in dist-ssr/.
const dist = fileURLToPath(new URL("../../../web/dist", import.meta.url));
const renderer = fileURLToPath(new URL("../../../web/dist-ssr/entry-server.js", import.meta.url));

const HOSTILE = "</script><script>alert(1)</script><!--";
const STATE_OPEN = '<script type="application/json" id="first-screen-state">';

let server: TTestServer;
let author: TTestUser;

beforeAll(async () => {
  if (!fs.existsSync(renderer)) throw new Error("build the web app first: npm run build");
  server = await startTestServer({ WEB_DIST: dist });
  author = await createUser(server);
  await createPostAs(server, author.cookie, { content: HOSTILE });
});
afterAll(async () => {
  await server?.close();
});

async function page(pathname: string, cookie?: string) {
  const res = await server.fetch(pathname, { headers: cookie ? { cookie } : {} });
  return { res, html: await res.text() };
}

/** The query cache sent with a rendered page: the text of its JSON script element, read as the browser reads it. */
function sentState(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const start = html.indexOf(STATE_OPEN);
  expect(start).toBeGreaterThan(-1);
  const text = html.slice(start + STATE_OPEN.length, html.indexOf("</script>", start));
  return JSON.parse(text);
}

describe("a visitor's first screen rendered on the server", () => {
  it("renders the home page with the API's answer inlined, escaped so a post cannot close the script", async () => {
    const { res, html } = await page("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");

    // The data element ends where the server ended it: it parses, and holds the post exactly as written.
    const state = sentState(html);
    const home = state.queries.find((q) => JSON.stringify(q.queryKey) === '["kols","home"]');
    const api = (await (await server.fetch("/api/home")).json()) as { recentPosts: { content: string }[] };
    expect(home?.state.data).toEqual(api);
    expect(api.recentPosts.map((p) => p.content)).toContain(HOSTILE);

    // Nowhere in the page is the post's markup live: React wrote it as text, the JSON as \u003c escapes.
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html.match(/<script/g)).toHaveLength(3); // theme-init.js, the app, the data
    expect(html).toContain('<h1 class="mt-6 max-w-3xl');
  });

  it("renders PlugFeed with the public feed's first page", async () => {
    const { html } = await page("/plugfeed");
    const state = sentState(html);
    const feed = state.queries.find((q) => JSON.stringify(q.queryKey).startsWith('["posts","feed"'));
    const api = await (await server.fetch("/api/feed?tab=all&sort=newest")).json();
    expect(feed?.state.data).toEqual({ pages: [api], pageParams: [null] });
    // The author's name links to their profile (a member without a display name is shown by username).
    expect(html).toContain(`href="/user/${author.username}"`);
    expect(html).toContain(`>${author.username}</span></a>`);
    expect(html).not.toContain("<script>alert(1)");
  });

  it("renders the KOL directory with its first page", async () => {
    const { html } = await page("/kols");
    const state = sentState(html);
    const list = state.queries.find((q) => JSON.stringify(q.queryKey).startsWith('["kols","list"'));
    expect(list?.state.data).toEqual(await (await server.fetch("/api/kols?list=all&sort=score")).json());
    expect(html).toContain("No KOLs are listed yet.");
  });

  it("leaves a signed-in viewer's page, and pages without a first screen, to the browser", async () => {
    const signedIn = await page("/plugfeed", author.cookie);
    expect(signedIn.html).toContain('<div id="root"></div>');
    expect(signedIn.html).not.toContain(STATE_OPEN);
    expect(signedIn.res.headers.get("cache-control")).toBe("no-cache");

    for (const pathname of ["/faq", "/plugfeed?tab=following"]) {
      const { html } = await page(pathname);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(STATE_OPEN);
    }
  });
});

describe("the blog's pages rendered for a visitor", () => {
  it("carry their title, description, canonical, OpenGraph and Twitter tags, feed links and JSON-LD", async () => {
    const admin = await createUser(server);
    await makeAdmin(server, admin.id);
    const res = await server.fetch("/api/admin/blog/articles", {
      method: "POST",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify({
        title: `Rugs & "honeypots" in 2026`,
        excerpt: "How to tell them apart.",
        body: `## One\n\nText. ${HOSTILE}`,
        categoryId: null,
        tags: ["scams"],
        status: "published",
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { slug } = (await res.json()) as { slug: string };

    const { html } = await page(`/blog/${slug}`);
    const title = "Rugs &amp; &quot;honeypots&quot; in 2026";
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${title} · `);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="How to tell them apart.">');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/blog/${slug}">`);
    expect(html).toContain(`<meta property="og:title" content="${title} · `);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="article:tag" content="scams">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml"`);
    expect(html).toContain(`href="${server.url}/blog/atom.xml">`);
    expect(html).not.toContain("<script>alert(1)");
    const ld = html.split('<script type="application/ld+json">')[1]?.split("</script>")[0] ?? "";
    expect(JSON.parse(ld)).toMatchObject({
      "@type": "Article",
      headline: `Rugs & "honeypots" in 2026`,
      author: { "@type": "Person", name: admin.username },
    });
    expect(html).toContain("<h1");
    expect(sentState(html).queries.length).toBeGreaterThan(1);

    const list = await page("/blog");
    expect(list.html).toContain(`<link rel="canonical" href="${server.url}/blog">`);
    expect(list.html).toContain("How to tell them apart.");
  });
});

describe("a site-banned member on a visitor's first screen", () => {
  it("is left out of the rendered home page and PlugFeed while banned, and back once the ban is lifted", async () => {
    const admin = await createUser(server);
    await makeAdmin(server, admin.id);
    const banned = await createUser(server);
    await createPostAs(server, banned.cookie, { content: "words of a member about to be banned" });
    const ban = (verb: "ban" | "unban") =>
      server.fetch(`/api/admin/members/${banned.id}/${verb}`, {
        method: "POST",
        headers: { cookie: admin.cookie, "content-type": "application/json" },
        body: JSON.stringify({ reason: "Spam" }),
      });
    const shown = async () =>
      Promise.all(
        ["/", "/plugfeed"].map(async (pathname) => {
          const { html } = await page(pathname);
          return html.includes("words of a member about to be banned") || html.includes(banned.username);
        }),
      );

    expect(await shown()).toEqual([true, true]);
    expect((await ban("ban")).status).toBe(200);
    expect(await shown()).toEqual([false, false]);
    expect((await ban("unban")).status).toBe(200);
    expect(await shown()).toEqual([true, true]);
  });
});
