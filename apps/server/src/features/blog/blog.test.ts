import {
  M_BLOG,
  M_SLUG,
  type TAdminArticle,
  type TArticle,
  type TArticleInput,
  type TArticleList,
  type TBlogCategory,
  type TBlogImage,
  type TBlogTag,
  type TPreview,
} from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, blogArticles, kols, posts, profiles } from "../../db/schema/index.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { samplePdf, samplePng } from "../../testing/sample-files.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, seedCommunity } from "../posts/testing.ts";
import { PUBLISH_JOB, publishOverdueArticles } from "./publish-article.ts";

type TErr = { error: { code: string; message: string; fields?: Record<string, string> } };

let server: TTestServer;
let admin: TTestUser;
let member: TTestUser;
let category: TBlogCategory;
let published: TAdminArticle;
let featured: TAdminArticle;
let draft: TAdminArticle;
let scheduled: TAdminArticle;

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function write(input: Partial<TArticleInput>): Promise<TAdminArticle> {
  const res = await call<TAdminArticle & TErr>(server, "POST", "/api/admin/blog/articles", {
    cookie: admin.cookie,
    json: {
      title: "Untitled",
      excerpt: "An excerpt.",
      body: "Some text.",
      categoryId: null,
      tags: [],
      status: "published",
      ...input,
    },
  });
  if (res.status !== 201) throw new Error(`create article: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const list = (query = "") => call<TArticleList & TErr>(server, "GET", `/api/blog/articles${query}`);
const read = (slug: string, cookie?: string) =>
  call<TArticle & TErr>(server, "GET", `/api/blog/articles/${slug}`, { cookie });
const preview = (body: string) =>
  call<TPreview & TErr>(server, "POST", "/api/admin/blog/preview", { cookie: admin.cookie, json: { body } });

async function text(path: string): Promise<{ status: number; type: string; body: string }> {
  const res = await server.fetch(path);
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: await res.text() };
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" });
const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : ([value].flat() as T[]));

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  member = await createUser(server);
  const created = await call<TBlogCategory>(server, "POST", "/api/admin/blog/categories", {
    cookie: admin.cookie,
    json: { name: "Investigations", description: "How rugs were pulled, step by step." },
  });
  category = created.body;
  published = await write({
    title: "How the Moonfrog rug was pulled",
    excerpt: "Liquidity left in one block.",
    body: "## The setup\n\nThe deployer held **92%** of the supply of a token called wombatcoin.\n\n## The pull\n\nGone.",
    categoryId: category.id,
    tags: ["Rug pulls", "Solana"],
  });
  featured = await write({
    title: "Reading a token's holder list",
    excerpt: "What to check before you buy.",
    body: "Top holders tell the story.",
    tags: ["Guides"],
    featured: true,
  });
  draft = await write({
    title: "Unfinished zanzibarword draft",
    excerpt: "Not ready.",
    body: "zanzibarword notes",
    categoryId: category.id,
    tags: ["Secret tag"],
    status: "draft",
  });
  scheduled = await write({
    title: "Scheduled quokkaword story",
    excerpt: "Later.",
    body: "quokkaword",
    categoryId: category.id,
    tags: ["Secret tag"],
    status: "scheduled",
    publishAt: inAnHour(),
  });
});
afterAll(() => server?.close());

describe("visibility", () => {
  it("lists published articles only, newest first, with the featured one on top of page 1", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.featured?.slug).toBe(featured.slug);
    const slugs = res.body.items.map((a) => a.slug);
    expect(slugs).toEqual([published.slug]);
    expect(res.body.total).toBe(1);
    const card = res.body.items[0];
    expect(card?.category).toEqual({ slug: "investigations", name: "Investigations" });
    expect(card?.tags).toEqual([
      { slug: "rug-pulls", name: "Rug pulls" },
      { slug: "solana", name: "Solana" },
    ]);
    expect(card?.author.username).toBe(admin.username);
    expect(card?.updatedAt).toBeNull();
    expect(card?.readingMinutes).toBe(1);
    // Filtered lists carry no featured article and include it among the items.
    const guides = await list("?tag=guides");
    expect(guides.body.featured).toBeNull();
    expect(guides.body.items.map((a) => a.slug)).toEqual([featured.slug]);
  });

  it("answers 404 for drafts and scheduled articles through every path, to visitors, members and admins", async () => {
    for (const hidden of [draft, scheduled]) {
      for (const cookie of [undefined, member.cookie, admin.cookie]) {
        const res = await read(hidden.slug, cookie);
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe(M_BLOG.articleNotFound);
      }
    }
    expect((await list("?q=zanzibarword")).body.items).toEqual([]);
    expect((await list("?q=quokkaword")).body.items).toEqual([]);
    const byCategory = await list("?category=investigations");
    expect(byCategory.body.items.map((a) => a.slug)).toEqual([published.slug]);
    const cat = await call<TBlogCategory>(server, "GET", "/api/blog/categories/investigations");
    expect(cat.body).toMatchObject({ name: "Investigations", articleCount: 1 });
    const cats = await call<{ items: TBlogCategory[] }>(server, "GET", "/api/blog/categories");
    expect(cats.body.items.find((c) => c.slug === "investigations")?.articleCount).toBe(1);
    // A tag only hidden articles carry is unknown to readers.
    const tag = await call<TErr>(server, "GET", "/api/blog/tags/secret-tag");
    expect(tag.status).toBe(404);
    expect(tag.body.error.message).toBe(M_BLOG.tagNotFound);
    expect((await list("?tag=secret-tag")).body.items).toEqual([]);
    const solana = await call<TBlogTag>(server, "GET", "/api/blog/tags/solana");
    expect(solana.body).toEqual({ slug: "solana", name: "Solana", articleCount: 1 });

    const rss = await text("/blog/rss.xml");
    const atom = await text("/blog/atom.xml");
    const sitemap = await text("/sitemap.xml");
    for (const body of [rss.body, atom.body, sitemap.body]) {
      expect(body).toContain(published.slug);
      expect(body).not.toContain(draft.slug);
      expect(body).not.toContain(scheduled.slug);
      expect(body).not.toContain("zanzibarword");
      expect(body).not.toContain("quokkaword");
    }
    // The admins see every article in their own list.
    const adminList = await call<{ items: { slug: string; status: string }[] }>(
      server,
      "GET",
      "/api/admin/blog/articles?status=scheduled",
      { cookie: admin.cookie },
    );
    expect(adminList.body.items.map((a) => a.slug)).toEqual([scheduled.slug]);
  });

  it("reads an article with its HTML, table of contents, neighbours and related articles", async () => {
    const res = await read(published.slug);
    expect(res.status).toBe(200);
    expect(res.body.html).toContain(
      '<h2 id="the-setup">The setup<a class="heading-anchor" href="#the-setup"',
    );
    expect(res.body.toc).toEqual([
      { id: "the-setup", text: "The setup", level: 2 },
      { id: "the-pull", text: "The pull", level: 2 },
    ]);
    expect(res.body.next).toEqual({ slug: featured.slug, title: featured.title });
    expect(res.body.previous).toBeNull();
    expect(res.body.related.map((a) => a.slug)).toEqual([featured.slug]);
  });

  it("finds articles by words of the title, excerpt and text, case-insensitive", async () => {
    expect((await list("?q=WOMBATCOIN")).body.items.map((a) => a.slug)).toEqual([published.slug]);
    expect((await list("?q=holders")).body.items.map((a) => a.slug)).toEqual([featured.slug]);
    expect((await list("?q=liquidity")).body.items.map((a) => a.slug)).toEqual([published.slug]);
    expect((await list("?q=nothing-like-this")).body).toMatchObject({ items: [], total: 0, pageCount: 1 });
    const tooLong = await list(`?q=${"a".repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields?.q).toBe(M_BLOG.searchTooLong);
  });
});

describe("publishing", () => {
  it("publishes a scheduled article at its time through the blog-publish job", async () => {
    const publishAt = new Date(Date.now() + 2500);
    const soon = await write({ title: "Soon", status: "scheduled", publishAt: publishAt.toISOString() });
    expect(soon.status).toBe("scheduled");
    expect((await read(soon.slug)).status).toBe(404);
    let res = await read(soon.slug);
    await server.untilJob(PUBLISH_JOB, async () => {
      res = await read(soon.slug);
      return res.status === 200;
    });
    expect(res.body.publishedAt).toBe(publishAt.toISOString());
    const after = await call<TAdminArticle>(server, "GET", `/api/admin/blog/articles/${soon.id}`, {
      cookie: admin.cookie,
    });
    expect(after.body).toMatchObject({ status: "published", publishAt: null });
  });

  it("publishes overdue scheduled articles in the catch-up sweep, once", async () => {
    const late = await write({ title: "Late one", status: "scheduled", publishAt: inAnHour() });
    // As if its time came while no job runner was up.
    await server.deps.db
      .update(blogArticles)
      .set({ publishAt: sql`now() - interval '1 minute'` })
      .where(eq(blogArticles.id, late.id));
    const sweeps = await Promise.all([
      publishOverdueArticles(server.deps),
      publishOverdueArticles(server.deps),
    ]);
    expect(sweeps.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await read(late.slug)).status).toBe(200);
    // Unpublished again, it is 404 once more.
    const back = await call<TAdminArticle>(server, "PATCH", `/api/admin/blog/articles/${late.id}`, {
      cookie: admin.cookie,
      json: { status: "draft" },
    });
    expect(back.body.status).toBe("draft");
    expect((await read(late.slug)).status).toBe(404);
  });

  it("shows an updated date only when a published article is edited", async () => {
    const a = await write({ title: "Edit me later" });
    expect((await read(a.slug)).body.updatedAt).toBeNull();
    await call(server, "PATCH", `/api/admin/blog/articles/${a.id}`, {
      cookie: admin.cookie,
      json: { body: "A corrected text with more words." },
    });
    const res = await read(a.slug);
    expect(res.body.updatedAt).not.toBeNull();
    expect(res.body.html).toContain("A corrected text");
  });
});

describe("slugs", () => {
  it("derives slugs from titles, refuses a taken one, and keeps an old slug answering with the new one", async () => {
    const a = await write({ title: "Pump & dump: a field guide!" });
    expect(a.slug).toBe("pump-dump-a-field-guide");
    const again = await call<TErr>(server, "POST", "/api/admin/blog/articles", {
      cookie: admin.cookie,
      json: {
        title: "x",
        slug: a.slug,
        excerpt: "x",
        body: "x",
        categoryId: null,
        tags: [],
        status: "draft",
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.fields?.slug).toBe(M_BLOG.slugTaken);

    const renamed = await call<TAdminArticle>(server, "PATCH", `/api/admin/blog/articles/${a.id}`, {
      cookie: admin.cookie,
      json: { slug: "pump-and-dump-guide" },
    });
    expect(renamed.body.slug).toBe("pump-and-dump-guide");
    const old = await read("pump-dump-a-field-guide");
    expect(old.status).toBe(200);
    expect(old.body.slug).toBe("pump-and-dump-guide");
    // Renamed twice, both old slugs lead to it; renamed back, the live slug wins.
    await call(server, "PATCH", `/api/admin/blog/articles/${a.id}`, {
      cookie: admin.cookie,
      json: { slug: "pump-dump-guide-2" },
    });
    expect((await read("pump-and-dump-guide")).body.slug).toBe("pump-dump-guide-2");
    expect((await read("pump-dump-a-field-guide")).body.slug).toBe("pump-dump-guide-2");
    const taken = await call<TErr>(server, "PATCH", `/api/admin/blog/articles/${a.id}`, {
      cookie: admin.cookie,
      json: { slug: published.slug },
    });
    expect(taken.status).toBe(409);
    // An old slug of a draft is as hidden as the draft.
    await call(server, "PATCH", `/api/admin/blog/articles/${a.id}`, {
      cookie: admin.cookie,
      json: { status: "draft" },
    });
    expect((await read("pump-dump-a-field-guide")).status).toBe(404);
    expect((await call(server, "GET", "/api/blog/articles/no-such-article")).status).toBe(404);
  });
});

describe("rendering", () => {
  it("never turns Markdown into script (an XSS corpus)", async () => {
    const corpus = [
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      '<a href="javascript:alert(1)">x</a>',
      "[click](javascript:alert(1))",
      "[click](JaVaScRiPt:alert(1))",
      "[click](java\tscript:alert(1))",
      "[click](&#106;avascript:alert(1))",
      "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
      "![img](javascript:alert(1))",
      "![remote](https://evil.example/x.png)",
      '<svg onload="alert(1)"><circle/></svg>',
      '<iframe src="https://evil.example"></iframe>',
      "## <script>alert(1)</script> heading",
      '<div style="background:url(javascript:alert(1))">x</div>',
      "[x](vbscript:msgbox(1))",
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      "`<script>inside code</script>`",
    ];
    const res = await preview(corpus.join("\n\n"));
    expect(res.status).toBe(200);
    const html = res.body.html;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<(svg|iframe|math|div style|object|embed)/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/<img[^>]*evil\.example/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("<code>&lt;script&gt;inside code&lt;/script&gt;</code>");
  });

  it("marks external links, keeps our own in the tab, sizes our images and turns our own links into cards", async () => {
    await server.deps.db
      .insert(kols)
      .values({ handle: "cardkol", name: 'Evil <img src=x onerror="alert(1)">' });
    const [post] = await server.deps.db
      .insert(posts)
      .values({ userId: member.id, content: "My <b>post</b> & more" })
      .returning({ id: posts.id });
    const form = new FormData();
    form.set("image", new File([await samplePng(64, 48)], "chart.png", { type: "image/png" }));
    const image = await call<TBlogImage>(server, "POST", "/api/admin/blog/images", {
      cookie: admin.cookie,
      form,
    });
    expect(image.status).toBe(201);
    expect(image.body).toMatchObject({ width: 64, height: 48 });
    expect(image.body.markdown).toBe(`![chart](${image.body.url})`);

    const body = [
      "# Title heading",
      "See [the docs](https://example.com/docs) and [our list](/kols).",
      image.body.markdown,
      "/kol/cardkol",
      `${server.url}/posts/${post?.id}`,
      "/kol/nosuchkol",
      "## Title heading",
      "### Root",
    ].join("\n\n");
    const res = await preview(body);
    const html = res.body.html;
    expect(html).toContain(
      '<a href="https://example.com/docs" target="_blank" rel="noopener nofollow ugc">the docs</a>',
    );
    expect(html).toContain('<a href="/kols">our list</a>');
    expect(html).toContain(
      `<img src="${image.body.url}" alt="chart" width="64" height="48" loading="lazy" decoding="async" />`,
    );
    expect(html).toContain('<a class="blog-embed-link" href="/kol/cardkol">');
    expect(html).toContain('Evil &lt;img src=x onerror="alert(1)"&gt;');
    expect(html).toContain(`<a class="blog-embed-link" href="/posts/${post?.id}">`);
    expect(html).toContain("My &lt;b&gt;post&lt;/b&gt; &amp; more");
    expect(html).toContain("<p>/kol/nosuchkol</p>");
    expect(res.body.toc).toEqual([
      { id: "title-heading", text: "Title heading", level: 2 },
      { id: "title-heading-2", text: "Title heading", level: 2 },
      // The page's own ids stay unique.
      { id: "root-section", text: "Root", level: 3 },
    ]);
  });
});

describe("feeds and the sitemap", () => {
  it("serves RSS 2.0 and Atom that parse, with the published articles and their fields", async () => {
    const rss = await text("/blog/rss.xml");
    expect(rss.status).toBe(200);
    expect(rss.type).toContain("application/rss+xml");
    const doc = xml.parse(rss.body);
    expect(doc.rss["@version"]).toBe("2.0");
    const items = asArray<Record<string, unknown>>(doc.rss.channel.item);
    const item = items.find((i) => i.title === published.title) as Record<string, unknown>;
    expect(item.link).toBe(`${server.url}/blog/${published.slug}`);
    expect(item.description).toContain("Liquidity left in one block.");
    expect(String(item["content:encoded"])).toContain("wombatcoin");
    expect(Number.isNaN(Date.parse(String(item.pubDate)))).toBe(false);
    expect(items.every((i) => !String(i.title).includes("zanzibarword"))).toBe(true);

    const atom = await text("/blog/atom.xml");
    expect(atom.type).toContain("application/atom+xml");
    const feed = xml.parse(atom.body).feed;
    expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    const entries = asArray<Record<string, unknown>>(feed.entry);
    const entry = entries.find(
      (e) => (e.title as { "#text"?: string })?.["#text"] === published.title || e.title === published.title,
    );
    expect(entry).toBeDefined();
    expect(entry?.id).toBe(`${server.url}/blog/${published.slug}`);
    expect(
      asArray(entry?.link as object).some(
        (l) => (l as Record<string, string>)["@href"] === `${server.url}/blog/${published.slug}`,
      ),
    ).toBe(true);
    expect(Number.isNaN(Date.parse(String(entry?.updated)))).toBe(false);
  });

  it("lists articles, KOLs, communities, profiles and static pages in the sitemap, and robots.txt points at it", async () => {
    const community = await seedCommunity(server, "Sitemap Club");
    await server.deps.db.update(profiles).set({ points: 50 }).where(eq(profiles.id, member.id));
    const banned = await createUser(server);
    await server.deps.db
      .update(profiles)
      .set({ points: 50, isBanned: true })
      .where(eq(profiles.id, banned.id));
    const sitemap = await text("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.type).toContain("application/xml");
    const urls = asArray<{ loc: string }>(xml.parse(sitemap.body).urlset.url).map((u) => u.loc);
    expect(urls).toContain(`${server.url}/`);
    expect(urls).toContain(`${server.url}/blog`);
    expect(urls).toContain(`${server.url}/blog/${published.slug}`);
    expect(urls).toContain(`${server.url}/kol/cardkol`);
    expect(urls).toContain(`${server.url}/communities/${community.slug}`);
    expect(urls).toContain(`${server.url}/user/${member.username}`);
    // A member under a site ban is left out.
    expect(urls).not.toContain(`${server.url}/user/${banned.username}`);
    expect(urls.some((u) => u.includes(draft.slug))).toBe(false);

    const robots = await text("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.body).toContain("Disallow: /admin\n");
    expect(robots.body).toContain("Disallow: /dashboard\n");
    expect(robots.body).toContain("Disallow: /api\n");
    expect(robots.body).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});

describe("admin", () => {
  it("answers 401 to visitors and 403 to members on every admin route", async () => {
    const routes: [string, string][] = [
      ["GET", "/api/admin/blog/articles"],
      ["POST", "/api/admin/blog/articles"],
      ["GET", `/api/admin/blog/articles/${draft.id}`],
      ["PATCH", `/api/admin/blog/articles/${draft.id}`],
      ["DELETE", `/api/admin/blog/articles/${draft.id}`],
      ["POST", `/api/admin/blog/articles/${draft.id}/cover`],
      ["DELETE", `/api/admin/blog/articles/${draft.id}/cover`],
      ["POST", "/api/admin/blog/images"],
      ["POST", "/api/admin/blog/preview"],
      ["GET", "/api/admin/blog/categories"],
      ["POST", "/api/admin/blog/categories"],
      ["PATCH", `/api/admin/blog/categories/${category.id}`],
      ["DELETE", `/api/admin/blog/categories/${category.id}`],
    ];
    for (const [method, path] of routes) {
      const json = method === "POST" || method === "PATCH" ? {} : undefined;
      const visitor = await call<TErr>(server, method, path, { json });
      expect(visitor.status, `${method} ${path}`).toBe(401);
      expect(visitor.body.error.message).toBe("You must be signed in");
      const asMember = await call<TErr>(server, method, path, { cookie: member.cookie, json });
      expect(asMember.status, `${method} ${path}`).toBe(403);
      expect(asMember.body.error.message).toBe("Admin access required");
    }
    expect((await read(draft.slug)).status).toBe(404);
  });

  it("refuses bad input with the field's message", async () => {
    const post = (json: Record<string, unknown>) =>
      call<TErr>(server, "POST", "/api/admin/blog/articles", {
        cookie: admin.cookie,
        json: { title: "T", excerpt: "E", body: "B", categoryId: null, tags: [], status: "draft", ...json },
      });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: " " }, "title", M_BLOG.titleRequired],
      [{ title: "x".repeat(161) }, "title", M_BLOG.titleTooLong],
      [{ title: "<b>" }, "title", M_BLOG.invalidCharacters],
      [{ excerpt: "" }, "excerpt", M_BLOG.excerptRequired],
      [{ body: "" }, "body", M_BLOG.bodyRequired],
      [{ slug: "Bad Slug" }, "slug", M_SLUG.invalid],
      [{ status: "live" }, "status", M_BLOG.statusInvalid],
      [{ status: "scheduled" }, "publishAt", M_BLOG.publishAtRequired],
      [{ status: "scheduled", publishAt: "not a date" }, "publishAt", M_BLOG.publishAtInvalid],
      [
        { status: "scheduled", publishAt: new Date(Date.now() - 60_000).toISOString() },
        "publishAt",
        M_BLOG.publishAtInPast,
      ],
      [{ categoryId: "6a1f3c4e-1111-4222-8333-944445555666" }, "categoryId", M_BLOG.categoryUnknown],
      [{ categoryId: "nope" }, "categoryId", M_BLOG.categoryUnknown],
      [{ tags: ["<script>"] }, "tags.0", M_BLOG.tagInvalid],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "tags", M_BLOG.tooManyTags],
    ];
    for (const [json, field, message] of cases) {
      const res = await post(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.fields?.[field], JSON.stringify(res.body)).toBe(message);
    }
    const cat = await call<TErr>(server, "POST", "/api/admin/blog/categories", {
      cookie: admin.cookie,
      json: { name: "Investigations" },
    });
    expect(cat.status).toBe(409);
    expect(cat.body.error.fields?.slug).toBe(M_BLOG.categorySlugTaken);
    const inUse = await call<TErr>(server, "DELETE", `/api/admin/blog/categories/${category.id}`, {
      cookie: admin.cookie,
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.message).toBe(M_BLOG.categoryInUse);
  });

  it("renames a category and keeps what the edit left out", async () => {
    const made = await call<TBlogCategory>(server, "POST", "/api/admin/blog/categories", {
      cookie: admin.cookie,
      json: { name: "Deep dives", description: "Long reads on one project." },
    });
    const renamed = await call<TBlogCategory>(server, "PATCH", `/api/admin/blog/categories/${made.body.id}`, {
      cookie: admin.cookie,
      json: { name: "Deep Dives" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Deep Dives", description: "Long reads on one project." });
  });

  it("uploads a cover checked by its bytes, and records every write in the audit log", async () => {
    const a = await write({ title: "With a cover" });
    const form = new FormData();
    form.set("cover", new File([await samplePng(120, 60)], "cover.png", { type: "image/png" }));
    const res = await call<TAdminArticle>(server, "POST", `/api/admin/blog/articles/${a.id}/cover`, {
      cookie: admin.cookie,
      form,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ coverWidth: 120, coverHeight: 60 });
    expect((await server.fetch(res.body.coverUrl ?? "")).status).toBe(200);
    const card = (await read(a.slug)).body;
    expect(card).toMatchObject({ coverUrl: res.body.coverUrl, coverWidth: 120, coverHeight: 60 });

    const pdf = new FormData();
    pdf.set("cover", new File([samplePdf()], "cover.png", { type: "image/png" }));
    const refused = await call<TErr>(server, "POST", `/api/admin/blog/articles/${a.id}/cover`, {
      cookie: admin.cookie,
      form: pdf,
    });
    expect([400, 415]).toContain(refused.status);
    expect((await read(a.slug)).body.coverUrl).toBe(res.body.coverUrl);

    const removed = await call<TAdminArticle>(server, "DELETE", `/api/admin/blog/articles/${a.id}/cover`, {
      cookie: admin.cookie,
    });
    expect(removed.body.coverUrl).toBeNull();
    const deleted = await call(server, "DELETE", `/api/admin/blog/articles/${a.id}`, {
      cookie: admin.cookie,
    });
    expect(deleted.status).toBe(204);
    expect((await read(a.slug)).status).toBe(404);

    const rows = await server.deps.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, a.id));
    expect(rows.map((r) => r.action).sort()).toEqual([
      "blog.cover",
      "blog.cover",
      "blog.create",
      "blog.delete",
    ]);
  });
});

describe("paging", () => {
  it("pages 12 articles at a time, the featured one only on top of page 1 and never among the items", async () => {
    for (let i = 1; i <= 14; i++) await write({ title: `Paging article ${i}` });
    const first = await list();
    const second = await list("?page=2");
    expect(first.body.items).toHaveLength(12);
    expect(first.body.featured?.slug).toBe(featured.slug);
    expect(second.body.featured).toBeNull();
    expect(second.body.page).toBe(2);
    expect(first.body.pageCount).toBe(Math.ceil(first.body.total / 12));
    const all = [...first.body.items, ...second.body.items].map((a) => a.slug);
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(featured.slug);
    expect(all.slice(0, 3)).toEqual(["paging-article-14", "paging-article-13", "paging-article-12"]);
    const bad = await list("?page=0");
    expect(bad.status).toBe(400);
  });
});

describe("parallel edits", () => {
  it("takes 10 edits of one article's tags at once, each answered 200, leaving one set of tags", async () => {
    const a = await write({ title: "Edited by many", tags: ["One"] });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call<TAdminArticle>(server, "PATCH", `/api/admin/blog/articles/${a.id}`, {
          cookie: admin.cookie,
          json: { tags: ["Shared tag", `Tag ${i % 3}`] },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const after = await call<TAdminArticle>(server, "GET", `/api/admin/blog/articles/${a.id}`, {
      cookie: admin.cookie,
    });
    expect(after.body.tags).toHaveLength(2);
    expect(after.body.tags).toContain("Shared tag");
  });
  it("keeps both of two edits made at once to different fields of one article", async () => {
    const a = await write({ title: "Before both edits", excerpt: "Old excerpt", tags: ["One"] });
    const patch = (json: Record<string, unknown>) =>
      call<TAdminArticle>(server, "PATCH", `/api/admin/blog/articles/${a.id}`, {
        cookie: admin.cookie,
        json,
      });
    const results = await Promise.all([
      patch({ title: "Title from the first edit" }),
      patch({ excerpt: "Excerpt from the second edit" }),
      patch({ tags: ["Tag from the third edit"] }),
      patch({ body: "Body from the fourth edit" }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const after = await call<TAdminArticle>(server, "GET", `/api/admin/blog/articles/${a.id}`, {
      cookie: admin.cookie,
    });
    expect(after.body).toMatchObject({
      title: "Title from the first edit",
      excerpt: "Excerpt from the second edit",
      tags: ["Tag from the third edit"],
      body: "Body from the fourth edit",
    });
  });
});
