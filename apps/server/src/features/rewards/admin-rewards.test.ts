import {
  M_REWARDS,
  M_SLUG,
  type TAdminAuditPage,
  type TAdminEntrants,
  type TAdminGiveawayPage,
  type TAdminWinners,
  type TGiveawayDetail,
  type TMyEntry,
  verifyDraw,
} from "@plugs/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveaways, giveawayWinners } from "../../db/schema/index.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call, pngBytes } from "../posts/testing.ts";

type TError = { error: { code: string; message: string; fields?: Record<string, string> } };

let server: TTestServer;
let admin: TTestUser;
let member: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  member = await createUser(server);
});
afterAll(() => server?.close());

let serial = 0;

async function draft(fields: Partial<{ winnersCount: number; startsInMs: number }> = {}) {
  serial += 1;
  const res = await call<TGiveawayDetail>(server, "POST", "/api/admin/rewards", {
    cookie: admin.cookie,
    json: {
      title: `Admin giveaway ${serial} ${Date.now()}`,
      prize: "1 SOL",
      winnersCount: fields.winnersCount ?? 1,
      startsAt: new Date(Date.now() + (fields.startsInMs ?? -60_000)).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function publish(slug: string) {
  const res = await call<TGiveawayDetail>(server, "POST", `/api/admin/rewards/${slug}/publish`, {
    cookie: admin.cookie,
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** A published giveaway that `entrants` entered, past its end and drawn now. */
async function drawn(entrants: TTestUser[], winnersCount: number) {
  const g = await draft({ winnersCount });
  await publish(g.slug);
  for (const m of entrants) {
    expect((await call(server, "POST", `/api/rewards/${g.slug}/entries`, { cookie: m.cookie })).status).toBe(
      201,
    );
  }
  await server.deps.db
    .update(giveaways)
    .set({ endsAt: new Date(Date.now() - 1000) })
    .where(eq(giveaways.slug, g.slug));
  const res = await call<TGiveawayDetail>(server, "POST", `/api/admin/rewards/${g.slug}/draw`, {
    cookie: admin.cookie,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function closeClaimWindow(slug: string) {
  const [g] = await server.deps.db
    .select({ id: giveaways.id })
    .from(giveaways)
    .where(eq(giveaways.slug, slug));
  await server.deps.db
    .update(giveawayWinners)
    .set({ claimDeadline: new Date(Date.now() - 1000) })
    .where(eq(giveawayWinners.giveawayId, g?.id ?? ""));
}

describe("the admin's list", () => {
  it("keeps it to admins, filters by phase and pages newest first without repeats", async () => {
    expect((await call<TError>(server, "GET", "/api/admin/rewards")).status).toBe(401);
    const refused = await call<TError>(server, "GET", "/api/admin/rewards", { cookie: member.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("Admin access required");
    const bad = await call<TError>(server, "GET", "/api/admin/rewards?cursor=nope", { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(M_REWARDS.cursorInvalid);

    const aDraft = await draft();
    const upcoming = await draft({ startsInMs: 600_000 });
    await publish(upcoming.slug);
    const live = await draft();
    await publish(live.slug);
    const cancelled = await draft();
    await publish(cancelled.slug);
    await call(server, "POST", `/api/admin/rewards/${cancelled.slug}/cancel`, { cookie: admin.cookie });

    const slugs = async (filter: string) => {
      const res = await call<TAdminGiveawayPage>(server, "GET", `/api/admin/rewards?filter=${filter}`, {
        cookie: admin.cookie,
      });
      expect(res.status).toBe(200);
      return res.body.items.map((g) => g.slug);
    };
    expect(await slugs("draft")).toContain(aDraft.slug);
    expect(await slugs("draft")).not.toContain(live.slug);
    expect(await slugs("upcoming")).toEqual(expect.arrayContaining([upcoming.slug]));
    expect(await slugs("upcoming")).not.toContain(live.slug);
    expect(await slugs("live")).toContain(live.slug);
    expect(await slugs("live")).not.toContain(upcoming.slug);
    expect(await slugs("cancelled")).toEqual([cancelled.slug]);
    const all = await slugs("all");
    expect(all.slice(0, 4)).toEqual([cancelled.slug, live.slug, upcoming.slug, aDraft.slug]);

    // 22 more drafts: two pages that together hold every giveaway once.
    for (let i = 0; i < 22; i++) await draft();
    const first = await call<TAdminGiveawayPage>(server, "GET", "/api/admin/rewards", {
      cookie: admin.cookie,
    });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await call<TAdminGiveawayPage>(
      server,
      "GET",
      `/api/admin/rewards?cursor=${first.body.nextCursor}`,
      { cookie: admin.cookie },
    );
    const seen = [...first.body.items, ...second.body.items].map((g) => g.slug);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(aDraft.slug);
  });
});

describe("claims and redraws", () => {
  it("shows the claims to admins only, expires a late claim, and redraws a proof that verifies", async () => {
    const entrants = await Promise.all(Array.from({ length: 5 }, () => createUser(server)));
    const g = await drawn(entrants, 2);
    const byId = new Map(entrants.map((e) => [e.id, e]));

    expect((await call(server, "GET", `/api/admin/rewards/${g.slug}/winners`)).status).toBe(401);
    expect(
      (await call(server, "GET", `/api/admin/rewards/${g.slug}/winners`, { cookie: member.cookie })).status,
    ).toBe(403);
    const redrawByMember = await call<TError>(
      server,
      "POST",
      `/api/admin/rewards/${g.slug}/winners/1/redraw`,
      {
        cookie: member.cookie,
      },
    );
    expect(redrawByMember.status).toBe(403);
    expect(redrawByMember.body.error.message).toBe("Admin access required");
    expect((await call(server, "POST", `/api/admin/rewards/${g.slug}/winners/1/redraw`)).status).toBe(401);
    const badPosition = await call<TError>(
      server,
      "POST",
      `/api/admin/rewards/${g.slug}/winners/zero/redraw`,
      {
        cookie: admin.cookie,
      },
    );
    expect(badPosition.status).toBe(400);

    // The first winner claims; the second does not.
    const first = byId.get(g.winners[0]?.userId ?? "") as TTestUser;
    const second = byId.get(g.winners[1]?.userId ?? "") as TTestUser;
    const claim = await call<TMyEntry>(server, "POST", `/api/rewards/${g.slug}/claim`, {
      cookie: first.cookie,
      json: { contact: "@first_winner" },
    });
    expect(claim.status).toBe(200);

    const early = await call<TError>(server, "POST", `/api/admin/rewards/${g.slug}/winners/2/redraw`, {
      cookie: admin.cookie,
    });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(M_REWARDS.redrawOnlyExpired);

    await closeClaimWindow(g.slug);
    const lateEntry = await call<TMyEntry>(server, "GET", `/api/rewards/${g.slug}/entry`, {
      cookie: second.cookie,
    });
    expect(lateEntry.body.claimStatus).toBe("expired");
    const late = await call<TError>(server, "POST", `/api/rewards/${g.slug}/claim`, {
      cookie: second.cookie,
      json: { contact: "@too_late" },
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(M_REWARDS.claimClosed);
    const claimed = await call<TError>(server, "POST", `/api/admin/rewards/${g.slug}/winners/1/redraw`, {
      cookie: admin.cookie,
    });
    expect(claimed.status).toBe(409);
    expect(claimed.body.error.message).toBe(M_REWARDS.redrawOnlyExpired);
    const missing = await call<TError>(server, "POST", `/api/admin/rewards/${g.slug}/winners/9/redraw`, {
      cookie: admin.cookie,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(M_REWARDS.winnerNotFound);

    // Two admins click at once: one redraw happens.
    const both = await Promise.all(
      [0, 1].map(() =>
        call<TAdminWinners | TError>(server, "POST", `/api/admin/rewards/${g.slug}/winners/2/redraw`, {
          cookie: admin.cookie,
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winners = await call<TAdminWinners>(server, "GET", `/api/admin/rewards/${g.slug}/winners`, {
      cookie: admin.cookie,
    });
    expect(winners.body.items.map((w) => [w.position, w.claimStatus, w.redrawn])).toEqual([
      [1, "claimed", false],
      [2, "expired", true],
      [3, "pending", false],
    ]);
    expect(winners.body.items[0]?.claimContact).toBe("@first_winner");
    const third = winners.body.items[2]?.userId as string;
    expect([first.id, second.id]).not.toContain(third);

    // The public proof lists three winners and one redraw; recomputing it matches, and the new winner can claim.
    const view = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`);
    expect(view.body.proof?.redraws).toBe(1);
    expect(view.body.proof?.winnerIds).toHaveLength(3);
    expect(view.body.proof?.winnerIds?.slice(0, 2)).toEqual(g.proof?.winnerIds);
    expect(view.body.proof && (await verifyDraw(view.body.proof, 2)).matches).toBe(true);
    const winner3 = byId.get(third) as TTestUser;
    const claim3 = await call<TMyEntry>(server, "POST", `/api/rewards/${g.slug}/claim`, {
      cookie: winner3.cookie,
      json: { contact: "wallet 9xQe" },
    });
    expect(claim3.status).toBe(200);
    expect(claim3.body.claimStatus).toBe("claimed");

    // The redraw is in the audit log, with who did it.
    const audit = await call<TAdminAuditPage>(server, "GET", "/api/admin/audit?action=rewards.redraw", {
      cookie: admin.cookie,
    });
    expect(audit.body.items[0]?.summary).toBe(`Redrew prize 2 of the giveaway "${g.title}"`);
    expect(audit.body.items[0]?.actor.id).toBe(admin.id);
  });

  it("says when no entrant is left to redraw", async () => {
    const entrants = await Promise.all(Array.from({ length: 2 }, () => createUser(server)));
    const g = await drawn(entrants, 2);
    await closeClaimWindow(g.slug);
    const res = await call<TError>(server, "POST", `/api/admin/rewards/${g.slug}/winners/1/redraw`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(M_REWARDS.noEntrantLeft);
  });
});

describe("the giveaway's image", () => {
  it("takes an image checked by its bytes, shows it on the list, and removes it; admins only", async () => {
    const g = await draft();
    await publish(g.slug);
    const upload = (file: File | null, cookie = admin.cookie) => {
      const form = new FormData();
      if (file) form.set("image", file);
      return call<TGiveawayDetail & TError>(server, "POST", `/api/admin/rewards/${g.slug}/image`, {
        cookie,
        form,
      });
    };
    const png = async () => new File([await pngBytes(80, 60)], "prize.png", { type: "image/png" });
    expect((await upload(await png(), member.cookie)).status).toBe(403);
    expect((await upload(await png(), "")).status).toBe(401);
    const missing = await upload(null);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(M_REWARDS.imageRequired);
    const fake = await upload(
      new File([new TextEncoder().encode("not an image")], "x.png", { type: "image/png" }),
    );
    expect(fake.status).toBe(415);

    const res = await upload(await png());
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toMatch(new RegExp(`^/media/giveaways/${g.id}/prize.*\\.png$`));
    expect((await server.fetch(res.body.imageUrl ?? "")).status).toBe(200);
    const list = await call<{ live: { slug: string; imageUrl: string | null }[] }>(
      server,
      "GET",
      "/api/rewards",
    );
    expect(list.body.live.find((x) => x.slug === g.slug)?.imageUrl).toBe(res.body.imageUrl);

    const removed = await call<TGiveawayDetail>(server, "DELETE", `/api/admin/rewards/${g.slug}/image`, {
      cookie: admin.cookie,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.imageUrl).toBeNull();
    const audit = await call<TAdminAuditPage>(server, "GET", "/api/admin/audit?action=rewards.image", {
      cookie: admin.cookie,
    });
    expect(audit.body.items.map((i) => i.summary)).toEqual([
      `Removed the image of the giveaway "${g.title}"`,
      `Changed the image of the giveaway "${g.title}"`,
    ]);
  });
});

describe("the slug", () => {
  it("is made from the title when left empty, refuses a bad one and one already taken", async () => {
    const body = {
      title: `Slug From Title ${Date.now()}!`,
      prize: "1 SOL",
      winnersCount: 1,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const made = await call<TGiveawayDetail>(server, "POST", "/api/admin/rewards", {
      cookie: admin.cookie,
      json: { ...body, slug: "" },
    });
    expect(made.status).toBe(201);
    expect(made.body.slug).toBe(`slug-from-title-${body.title.match(/\d+/)?.[0]}`);
    const bad = await call<TError>(server, "POST", "/api/admin/rewards", {
      cookie: admin.cookie,
      json: { ...body, slug: "Bad Slug" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.slug).toBe(M_SLUG.invalid);
    const taken = await call<TError>(server, "POST", "/api/admin/rewards", {
      cookie: admin.cookie,
      json: { ...body, slug: made.body.slug },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields?.slug).toBe(M_REWARDS.slugTaken);
  });
});

describe("the claim window", () => {
  it("is set per giveaway (1 to 90 days) and gives each winner that long from the draw", async () => {
    const body = {
      title: "Short claim",
      prize: "1 SOL",
      winnersCount: 1,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const bad = await call<TError>(server, "POST", "/api/admin/rewards", {
      cookie: admin.cookie,
      json: { ...body, claimDays: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.claimDays).toBe(M_REWARDS.claimDaysInvalid);
    const created = await call<TGiveawayDetail>(server, "POST", "/api/admin/rewards", {
      cookie: admin.cookie,
      json: { ...body, claimDays: 3 },
    });
    expect(created.body.claimDays).toBe(3);
    const tooLong = await call<TError>(server, "PATCH", `/api/admin/rewards/${created.body.slug}`, {
      cookie: admin.cookie,
      json: { claimDays: 91 },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields?.claimDays).toBe(M_REWARDS.claimDaysInvalid);

    await publish(created.body.slug);
    const entrant = await createUser(server);
    await call(server, "POST", `/api/rewards/${created.body.slug}/entries`, { cookie: entrant.cookie });
    await server.deps.db
      .update(giveaways)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(giveaways.slug, created.body.slug));
    const drawnNow = await call<TGiveawayDetail>(
      server,
      "POST",
      `/api/admin/rewards/${created.body.slug}/draw`,
      {
        cookie: admin.cookie,
      },
    );
    const deadline = Date.parse(drawnNow.body.winners[0]?.claimDeadline ?? "");
    expect(Math.abs(deadline - Date.now() - 3 * 86_400_000)).toBeLessThan(60_000);
  });
});

describe("the entrants", () => {
  it("lists who entered in the draw's order, to admins only, 50 a page", async () => {
    const g = await draft();
    await publish(g.slug);
    const entrants = await Promise.all(Array.from({ length: 52 }, () => createUser(server)));
    for (const e of entrants)
      await call(server, "POST", `/api/rewards/${g.slug}/entries`, { cookie: e.cookie });
    const path = `/api/admin/rewards/${g.slug}/entries`;
    expect((await call(server, "GET", path)).status).toBe(401);
    expect((await call(server, "GET", path, { cookie: member.cookie })).status).toBe(403);
    const bad = await call<TError>(server, "GET", `${path}?after=nope`, { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(M_REWARDS.cursorInvalid);
    const first = await call<TAdminEntrants>(server, "GET", path, { cookie: admin.cookie });
    expect(first.body.total).toBe(52);
    expect(first.body.items).toHaveLength(50);
    const second = await call<TAdminEntrants>(server, "GET", `${path}?after=${first.body.nextAfter}`, {
      cookie: admin.cookie,
    });
    expect(second.body.nextAfter).toBeNull();
    const ids = [...first.body.items, ...second.body.items].map((e) => e.userId);
    expect(ids).toEqual(entrants.map((e) => e.id).sort());
    const byId = new Map(entrants.map((e) => [e.id, e.username]));
    expect(first.body.items.every((e) => byId.get(e.userId) === e.username)).toBe(true);
  });
});
