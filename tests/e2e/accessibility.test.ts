import { createRequire } from "node:module";
import { PAGE_ROUTES } from "@plugs/domain";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createPostByApi, newAccount, postJson, signUpByApi, type TSignedUp } from "./support/accounts.ts";
import { png } from "./support/images.ts";
import { useJourney } from "./support/journey.ts";

/*
 * axe-core on every page route of the product, in both themes, signed in as an admin (so the admin console and the
 * dashboard render their pages rather than a sign-in prompt; each of their sections is scanned): no serious or
 * critical violation. The routes of one
 * thing show a real KOL, member, post, community and blog article; the learn and rewards pages of one thing show
 * their not-found page (their set-up is the learn and rewards journeys').
 */

const ADMIN = newAccount("a11yadmin");
const j = useJourney({ ADMIN_EMAILS: ADMIN.email });
const axeSource = createRequire(import.meta.url)("node:fs").readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
) as string;

type TViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
};

/** The page's serious and critical violations, each as "rule: help (first element)". */
async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: object): Promise<{ violations: TViolation[] }> } }).axe;
    const result = await axe.run({ resultTypes: ["violations"] });
    return result.violations;
  });
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.length}x, first ${v.nodes[0]?.target.join(" ")}: ${v.nodes[0]?.failureSummary ?? ""})`,
    );
}

let admin: TSignedUp;
const paths = new Map<string, string>();

beforeAll(async () => {
  admin = await signUpByApi(j.server, ADMIN);
  const tag = Math.random().toString(36).slice(2, 7);
  const kol = await postJson(
    j.server,
    "/api/admin/kols",
    { handle: `a11y${tag}`, name: "Chart Wizard", bio: "Calls every top." },
    admin.cookie,
  );
  expect(kol.status, await kol.clone().text()).toBe(201);
  const post = await createPostByApi(j.server, admin, "Accessibility pass over every page of the site.");
  const community = new FormData();
  community.set("name", `Access ${tag}`);
  community.set("description", "Traders comparing notes on new launches and the people behind them.");
  community.set("rules", "Be kind. No spam. Disclose your bags when you shill.");
  community.set("avatar", new File([await png(96, 96, [34, 197, 94])], "avatar.png", { type: "image/png" }));
  community.set(
    "banner",
    new File([await png(600, 200, [30, 64, 175])], "banner.png", { type: "image/png" }),
  );
  const made = await fetch(`${j.server.url}/api/communities`, {
    method: "POST",
    headers: { cookie: admin.cookie, origin: j.server.url },
    body: community,
  });
  expect(made.status, await made.clone().text()).toBe(201);
  const { slug } = ((await made.json()) as { community: { slug: string } }).community;
  const category = await postJson(
    j.server,
    "/api/admin/blog/categories",
    { name: "Guides", description: "Step-by-step guides." },
    admin.cookie,
  );
  const categoryBody = (await category.json()) as { id: string; slug: string };
  const article = await postJson(
    j.server,
    "/api/admin/blog/articles",
    {
      title: "Spotting a rug before it is pulled",
      excerpt: "Five signs to check before you buy.",
      body: "It starts with the supply.\n\n## The signs\n\nWho holds the tokens?",
      categoryId: categoryBody.id,
      tags: ["scams"],
      status: "published",
    },
    admin.cookie,
  );
  expect(article.status, await article.clone().text()).toBe(201);
  const articleSlug = ((await article.json()) as { slug: string }).slug;
  for (const [route, path] of [
    ["/kol/:handle", `/kol/a11y${tag}`],
    ["/user/:username", `/user/${admin.username}`],
    ["/posts/:id", `/posts/${post}`],
    ["/communities/:slugOrId", `/communities/${slug}`],
    ["/communities/:slug/manage", `/communities/${slug}/manage`],
    ["/blog/:slug", `/blog/${articleSlug}`],
    ["/blog/category/:slug", `/blog/category/${categoryBody.slug}`],
    ["/blog/tag/:slug", "/blog/tag/scams"],
  ] as const) {
    paths.set(route, path);
  }
});

/** The sections under /admin/* and /dashboard/*, each a page of its own. */
const ADMIN_SECTIONS = [
  "overview",
  "members",
  "reports",
  "moderation",
  "messages",
  "blog",
  "learn",
  "airdrops",
]
  .concat(["rewards", "jobs", "site", "audit"])
  .map((section) => `/admin/${section}`);
const DASHBOARD_SECTIONS = [
  "",
  "/profile",
  "/security",
  "/points",
  "/referrals",
  "/learning",
  "/giveaways",
].map((section) => `/dashboard${section}`);

/** Every address scanned: each route's (a real thing's, or a sample), and each admin and dashboard section. */
function addresses(): string[] {
  return PAGE_ROUTES.flatMap((pattern) => {
    if (pattern === "/admin/*") return ADMIN_SECTIONS;
    if (pattern === "/dashboard/*") return DASHBOARD_SECTIONS;
    return [
      paths.get(pattern) ??
        pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => `sample-${name.toLowerCase()}`),
    ];
  });
}

describe("accessibility (axe-core)", () => {
  for (const theme of ["dark", "light"] as const) {
    it(`finds no serious or critical violation on any route in the ${theme} theme`, {
      timeout: 240_000,
    }, async () => {
      const page = await j.open({ as: admin, theme, viewport: "desktop" });
      const found: Record<string, string[]> = {};
      for (const path of addresses()) {
        await page.goto(path);
        await page.locator("main h1").first().waitFor();
        // Let the page's data arrive (no skeleton or busy region left) before the scan.
        await page
          .waitForFunction(() => !document.querySelector(".animate-pulse, [aria-busy='true']"), null, {
            timeout: 10_000,
          })
          .catch(() => {});
        const list = await violations(page);
        if (list.length > 0) found[path] = list;
      }
      expect(found).toEqual({});
    });
  }
});
