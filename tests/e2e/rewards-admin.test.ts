import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { M_REWARDS, M_SLUG } from "@plugs/domain";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { newAccount, postJson, signUpByApi, type TSignedUp } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { expectNoHorizontalOverflow, heading, toast, useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
// The server's clock can be moved on (support/shifted-clock.mjs): a claim window is a day at least.
const CLOCK_FILE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rewards-clock-")), "offset");
const SHIFTED_CLOCK = fileURLToPath(new URL("./support/shifted-clock.mjs", import.meta.url));
const j = useJourney({
  ADMIN_EMAILS: ADMIN.email,
  E2E_CLOCK_FILE: CLOCK_FILE,
  NODE_OPTIONS: `--import=${SHIFTED_CLOCK}`,
});

/** Moves the server's clock `ms` ahead of the real time, and waits for it to notice. */
async function serverClockAhead(ms: number) {
  fs.writeFileSync(CLOCK_FILE, String(ms));
  await new Promise((resolve) => setTimeout(resolve, 300));
}

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
    expect(await page.getByText(M_SLUG.invalid).count()).toBe(0);
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
    // Entry can be limited to members with two-factor on, and to one community's members (by its address).
    await page.getByLabel("Two-factor authentication required").check();
    await page.getByLabel("Members of a community only").fill("no-such-community");
    await page.getByRole("button", { name: "Create draft" }).click();
    await page.getByText(M_REWARDS.communityUnknown).waitFor();
    await page.getByLabel("Members of a community only").fill("");
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
    // Nobody has entered yet, so the terms show in the form, still editable.
    expect(await page.getByLabel("Claim window (days)").inputValue()).toBe("3");
    expect(await page.getByLabel("Two-factor authentication required").isChecked()).toBe(true);
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

    // Nobody has entered yet, so its terms still change; the slug stays.
    await page.getByRole("heading", { name: "Terms" }).waitFor();
    expect(await page.getByLabel("Slug").getAttribute("readonly")).not.toBeNull();
    for (const [viewport, theme, width] of SIZES) {
      const p = await j.open({ as: admin, viewport, theme });
      await p.goto("/admin/rewards/solana-summer-2026");
      await p.getByRole("button", { name: "Save changes" }).waitFor();
      await expectNoHorizontalOverflow(p);
      await shot(p, `rewards-admin-published-edit-${theme}-${width}`);
    }
    // A member without two-factor sees the rule and is told what to do.
    const early = await signUpByApi(j.server);
    const e = await j.open({ as: early, viewport: "desktop", theme: "dark" });
    await e.goto("/rewards/solana-summer-2026");
    await e.getByText("Two-factor authentication on").first().waitFor();
    await e.getByText(M_REWARDS.needsTwoFactor).first().waitFor();
    await shot(e, "rewards-two-factor-rule-dark-1280");
    await page.getByLabel("Prize").fill("6 SOL");
    await page.getByLabel("Winners").fill("6");
    await page.getByLabel("Two-factor authentication required").uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "Changes saved").waitFor();
    expect(await page.getByTestId("seed-commitment").textContent()).toBe(commitment);

    // A member enters on the giveaway's page, on the edited terms.
    const member = await signUpByApi(j.server);
    const m = await j.open({ as: member, viewport: "mobile", theme: "light" });
    await m.goto("/rewards/solana-summer-2026");
    await heading(m, "Solana Summer").waitFor();
    await m.locator('img[src^="/media/giveaways/"]').waitFor();
    await m.getByText("6 SOL").first().waitFor();
    await m.getByRole("button", { name: "Enter for 10 points" }).click();
    await toast(m, "You're in! Good luck.").waitFor();

    // The admin's open form is now behind: saving it is refused with the reason, and the terms show read-only.
    await page.getByLabel("Prize").fill("7 SOL");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText(M_REWARDS.termsLocked).first().waitFor();
    await page.getByRole("button", { name: "Save changes" }).waitFor({ state: "detached" });
    await page.getByTestId("terms-fixed").getByText(M_REWARDS.termsLocked).waitFor();

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
      await p.getByText(M_REWARDS.termsLocked).waitFor();
      await p.getByText("6 SOL").first().waitFor();
      expect(await p.getByRole("button", { name: "Save changes" }).count()).toBe(0);
      await expectNoHorizontalOverflow(p);
      await p.getByText("3 days from the draw").waitFor();
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
    const edits = await fetch(`${j.server.url}/api/admin/audit?action=rewards.update`, {
      headers: { cookie: admin.cookie },
    });
    const edited = (await edits.json()) as { items: { summary: string; detail: Record<string, unknown> }[] };
    expect(edited.items[0]?.summary).toBe(
      'Edited the published giveaway "Solana Summer" before its first entry',
    );
    expect(edited.items[0]?.detail).toMatchObject({
      before: { prize: "5 SOL", winnersCount: 5 },
      after: { prize: "6 SOL", winnersCount: 6 },
    });
  }, 180_000);

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

  it("redraws a prize whose claim window ran out: the admin sees the new winner and the public proof still verifies", async () => {
    const admin = await adminOnce();
    const created = await postJson(
      j.server,
      "/api/admin/rewards",
      {
        title: "Day pass",
        prize: "50 USDC",
        winnersCount: 1,
        claimDays: 1,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 5_000).toISOString(),
      },
      admin.cookie,
    );
    const { slug } = (await created.json()) as { slug: string };
    expect((await postJson(j.server, `/api/admin/rewards/${slug}/publish`, {}, admin.cookie)).status).toBe(
      200,
    );
    // Three entrants, each with an uploaded profile picture.
    const entrants = await Promise.all([signUpByApi(j.server), signUpByApi(j.server), signUpByApi(j.server)]);
    const avatars = new Map<string, string>();
    for (const [i, e] of entrants.entries()) {
      const form = new FormData();
      const png = await sharp({
        create: {
          width: 64,
          height: 64,
          channels: 3,
          background: ["#e4572e", "#29335c", "#f3a712"][i] ?? "#000",
        },
      })
        .png()
        .toBuffer();
      form.set("avatar", new Blob([new Uint8Array(png)]), "me.png");
      const res = await fetch(`${j.server.url}/api/me/avatar`, {
        method: "POST",
        body: form,
        headers: { cookie: e.cookie, origin: j.server.url },
      });
      expect(res.status).toBe(200);
      avatars.set(e.username, ((await res.json()) as { profile: { avatarUrl: string } }).profile.avatarUrl);
      expect((await postJson(j.server, `/api/rewards/${slug}/entries`, {}, e.cookie)).status).toBe(201);
    }
    // The draw job runs at the end time.
    const deadline = Date.now() + 40_000;
    let first = "";
    for (;;) {
      const g = (await (await fetch(`${j.server.url}/api/rewards/${slug}`)).json()) as {
        status: string;
        winners: { username: string }[];
      };
      if (g.status === "drawn") {
        first = g.winners[0]?.username ?? "";
        break;
      }
      if (Date.now() > deadline) throw new Error("the giveaway was not drawn");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    try {
      // A day and a minute later, nobody has claimed.
      await serverClockAhead(86_400_000 + 60_000);
      const page = await j.open({ as: admin, viewport: "desktop" });
      await page.goto(`/admin/rewards/${slug}`);
      const list = page.getByRole("list", { name: "Winners" });
      const lapsed = list.getByRole("listitem").filter({ hasText: `@${first}` });
      await lapsed.getByText("Not claimed in time").waitFor();
      await lapsed.locator(`img[src="${avatars.get(first)}"]`).waitFor();
      await lapsed.getByRole("button", { name: "Redraw" }).click();
      await toast(page, "Prize redrawn").waitFor();
      await lapsed.getByText("Redrawn: not claimed in time").waitFor();
      expect(await lapsed.getByRole("button", { name: "Redraw" }).count()).toBe(0);
      const next = list.getByRole("listitem").filter({ hasText: "#2" });
      await next.getByText(/Waiting to claim/).waitFor();
      const second = ((await next.getByRole("link").textContent()) ?? "").replace(/^@/, "");
      expect(second).not.toBe(first);
      expect(entrants.map((e) => e.username)).toContain(second);
      await next.locator(`img[src="${avatars.get(second)}"]`).waitFor();

      for (const [viewport, theme, width] of SIZES) {
        const p = await j.open({ as: admin, viewport, theme });
        await p.goto(`/admin/rewards/${slug}`);
        await p.getByRole("list", { name: "Winners" }).getByText("Redrawn: not claimed in time").waitFor();
        await p.getByText("1 redrawn", { exact: false }).waitFor();
        await expectNoHorizontalOverflow(p);
        await shot(p, `rewards-admin-redrawn-${theme}-${width}`);

        // Anyone sees both winners with their pictures, and a proof that counts the redraw and still matches.
        const v = await j.open({ viewport, theme });
        await v.goto(`/rewards/${slug}`);
        await heading(v, "Day pass").waitFor();
        const winners = v.getByRole("region", { name: "Winners" });
        await winners.locator(`img[src="${avatars.get(first)}"]`).waitFor();
        await winners.locator(`img[src="${avatars.get(second)}"]`).waitFor();
        await winners
          .getByRole("listitem")
          .filter({ hasText: first })
          .getByText("Not claimed in time")
          .waitFor();
        await v.getByText(/1 prize was not claimed in time and went to the next winner/).waitFor();
        await v.getByRole("button", { name: "Verify the draw" }).click();
        await v.getByRole("status").getByText("Everything matches.").waitFor();
        await expectNoHorizontalOverflow(v);
        // From the top, so the sticky header is where a person sees it (Verify scrolled the page).
        await v.evaluate(() => window.scrollTo(0, 0));
        await shot(v, `rewards-redrawn-proof-${theme}-${width}`);
        // The list's card marks the winner who did not claim.
        await v.goto("/rewards");
        await v
          .getByRole("listitem")
          .filter({ hasText: first })
          .filter({ hasText: "not claimed in time" })
          .first()
          .waitFor();
      }
    } finally {
      await serverClockAhead(0);
    }
  }, 240_000);
});
