import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newAccount, postJson, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { png } from "./support/images.ts";
import { expectNoHorizontalOverflow, heading, toast, useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
const j = useJourney({ ADMIN_EMAILS: ADMIN.email });
let signedUpAdmin: ReturnType<typeof signUpByApi> | null = null;
/** The file's admin, signed up by the first journey that needs it. */
const theAdmin = () => {
  signedUpAdmin ??= signUpByApi(j.server, ADMIN);
  return signedUpAdmin;
};

type TSaved = { id: string; slug: string };

async function send(cookie: string, path: string, body: unknown, method = "POST"): Promise<TSaved> {
  const res =
    method === "POST"
      ? await postJson(j.server, path, body, cookie)
      : await fetch(`${j.server.url}${path}`, {
          method,
          headers: { cookie, origin: j.server.url, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as TSaved;
}

async function cover(cookie: string, id: string, rgb: [number, number, number]) {
  const form = new FormData();
  form.append(
    "cover",
    new Blob([new Uint8Array(await png(1200, 630, rgb))], { type: "image/png" }),
    "cover.png",
  );
  const res = await fetch(`${j.server.url}/api/admin/blog/articles/${id}/cover`, {
    method: "POST",
    headers: { cookie, origin: j.server.url },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * A full-page screenshot from the top (one of a page scrolled down shows the sticky bar in its middle), after a
 * scroll to the bottom so the lazy images below the fold have loaded as a reader would see them.
 */
async function shotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

const LONG_BODY = [
  "Most rugs follow the same script. Here is how to read it before it is too late.",
  "## The launch",
  "A token appears with a slick site and a countdown. The liquidity is thin and the team is anonymous.",
  "## The pump",
  "Paid KOLs post the same words within minutes. Check who posted first, and who was paid.",
  "### Reading the wallets",
  "Follow the deployer's wallet: it funds the early buyers.",
  "## The pull",
  "The liquidity goes in one transaction. By then, the posts are deleted.",
  "```\nremoveLiquidity(pool, 100%)\n```",
  "> **Rule of thumb:** if the liquidity is not locked, assume it will leave.",
].join("\n\n");

/** Two categories and four articles through the admin API: three published (one featured), one draft. */
async function seedBlog(cookie: string) {
  const guides = await send(cookie, "/api/admin/blog/categories", {
    name: "Guides",
    description: "Step-by-step guides on spotting rugs and keeping your wallet safe.",
  });
  const investigations = await send(cookie, "/api/admin/blog/categories", {
    name: "Investigations",
    description: "Deep dives into real rugs, with the evidence.",
  });
  const article = (fields: Record<string, unknown>) =>
    send(cookie, "/api/admin/blog/articles", { tags: [], categoryId: null, status: "published", ...fields });
  const drainer = await article({
    title: "Inside the wallet drainer that emptied 3,000 wallets",
    excerpt: "We traced one drainer kit from a fake mint page to the wallets it emptied, step by step.",
    body: "It started with a fake mint page.\n\n## The kit\n\nA drainer kit is sold as a service.",
    categoryId: investigations.id,
    tags: ["scams", "wallets"],
  });
  const vetting = await article({
    title: "Vetting a KOL in five minutes",
    excerpt: "Five checks that tell a plug from a rug before you follow a call.",
    body: "Start with their history.\n\n## Old calls\n\nScroll back a year.",
    categoryId: guides.id,
    tags: ["kols"],
  });
  const rugs = await article({
    title: "How rugs are pulled",
    excerpt: "The launch, the pump and the pull: the script most rugs follow, and the signs at each step.",
    body: LONG_BODY,
    categoryId: guides.id,
    tags: ["scams", "liquidity"],
    featured: true,
  });
  await article({
    title: "Secret draft about an upcoming exposé",
    excerpt: "Not ready yet.",
    body: "Draft text.",
    status: "draft",
  });
  await cover(cookie, rugs.id, [34, 197, 94]);
  await cover(cookie, drainer.id, [239, 68, 68]);
  await cover(cookie, vetting.id, [99, 102, 241]);
  return { guides, investigations, drainer, vetting, rugs };
}

describe("blog", () => {
  it("a reader browses the blog, filters by a tag and a category, searches and reads an article", async () => {
    const admin = await theAdmin();
    const seeded = await seedBlog(admin.cookie);

    // What a visitor's browser and a crawler get first: the rendered page with its head.
    const raw = await (await fetch(`${j.server.url}/blog/${seeded.rugs.slug}`)).text();
    expect(raw).toContain("<title>How rugs are pulled · ");
    expect(raw).toContain('<meta property="og:type" content="article">');
    expect(raw).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(raw).toContain(`<link rel="canonical" href="${j.server.url}/blog/${seeded.rugs.slug}">`);
    expect(raw).toContain('<link rel="alternate" type="application/rss+xml"');
    expect(raw).toContain('<link rel="alternate" type="application/atom+xml"');
    const ld = JSON.parse(
      raw.split('<script type="application/ld+json">')[1]?.split("</script>")[0] ?? "null",
    );
    expect(ld).toMatchObject({ "@type": "Article", headline: "How rugs are pulled" });
    expect(raw).toContain('<h1 class="text-3xl');
    const list = await fetch(`${j.server.url}/blog`);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("Vetting a KOL in five minutes");

    const desktop = await j.open({ viewport: "desktop" });
    await desktop.goto("/blog");
    await heading(desktop, "Blog").waitFor();
    const featured = desktop.getByRole("article").filter({ hasText: "Featured" });
    await featured.getByRole("link", { name: "How rugs are pulled" }).waitFor();
    expect(await desktop.getByText("Secret draft about an upcoming exposé").count()).toBe(0);
    await desktop
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: "Guides" })
      .waitFor();
    await shot(desktop, "blog-list-dark-1280");

    // A tag on a card filters the list.
    await desktop
      .getByRole("article")
      .filter({ hasText: "Inside the wallet drainer" })
      .getByRole("link", { name: "#scams" })
      .click();
    await heading(desktop, "#scams").waitFor();
    await desktop
      .getByRole("link", { name: "Inside the wallet drainer that emptied 3,000 wallets" })
      .waitFor();
    await desktop.getByRole("link", { name: "How rugs are pulled" }).waitFor();
    expect(await desktop.getByRole("link", { name: "Vetting a KOL in five minutes" }).count()).toBe(0);
    await shot(desktop, "blog-tag-dark-1280");

    // The article: its table of contents, author, tags and related articles.
    await desktop.getByRole("link", { name: "How rugs are pulled" }).click();
    await heading(desktop, "How rugs are pulled").waitFor();
    const toc = desktop.getByRole("navigation", { name: "Table of contents" }).last();
    await toc.getByRole("link", { name: "The pump" }).click();
    expect(new URL(desktop.url()).hash).toMatch(/pump/);
    await desktop.getByRole("region", { name: "Author" }).getByText(`@${admin.username}`).waitFor();
    await desktop.getByRole("heading", { name: "Related articles" }).waitFor();
    await desktop
      .getByText(/\d+ min read/)
      .first()
      .waitFor();
    await shotFromTop(desktop, "blog-article-dark-1280");

    // Share copies the link where there is no share sheet.
    await desktop.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await desktop.evaluate(() => {
      Object.defineProperty(navigator, "share", { value: undefined });
    });
    await desktop.getByRole("button", { name: "Share" }).click();
    await toast(desktop, "Link copied to clipboard!").waitFor();

    // A renamed article: its old address moves to the new one (301 on the server, the same in the app).
    const oldSlug = seeded.vetting.slug;
    await send(admin.cookie, `/api/admin/blog/articles/${seeded.vetting.id}`, { slug: "vet-a-kol" }, "PATCH");
    const moved = await fetch(`${j.server.url}/blog/${oldSlug}`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/blog/vet-a-kol");
    await desktop.goto(`/blog/${oldSlug}`);
    await heading(desktop, "Vetting a KOL in five minutes").waitFor();
    expect(new URL(desktop.url()).pathname).toBe("/blog/vet-a-kol");

    // Unknown addresses are real 404s with the not-found page.
    const missing = await desktop.goto("/blog/no-such-article");
    expect(missing?.status()).toBe(404);
    await heading(desktop, "Article not found").waitFor();

    // The other theme at each width: light on a laptop, dark on a phone.
    const light = await j.open({ viewport: "desktop", theme: "light" });
    await light.goto("/blog");
    await light.getByRole("link", { name: "How rugs are pulled" }).first().waitFor();
    await shot(light, "blog-list-light-1280");
    await light.goto(`/blog/${seeded.rugs.slug}`);
    await light.getByRole("navigation", { name: "Table of contents" }).last().waitFor();
    await shotFromTop(light, "blog-article-light-1280");
    const dark = await j.open({ viewport: "mobile" });
    await dark.goto("/blog");
    await dark.getByRole("link", { name: "How rugs are pulled" }).first().waitFor();
    await expectNoHorizontalOverflow(dark);
    await shot(dark, "blog-list-dark-390");
    await dark.goto(`/blog/${seeded.drainer.slug}`);
    await heading(dark, "Inside the wallet drainer that emptied 3,000 wallets").waitFor();
    await shotFromTop(dark, "blog-article-dark-390");

    // On a phone in the light theme: search, a category with its description, and the article.
    const phone = await j.open({ viewport: "mobile", theme: "light" });
    await phone.goto("/blog");
    await phone.getByRole("searchbox", { name: "Search articles" }).fill("drainer");
    await phone.waitForURL(/q=drainer/);
    await phone.getByRole("link", { name: "Inside the wallet drainer that emptied 3,000 wallets" }).waitFor();
    await phone.getByRole("link", { name: "How rugs are pulled" }).waitFor({ state: "detached" });
    await expectNoHorizontalOverflow(phone);
    await shot(phone, "blog-search-light-390");
    await phone.getByRole("searchbox", { name: "Search articles" }).fill("zzzz nothing");
    await phone.getByText("No articles match").waitFor();
    await shot(phone, "blog-empty-light-390");

    await phone.goto(`/blog/category/${seeded.guides.slug}`);
    await heading(phone, "Guides").waitFor();
    await phone.getByText("Step-by-step guides on spotting rugs").waitFor();
    await expectNoHorizontalOverflow(phone);
    await shot(phone, "blog-category-light-390");

    await phone.getByRole("link", { name: "How rugs are pulled" }).first().click();
    await heading(phone, "How rugs are pulled").waitFor();
    await phone.getByText("Table of contents").click();
    await phone
      .getByRole("navigation", { name: "Table of contents" })
      .first()
      .getByRole("link", { name: "The pull" })
      .waitFor();
    await expectNoHorizontalOverflow(phone);
    await shotFromTop(phone, "blog-article-light-390");

    // The load error: the list's API fails, Retry brings it back.
    const failing = await j.open({ viewport: "mobile" });
    await failing.route("**/api/blog/articles*", (route) => route.fulfill({ status: 500, json: {} }));
    await failing.goto("/faq");
    await failing.evaluate(() => {
      window.history.pushState({}, "", "/blog");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    // While the list is asked for again, its cards' places pulse.
    await failing.getByRole("region", { name: "Articles" }).locator(".animate-pulse").first().waitFor();
    await shot(failing, "blog-loading-dark-390");
    await failing.getByText("Could not load the articles").waitFor({ timeout: 15_000 });
    await shot(failing, "blog-error-dark-390");
    await failing.unroute("**/api/blog/articles*");
    await failing.getByRole("button", { name: "Retry" }).click();
    await failing.getByRole("link", { name: "How rugs are pulled" }).first().waitFor();
  });

  it("an admin writes an article with a preview, schedules it, then publishes one", async () => {
    const admin = await theAdmin();
    const page = await j.open({ as: admin, viewport: "desktop" });
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Blog" })
      .click();
    await page.getByRole("heading", { name: "Blog", level: 2 }).waitFor();
    await page.getByRole("link", { name: "New article" }).click();
    await page.getByRole("heading", { name: "New article" }).waitFor();

    // Saving empty shows the shared schema's messages.
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Title is required").waitFor();
    await page.getByText("Excerpt is required").waitFor();

    await page.getByLabel("Title").fill("Five signs of a honeypot token");
    expect(await page.getByLabel("Slug").inputValue()).toBe("five-signs-of-a-honeypot-token");
    await page
      .getByLabel("Excerpt")
      .fill("You can buy but never sell: how to spot a honeypot before you ape in.");
    await page
      .getByLabel("Text (Markdown)")
      .fill("A honeypot lets you buy and never sell.\n\n## Sign one: no sells\n\nLook at the trades.");
    const preview = page.getByRole("region", { name: "Preview" });
    await preview.getByRole("heading", { name: "Sign one: no sells", level: 2 }).waitFor();

    // An image goes up and its Markdown lands in the text; the preview shows it.
    await page.getByLabel("Article image").setInputFiles({
      name: "chart.png",
      mimeType: "image/png",
      buffer: await png(640, 360, [245, 158, 11]),
    });
    await toast(page, "Image added to the text").waitFor();
    expect(await page.getByLabel("Text (Markdown)").inputValue()).toMatch(/!\[[^\]]*\]\(\/media\//);
    await preview.locator("img").waitFor();

    await page.getByLabel("Tags").fill("scams,");
    await page.getByLabel("Tags").fill("tokens");
    await page.getByLabel("Tags").press("Enter");
    await page.getByRole("button", { name: "Remove tag scams" }).waitFor();

    // Scheduled for tomorrow: saved, and still a 404 to readers.
    await page.getByLabel("Scheduled").check();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16);
    await page.getByLabel("Publish at").fill(local);
    await page.getByRole("button", { name: "Schedule" }).click();
    await toast(page, "Article scheduled").waitFor();
    await page.getByRole("heading", { name: "Edit article" }).waitFor();
    await page.getByText(/^Publishes /).waitFor();
    // Saved, it takes a cover.
    await page.getByLabel("Cover image").setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: await png(1200, 630, [14, 165, 233]),
    });
    await toast(page, "Cover updated").waitFor();
    await page.getByRole("button", { name: "Change cover" }).waitFor();
    await shotFromTop(page, "blog-admin-editor-dark-1280");
    const hidden = await fetch(`${j.server.url}/blog/five-signs-of-a-honeypot-token`);
    expect(hidden.status).toBe(404);

    await page.getByRole("link", { name: "Articles" }).click();
    await page.getByRole("tab", { name: "Scheduled" }).click();
    await page.getByRole("link", { name: /Five signs of a honeypot token/ }).waitFor();
    await shot(page, "blog-admin-list-dark-1280");

    // On a phone in the light theme: a second article, published at once, with a new category.
    const phone = await j.open({ as: admin, viewport: "mobile", theme: "light" });
    await phone.goto("/admin/blog/categories");
    await phone.getByLabel("Name").fill("Security");
    await phone.getByLabel("Description").fill("Keeping keys and wallets safe.");
    await phone.getByRole("button", { name: "Add category" }).click();
    await toast(phone, "Category added").waitFor();
    await phone.getByRole("button", { name: "Edit Security" }).waitFor();
    await shot(phone, "blog-admin-categories-light-390");

    await phone.goto("/admin/blog/new");
    await phone.getByLabel("Title").fill("Revoke your old approvals");
    await phone.getByLabel("Excerpt").fill("Old token approvals are open doors. Close them in two minutes.");
    await phone.getByLabel("Text (Markdown)").fill("Open a revoke tool.\n\n## Find them\n\nSort by risk.");
    await phone.getByLabel("Category").selectOption({ label: "Security" });
    // A slug another article has: the server's own words, under the field.
    await phone.getByLabel("Slug").fill("five-signs-of-a-honeypot-token");
    await phone.getByLabel("Published").check();
    await phone.getByRole("button", { name: "Publish" }).click();
    await phone.getByText("That slug is already used by another article").waitFor();
    await phone.getByLabel("Slug").fill("revoke-your-old-approvals");
    await phone.getByRole("tab", { name: "Preview" }).click();
    await phone
      .getByRole("region", { name: "Preview" })
      .getByRole("heading", { name: "Find them" })
      .waitFor();
    await expectNoHorizontalOverflow(phone);
    await shotFromTop(phone, "blog-admin-preview-light-390");
    await phone.getByRole("tab", { name: "Write" }).click();
    await phone.getByRole("button", { name: "Publish" }).click();
    await toast(phone, "Article published").waitFor();
    await phone.getByRole("link", { name: /View article/ }).click();
    await heading(phone, "Revoke your old approvals").waitFor();
    await phone.getByRole("link", { name: "Security" }).first().waitFor();
    await shotFromTop(phone, "blog-admin-published-light-390");
  });
});
