import { M_REWARDS } from "@plugs/domain";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { newAccount, postJson, signUpByApi, type TSignedUp } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { expectNoHorizontalOverflow, heading, toast, useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
const j = useJourney({ ADMIN_EMAILS: ADMIN.email });

const SIZES = [
  ["desktop", "dark", 1280],
  ["desktop", "light", 1280],
  ["mobile", "dark", 390],
  ["mobile", "light", 390],
] as const;

/** A moment as a datetime-local input's value, on the browser's clock (the tests run in UTC). */
function localInput(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}

let signedUpAdmin: TSignedUp | null = null;
async function adminOnce(): Promise<TSignedUp> {
  signedUpAdmin ??= await signUpByApi(j.server, ADMIN);
  return signedUpAdmin;
}

describe("rewards admin", () => {
  it("creates and publishes a giveaway from /admin/rewards, a member enters it, and the admin sees the entry", async () => {
    const admin = await adminOnce();
    // A slug already taken, so the server's own message shows at the field.
    const taken = await postJson(
      j.server,
      "/api/admin/rewards",
      {
        title: "Taken slug",
        slug: "solana-summer",
        prize: "1 SOL",
        winnersCount: 1,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      admin.cookie,
    );
    expect(taken.status).toBe(201);

    const page = await j.open({ as: admin, viewport: "desktop" });
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Rewards" })
      .click();
    await page.getByRole("heading", { level: 2, name: "Rewards" }).waitFor();
    await page.getByRole("tab", { name: "Live" }).click();
    await page.getByText("No live giveaways.").waitFor();
    await page.getByRole("tab", { name: "All" }).click();
    await page.getByRole("link", { name: "New giveaway" }).click();
    await page.getByRole("heading", { level: 2, name: "New giveaway" }).waitFor();

    // The shared schema's messages before the request, the server's after it.
    await page.getByRole("button", { name: "Create draft" }).click();
    await page.getByText("Title is required").waitFor();
    await page.getByText("Prize is required").waitFor();
    // An empty slug is fine: the server makes it from the title.
    expect(await page.getByText(M_REWARDS.slugInvalid).count()).toBe(0);
    await page.getByLabel("Title").fill("Solana Summer");
    await page.getByLabel("Prize").fill("5 SOL");
    await page.getByLabel("Description (Markdown)").fill("Five winners share **5 SOL**.");
    await page.getByLabel("Winners").fill("5");
    await page.getByLabel("Starts").fill(localInput(Date.now() + 86_400_000));
    await page.getByLabel("Ends").fill(localInput(Date.now() + 3_600_000));
    await page.getByRole("button", { name: "Create draft" }).click();
    await page.getByText("The end must be after the start").waitFor();
    await page.getByLabel("Starts").fill(localInput(Date.now() - 60_000));
    await page.getByLabel("Ends").fill(localInput(Date.now() + 3 * 86_400_000));
    await page.getByLabel("Entry cost (points)").fill("10");
    await page.getByLabel("Claim window (days)").fill("0");
    await page.getByRole("button", { name: "Create draft" }).click();
    await page.getByText(M_REWARDS.claimDaysInvalid).waitFor();
    await page.getByLabel("Claim window (days)").fill("3");
    await page.getByRole("button", { name: "Create draft" }).click();
    await page.getByText("A giveaway with this slug already exists").waitFor();
    await page.getByLabel("Slug").fill("solana-summer-2026");
    await page.getByRole("button", { name: "Create draft" }).click();
    await toast(page, "Draft created").waitFor();
    await page.waitForURL(/\/admin\/rewards\/solana-summer-2026$/);
    await page.getByText("Draft", { exact: true }).waitFor();

    // Publishing shows the commitment to the secret seed.
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
    await toast(page, "Giveaway published").waitFor();
    await page.getByText("Seed commitment (SHA-256)").waitFor();
    await page.getByText("3 days from the draw").waitFor();
    const commitment = await page.getByTestId("seed-commitment").textContent();
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);

    // Its image, checked by its bytes on the server, shows on the member's pages.
    const png = await sharp({ create: { width: 320, height: 160, channels: 3, background: "#8b7cff" } })
      .png()
      .toBuffer();
    await page
      .getByLabel("Giveaway image")
      .setInputFiles({ name: "prize.png", mimeType: "image/png", buffer: png });
    await toast(page, "Image updated").waitFor();
    await page.locator('img[src^="/media/giveaways/"]').waitFor();

    // A member enters on the giveaway's page.
    const member = await signUpByApi(j.server);
    const m = await j.open({ as: member, viewport: "mobile", theme: "light" });
    await m.goto("/rewards/solana-summer-2026");
    await heading(m, "Solana Summer").waitFor();
    await m.locator('img[src^="/media/giveaways/"]').waitFor();
    await m.getByRole("button", { name: "Enter for 10 points" }).click();
    await toast(m, "You're in! Good luck.").waitFor();

    for (const [viewport, theme, width] of SIZES) {
      const p = await j.open({ as: admin, viewport, theme });
      await p.goto("/admin/rewards");
      const row = p.getByRole("link").filter({ hasText: "Solana Summer" });
      await row.getByText("1 entry").waitFor();
      await expectNoHorizontalOverflow(p);
      await shot(p, `rewards-admin-list-${theme}-${width}`);
      await row.click();
      await p.getByText("Seed commitment (SHA-256)").waitFor();
      await p.getByRole("button", { name: "Cancel giveaway" }).waitFor();
      await p.getByRole("list", { name: "Entrants" }).getByText(`@${member.username}`).waitFor();
      await expectNoHorizontalOverflow(p);
      await shot(p, `rewards-admin-live-${theme}-${width}`);
      await p.goto("/admin/rewards/new");
      await p.getByRole("button", { name: "Create draft" }).click();
      await p.getByText("Title is required").waitFor();
      await expectNoHorizontalOverflow(p);
      await shot(p, `rewards-admin-form-${theme}-${width}`);
    }
    // The admin's writes are in the audit log.
    const audit = await fetch(`${j.server.url}/api/admin/audit?action=rewards.publish`, {
      headers: { cookie: admin.cookie },
    });
    const body = (await audit.json()) as { items: { summary: string }[] };
    expect(body.items.map((i) => i.summary)).toContain('Published the giveaway "Solana Summer"');
  });

  it("shows the winners of a drawn giveaway with their claims and delivery contacts", async () => {
    const admin = await adminOnce();
    const created = await postJson(
      j.server,
      "/api/admin/rewards",
      {
        title: "Quick pair",
        prize: "20 USDC",
        winnersCount: 2,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 5_000).toISOString(),
      },
      admin.cookie,
    );
    const { slug } = (await created.json()) as { slug: string };
    expect((await postJson(j.server, `/api/admin/rewards/${slug}/publish`, {}, admin.cookie)).status).toBe(
      200,
    );
    const entrants = await Promise.all([signUpByApi(j.server), signUpByApi(j.server), signUpByApi(j.server)]);
    for (const e of entrants) {
      expect((await postJson(j.server, `/api/rewards/${slug}/entries`, {}, e.cookie)).status).toBe(201);
    }
    // The draw job runs at the end time.
    const deadline = Date.now() + 40_000;
    let winners: { userId: string }[] = [];
    for (;;) {
      const g = (await (await fetch(`${j.server.url}/api/rewards/${slug}`)).json()) as {
        status: string;
        winners: { userId: string }[];
      };
      if (g.status === "drawn") {
        winners = g.winners;
        break;
      }
      if (Date.now() > deadline) throw new Error("the giveaway was not drawn");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const first = entrants.find((e) => e.id === winners[0]?.userId);
    if (!first) throw new Error("the winner is not an entrant");
    const claim = await postJson(
      j.server,
      `/api/rewards/${slug}/claim`,
      { contact: "@quick_pair_one" },
      first.cookie,
    );
    expect(claim.status).toBe(200);

    for (const [viewport, theme, width] of SIZES) {
      const p = await j.open({ as: admin, viewport, theme });
      await p.goto("/admin/rewards?filter=ended");
      await p.getByRole("link").filter({ hasText: "Quick pair" }).click();
      await p.getByRole("heading", { name: "Winners and claims" }).waitFor();
      const list = p.getByRole("list", { name: "Winners" });
      await list.getByText(`@${first.username}`).waitFor();
      await list.getByText("@quick_pair_one").waitFor();
      await list.getByText(/Waiting to claim/).waitFor();
      await p.getByText("Revealed seed").waitFor();
      await expectNoHorizontalOverflow(p);
      await shot(p, `rewards-admin-winners-${theme}-${width}`);
    }
  });
});
