import { describe, expect, it } from "vitest";
import { newAccount, postJson, signUpByApi } from "./support/accounts.ts";
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

/** A giveaway made and published through the admin API; returns its slug. */
async function publish(
  cookie: string,
  fields: { title: string; prize: string; endsInMs: number; entryCost?: number; winnersCount?: number },
): Promise<string> {
  const res = await postJson(
    j.server,
    "/api/admin/rewards",
    {
      title: fields.title,
      prize: fields.prize,
      description: "Win **this prize**. One entry per member; drawn at the end time.",
      winnersCount: fields.winnersCount ?? 1,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + fields.endsInMs).toISOString(),
      entryCost: fields.entryCost ?? 0,
    },
    cookie,
  );
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  const { slug } = (await res.json()) as { slug: string };
  const published = await postJson(j.server, `/api/admin/rewards/${slug}/publish`, {}, cookie);
  if (published.status !== 200) throw new Error(`publish failed: ${published.status}`);
  return slug;
}

describe("rewards", () => {
  it("lists giveaways with countdowns, lets a member enter once, and verifies a finished draw", async () => {
    const admin = await signUpByApi(j.server, ADMIN);
    const quick = await publish(admin.cookie, { title: "Quick draw", prize: "10 USDC", endsInMs: 6_000 });
    const live = await publish(admin.cookie, {
      title: "Hardware wallet week",
      prize: "A Ledger Nano X",
      endsInMs: 3 * 86_400_000,
      entryCost: 25,
    });
    const entrants = await Promise.all([signUpByApi(j.server), signUpByApi(j.server), signUpByApi(j.server)]);
    for (const e of entrants) {
      const res = await postJson(j.server, `/api/rewards/${quick}/entries`, {}, e.cookie);
      expect(res.status).toBe(201);
    }

    // A visitor sees the list, and is asked to sign in to enter.
    const visitor = await j.open({ viewport: "desktop" });
    await visitor.goto("/rewards");
    await heading(visitor, "Giveaways anyone can check").waitFor();
    const card = visitor.getByRole("article").filter({ hasText: "Hardware wallet week" });
    await card.getByText("Ends in").waitFor();
    await card.getByText("Costs 25 points to enter").waitFor();
    await card.getByRole("link", { name: "Hardware wallet week" }).click();
    await heading(visitor, "Hardware wallet week").waitFor();
    await visitor.getByRole("button", { name: "Enter for 25 points" }).click();
    const prompt = visitor.getByRole("dialog").filter({ has: visitor.getByRole("tab", { name: "Sign In" }) });
    await prompt.getByText("Sign in to enter giveaways").waitFor();

    // A member enters once: the points go, the page says so.
    const member = await signUpByApi(j.server);
    const page = await j.open({ as: member, viewport: "desktop" });
    await page.goto(`/rewards/${live}`);
    await page.getByText("You meet the rules").waitFor();
    await page.getByRole("button", { name: "Enter for 25 points" }).click();
    await toast(page, "You're in! Good luck.").waitFor();
    await page.getByText("You're in", { exact: true }).waitFor();
    await page.getByText(/25 points spent/).waitFor();
    const balance = await fetch(`${j.server.url}/api/points/me`, { headers: { cookie: member.cookie } });
    expect(((await balance.json()) as { balance: number }).balance).toBe(75);

    // The quick one is drawn by the job at its end; its page shows the winner and a proof that verifies.
    const deadline = Date.now() + 40_000;
    for (;;) {
      const res = await fetch(`${j.server.url}/api/rewards/${quick}`);
      if (((await res.json()) as { status: string }).status === "drawn") break;
      if (Date.now() > deadline) throw new Error("the quick giveaway was not drawn");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await page.goto(`/rewards/${quick}`);
    await page.getByRole("heading", { name: "Winners" }).waitFor();
    await page.getByRole("button", { name: "Verify the draw" }).click();
    await page.getByText("Everything matches.").waitFor();

    // The winner claims the prize on the page, within the window.
    const drawn = (await (await fetch(`${j.server.url}/api/rewards/${quick}`)).json()) as {
      winners: { userId: string }[];
    };
    const winner = entrants.find((e) => e.id === drawn.winners[0]?.userId);
    if (!winner) throw new Error("the winner is not one of the entrants");
    for (const [viewport, theme, width] of [
      ["desktop", "dark", 1280],
      ["mobile", "light", 390],
    ] as const) {
      const w = await j.open({ as: winner, viewport, theme });
      await w.goto(`/rewards/${quick}`);
      await w.getByText("You won! Winner #1.").waitFor();
      await shot(w, `rewards-claim-${theme}-${width}`);
      if (width === 1280) {
        await w.getByRole("button", { name: "Claim prize" }).click();
        await w.getByText("Enter a contact handle or wallet address").waitFor();
        await w.getByLabel("Contact handle or wallet address").fill("@quick_winner");
        await w.getByRole("button", { name: "Claim prize" }).click();
        await toast(w, "Prize claimed. We'll be in touch.").waitFor();
      } else {
        await w.getByText("Prize claimed. We'll be in touch.").waitFor();
        await shot(w, `rewards-claimed-${theme}-${width}`);
      }
      // "My giveaways" in the dashboard shows the win and the claim.
      await w.goto("/dashboard/giveaways");
      await w.getByRole("heading", { level: 2, name: "My giveaways" }).waitFor();
      await w.getByText("Won #1 · Prize claimed").waitFor();
      await shot(w, `rewards-dashboard-${theme}-${width}`);
    }

    for (const [viewport, theme, width] of SIZES) {
      const p = await j.open({ as: member, viewport, theme });
      await p.goto("/rewards");
      await p.getByRole("heading", { name: "Ended" }).waitFor();
      await expectNoHorizontalOverflow(p);
      await shot(p, `rewards-list-${theme}-${width}`);
      await p.goto(`/rewards/${live}`);
      await p.getByText("You're in", { exact: true }).waitFor();
      await expectNoHorizontalOverflow(p);
      await shot(p, `rewards-entered-${theme}-${width}`);
      await p.goto(`/rewards/${quick}`);
      await p.getByRole("button", { name: "Verify the draw" }).click();
      await p.getByText("Everything matches.").waitFor();
      await expectNoHorizontalOverflow(p);
      await shot(p, `rewards-drawn-${theme}-${width}`);
    }
  });
});
