import { M_REWARDS, type TAdminAuditPage, type TGiveawayDetail, type TGiveawayList } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { giveaways } from "../../db/schema/index.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";
import { DRAW_JOB } from "./draw-giveaway.ts";

/*
 * Issue 27's "edit (until the first entry)": a published giveaway's terms change while nobody has entered, and are
 * fixed from the first entry on. Its commitment (the SHA-256 of the seed alone) is untouched by an edit.
 */

type TError = { error: { code: string; message: string; fields?: Record<string, string> } };

let server: TTestServer;
let admin: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
});
afterAll(() => server?.close());

let serial = 0;

/** A published giveaway costing `entryCost` points, live now (or starting in `startsInMs`), ending in an hour. */
async function published(fields: { entryCost?: number; startsInMs?: number } = {}) {
  serial += 1;
  const created = await call<TGiveawayDetail>(server, "POST", "/api/admin/rewards", {
    cookie: admin.cookie,
    json: {
      title: `Editable ${serial} ${Date.now()}`,
      prize: "1 SOL",
      winnersCount: 1,
      entryCost: fields.entryCost ?? 0,
      startsAt: new Date(Date.now() + (fields.startsInMs ?? -60_000)).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(created.status).toBe(201);
  const res = await call<TGiveawayDetail>(server, "POST", `/api/admin/rewards/${created.body.slug}/publish`, {
    cookie: admin.cookie,
  });
  expect(res.status).toBe(200);
  return res.body;
}

const edit = (slug: string, json: Record<string, unknown>, cookie: string | null = admin.cookie) =>
  call<TGiveawayDetail & TError>(server, "PATCH", `/api/admin/rewards/${slug}`, {
    ...(cookie ? { cookie } : {}),
    json,
  });

const enter = (slug: string, who: TTestUser) =>
  call<TError>(server, "POST", `/api/rewards/${slug}/entries`, { cookie: who.cookie });

const balance = async (who: TTestUser) =>
  (await call<{ balance: number }>(server, "GET", "/api/points/me", { cookie: who.cookie })).body.balance;

describe("editing a published giveaway", () => {
  it("changes the terms before the first entry, shows them publicly, keeps the commitment and logs the edit", async () => {
    const g = await published({ entryCost: 10 });
    const terms = {
      title: `${g.title} edited`,
      prize: "2 SOL",
      description: "Now **two** SOL.",
      winnersCount: 3,
      entryCost: 25,
      minPoints: 50,
      requireVerifiedEmail: false,
      claimDays: 14,
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
    };
    const res = await edit(g.slug, terms);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      slug: g.slug,
      status: "live",
      prize: "2 SOL",
      winnersCount: 3,
      entryCost: 25,
      claimDays: 14,
      rules: { minPoints: 50 },
    });
    expect(res.body.proof?.seedHash).toBe(g.proof?.seedHash);

    // A visitor's page and list show the new terms.
    const page = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`);
    expect(page.body).toMatchObject({ title: terms.title, prize: "2 SOL", winnersCount: 3, entryCost: 25 });
    expect(page.body.descriptionHtml).toContain("<strong>two</strong>");
    expect(page.body.endsAt).toBe(terms.endsAt);
    const list = await call<TGiveawayList>(server, "GET", "/api/rewards");
    expect(list.body.live.find((x) => x.slug === g.slug)?.prize).toBe("2 SOL");

    // The audit log keeps who changed what, before and after.
    const audit = await call<TAdminAuditPage>(server, "GET", "/api/admin/audit?action=rewards.update", {
      cookie: admin.cookie,
    });
    const row = audit.body.items.find((i) => i.targetId === g.id);
    expect(row?.summary).toBe(`Edited the published giveaway "${terms.title}" before its first entry`);
    expect(row?.actor.username).toBe(admin.username);
    expect(row?.detail).toMatchObject({
      before: { prize: "1 SOL", entryCost: 10, winnersCount: 1, claimDays: 7 },
      after: { prize: "2 SOL", entryCost: 25, winnersCount: 3, claimDays: 14 },
    });

    // The first entry is made on the new terms, and from then on the terms are fixed.
    const member = await createUser(server);
    expect((await enter(g.slug, member)).status).toBe(201);
    expect(await balance(member)).toBe(75);
    const late = await edit(g.slug, { prize: "3 SOL" });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(M_REWARDS.termsLocked);
    const after = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`);
    expect(after.body.prize).toBe("2 SOL");
  });

  it("edits an upcoming one too, keeps its slug and its end in the future", async () => {
    const g = await published({ entryCost: 15, startsInMs: 600_000 });
    const renamed = await edit(g.slug, { slug: `${g.slug}-moved` });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.message).toBe(M_REWARDS.slugFixed);
    const past = await edit(g.slug, {
      startsAt: new Date(Date.now() - 120_000).toISOString(),
      endsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.error.fields?.endsAt).toBe(M_REWARDS.endsInPast);
    const backwards = await edit(g.slug, { endsAt: new Date(Date.now() + 60_000).toISOString() });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields?.endsAt).toBe(M_REWARDS.endsBeforeStart);
    // Sending its own slug back, as a form does, is fine.
    const ok = await edit(g.slug, { slug: g.slug, prize: "A hoodie", startsAt: new Date().toISOString() });
    expect(ok.status).toBe(200);
    // The fields left out keep their values (not the defaults a new giveaway gets).
    expect(ok.body).toMatchObject({
      slug: g.slug,
      prize: "A hoodie",
      phase: "live",
      entryCost: 15,
      claimDays: 7,
    });
  });

  it("refuses once entries have closed: ended, drawn or cancelled", async () => {
    const ended = await published();
    await server.deps.db
      .update(giveaways)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(giveaways.slug, ended.slug));
    const afterEnd = await edit(ended.slug, { prize: "x" });
    expect(afterEnd.status).toBe(409);
    expect(afterEnd.body.error.message).toBe(M_REWARDS.editClosed);
    expect(
      (await call(server, "POST", `/api/admin/rewards/${ended.slug}/draw`, { cookie: admin.cookie })).status,
    ).toBe(200);
    const afterDraw = await edit(ended.slug, { prize: "x" });
    expect(afterDraw.status).toBe(409);
    expect(afterDraw.body.error.message).toBe(M_REWARDS.editClosed);

    const cancelled = await published();
    await call(server, "POST", `/api/admin/rewards/${cancelled.slug}/cancel`, { cookie: admin.cookie });
    const afterCancel = await edit(cancelled.slug, { prize: "x" });
    expect(afterCancel.status).toBe(409);
    expect(afterCancel.body.error.message).toBe(M_REWARDS.editClosed);
  });

  it("is for admins only", async () => {
    const g = await published();
    const member = await createUser(server);
    expect((await edit(g.slug, { prize: "x" }, null)).status).toBe(401);
    const refused = await edit(g.slug, { prize: "x" }, member.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("Admin access required");
    expect((await edit(`${g.slug}-nope`, { prize: "x" })).status).toBe(404);
    const page = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`);
    expect(page.body.prize).toBe("1 SOL");
  });

  it("an entry and an edit at once: the entry is made on the terms in force, and an edit after it is refused", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 6; round++) {
      const g = await published({ entryCost: 10 });
      const member = await createUser(server);
      const [edited, entered] = await Promise.all([
        edit(g.slug, { entryCost: 20, prize: "Edited prize" }),
        enter(g.slug, member),
      ]);
      // Entering is never refused by the edit (the member can afford both costs).
      expect(entered.status).toBe(201);
      const page = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`);
      expect(page.body.entriesCount).toBe(1);
      const [spent] = await queryRows<{ points: number }>(
        server.deps.db,
        sql`select points_spent::int as points from giveaway_entries where giveaway_id = ${g.id}`,
      );
      if (edited.status === 200) {
        // The edit came first: the entry paid the new cost.
        expect(page.body).toMatchObject({ entryCost: 20, prize: "Edited prize" });
        expect(spent?.points).toBe(20);
        expect(await balance(member)).toBe(80);
        outcomes.push("edit first");
      } else {
        // The entry came first: the edit was refused and the terms are the ones the member entered on.
        expect(edited.status).toBe(409);
        expect(edited.body.error.message).toBe(M_REWARDS.termsLocked);
        expect(page.body).toMatchObject({ entryCost: 10, prize: "1 SOL" });
        expect(spent?.points).toBe(10);
        expect(await balance(member)).toBe(90);
        outcomes.push("entry first");
      }
    }
    expect(outcomes).toHaveLength(6);
  });

  it("moves the draw with the end: a giveaway brought forward is drawn at its new end", async () => {
    const g = await published();
    const member = await createUser(server);
    const res = await edit(g.slug, { endsAt: new Date(Date.now() + 2_500).toISOString() });
    expect(res.status).toBe(200);
    expect((await enter(g.slug, member)).status).toBe(201);
    await server.untilJob(DRAW_JOB, async () => {
      const view = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`);
      return view.body.status === "drawn";
    });
    const view = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`);
    expect(view.body.winners.map((w) => w.userId)).toEqual([member.id]);
  });
});
