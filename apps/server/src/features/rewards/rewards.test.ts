import { createHash, createHmac } from "node:crypto";
import {
  M_REWARDS,
  type TGiveawayDetail,
  type TGiveawayList,
  type TMyEntry,
  type TMyGiveaways,
  type TNotificationsPage,
  verifyDraw,
} from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/query-rows.ts";
import { giveaways } from "../../db/schema/index.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { createCommunityAs, joinAs } from "../communities/testing.ts";
import { call } from "../posts/testing.ts";
import { DRAW_JOB } from "./draw-giveaway.ts";

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

/** A live giveaway made and published through the admin API. */
async function liveGiveaway(
  fields: Partial<{
    entryCost: number;
    winnersCount: number;
    endsInMs: number;
    minPoints: number;
    requireTwoFactor: boolean;
    community: string;
  }> = {},
): Promise<TGiveawayDetail> {
  serial += 1;
  const created = await call<TGiveawayDetail>(server, "POST", "/api/admin/rewards", {
    cookie: admin.cookie,
    json: {
      title: `Test giveaway ${serial} ${Date.now()}`,
      prize: "100 USDC",
      description: "Win **100 USDC**.",
      winnersCount: fields.winnersCount ?? 1,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + (fields.endsInMs ?? 3_600_000)).toISOString(),
      entryCost: fields.entryCost ?? 0,
      minPoints: fields.minPoints ?? 0,
      requireTwoFactor: fields.requireTwoFactor ?? false,
      community: fields.community ?? "",
    },
  });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe("draft");
  const published = await call<TGiveawayDetail>(
    server,
    "POST",
    `/api/admin/rewards/${created.body.slug}/publish`,
    { cookie: admin.cookie },
  );
  expect(published.status).toBe(200);
  return published.body;
}

async function balanceOf(user: TTestUser): Promise<number> {
  const res = await call<{ balance: number }>(server, "GET", "/api/points/me", { cookie: user.cookie });
  return res.body.balance;
}

async function ledgerSum(userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    server.deps.db,
    sql`select coalesce(sum(points), 0)::int as n from points_transactions where user_id = ${userId}`,
  );
  return row?.n ?? -1;
}

describe("who may do what", () => {
  it("lets visitors read, asks them to sign in to enter, and keeps the admin routes to admins", async () => {
    const g = await liveGiveaway();
    const list = await call<TGiveawayList>(server, "GET", "/api/rewards");
    expect(list.status).toBe(200);
    expect(list.body.live.map((x) => x.slug)).toContain(g.slug);
    expect(list.body.live.find((x) => x.slug === g.slug)?.eligibility).toBeNull();

    const visitorEntry = await call<TError>(server, "POST", `/api/rewards/${g.slug}/entries`);
    expect(visitorEntry.status).toBe(401);
    expect(visitorEntry.body.error.message).toBe(M_REWARDS.signInToEnter);
    expect((await call<TError>(server, "GET", `/api/rewards/${g.slug}/entry`)).status).toBe(401);

    const member = await createUser(server);
    const body = {
      title: "Nope",
      prize: "x",
      winnersCount: 1,
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 60_000).toISOString(),
    };
    expect((await call(server, "POST", "/api/admin/rewards", { json: body })).status).toBe(401);
    expect(
      (await call(server, "POST", "/api/admin/rewards", { cookie: member.cookie, json: body })).status,
    ).toBe(403);
    expect(
      (await call(server, "POST", `/api/admin/rewards/${g.slug}/publish`, { cookie: member.cookie })).status,
    ).toBe(403);
    expect(
      (
        await call(server, "PATCH", `/api/admin/rewards/${g.slug}`, {
          cookie: member.cookie,
          json: { title: "x" },
        })
      ).status,
    ).toBe(403);
  });

  it("refuses bad input with the field's message, and hides drafts from members", async () => {
    const bad = await call<TError>(server, "POST", "/api/admin/rewards", {
      cookie: admin.cookie,
      json: {
        title: "Backwards",
        prize: "1 SOL",
        winnersCount: 1,
        startsAt: new Date(Date.now() + 60_000).toISOString(),
        endsAt: new Date().toISOString(),
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.endsAt).toBe(M_REWARDS.endsBeforeStart);

    const draft = await call<TGiveawayDetail>(server, "POST", "/api/admin/rewards", {
      cookie: admin.cookie,
      json: {
        title: "Secret draft",
        prize: "1 SOL",
        winnersCount: 1,
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 60_000).toISOString(),
      },
    });
    expect(draft.status).toBe(201);
    expect((await call(server, "GET", `/api/rewards/${draft.body.slug}`)).status).toBe(404);
    const member = await createUser(server);
    const entry = await call<TError>(server, "POST", `/api/rewards/${draft.body.slug}/entries`, {
      cookie: member.cookie,
    });
    expect(entry.status).toBe(404);
  });
});

describe("entering", () => {
  it("enters once under 20 parallel requests and debits the cost once, through the ledger", async () => {
    const g = await liveGiveaway({ entryCost: 30 });
    const member = await createUser(server);
    const before = await balanceOf(member);
    expect(before).toBe(100); // the sign-up bonus

    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<TMyEntry | TError>(server, "POST", `/api/rewards/${g.slug}/entries`, { cookie: member.cookie }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409)).toBe(true);
    expect(refused.every((r) => (r.body as TError).error.message === M_REWARDS.alreadyEntered)).toBe(true);

    expect(await balanceOf(member)).toBe(70);
    expect(await ledgerSum(member.id)).toBe(70);
    const ledger = await call<{ items: { points: number; description: string }[] }>(
      server,
      "GET",
      "/api/points/me",
      {
        cookie: member.cookie,
      },
    );
    expect(ledger.body.items.filter((i) => i.points === -30)).toHaveLength(1);

    const view = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`, {
      cookie: member.cookie,
    });
    expect(view.body.entriesCount).toBe(1);
    expect(view.body.entered).toBe(true);
    const mine = await call<TMyEntry>(server, "GET", `/api/rewards/${g.slug}/entry`, {
      cookie: member.cookie,
    });
    expect(mine.body).toMatchObject({ entered: true, pointsSpent: 30, won: false });
  });

  it("counts 200 members entering at once exactly, one entry and one debit each", async () => {
    const g = await liveGiveaway({ entryCost: 10 });
    const members = await Promise.all(Array.from({ length: 200 }, () => createUser(server)));
    const results = await Promise.all(
      members.map((m) => call(server, "POST", `/api/rewards/${g.slug}/entries`, { cookie: m.cookie })),
    );
    expect(results.map((r) => r.status)).toEqual(members.map(() => 201));
    const view = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`);
    expect(view.body.entriesCount).toBe(200);
    const [rows] = await queryRows<{ entries: number; debits: number }>(
      server.deps.db,
      sql`select (select count(*)::int from giveaway_entries where giveaway_id = ${g.id}) as entries,
                 (select count(*)::int from points_transactions where reference_id = ${g.id} and points = -10) as debits`,
    );
    expect(rows).toEqual({ entries: 200, debits: 200 });
  });

  it("tells a member without enough points how many they need, and takes nothing", async () => {
    const g = await liveGiveaway({ entryCost: 500 });
    const member = await createUser(server);
    const res = await call<TError>(server, "POST", `/api/rewards/${g.slug}/entries`, {
      cookie: member.cookie,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("You need 500 points to enter this giveaway; you have 100.");
    expect(await balanceOf(member)).toBe(100);
    expect(await ledgerSum(member.id)).toBe(100);
    const view = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`, {
      cookie: member.cookie,
    });
    expect(view.body.entriesCount).toBe(0);
    expect(view.body.entered).toBe(false);
  });

  it("shows whether the viewer meets the rules, and refuses who does not", async () => {
    const g = await liveGiveaway({ minPoints: 1000 });
    const member = await createUser(server);
    const view = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`, {
      cookie: member.cookie,
    });
    expect(view.body.eligibility).toEqual({ eligible: false, reason: M_REWARDS.needsPoints(1000) });
    const res = await call<TError>(server, "POST", `/api/rewards/${g.slug}/entries`, {
      cookie: member.cookie,
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(M_REWARDS.needsPoints(1000));
  });
});

describe("two-factor and community rules", () => {
  it("asks for two-factor, then for the community by name, and lets the member in once they qualify", async () => {
    const guild = await createCommunityAs(server, admin.cookie, { name: "Giveaway Guild" });
    const g = await liveGiveaway({ requireTwoFactor: true, community: guild.slug });
    expect(g.rules).toMatchObject({
      requireTwoFactor: true,
      community: { slug: guild.slug, name: "Giveaway Guild" },
    });
    const member = await createUser(server);
    const enter = () =>
      call<TError>(server, "POST", `/api/rewards/${g.slug}/entries`, { cookie: member.cookie });
    const reason = async () =>
      (await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`, { cookie: member.cookie })).body
        .eligibility;
    expect(await reason()).toEqual({ eligible: false, reason: M_REWARDS.needsTwoFactor });
    const noTwoFactor = await enter();
    expect(noTwoFactor.status).toBe(403);
    expect(noTwoFactor.body.error.message).toBe(M_REWARDS.needsTwoFactor);
    await server.deps.db.execute(sql`update users set two_factor_enabled = true where id = ${member.id}`);
    const outsider = await enter();
    expect(outsider.status).toBe(403);
    expect(outsider.body.error.message).toBe(M_REWARDS.needsCommunity("Giveaway Guild"));
    await joinAs(server, member.cookie, guild.id);
    expect(await reason()).toEqual({ eligible: true, reason: null });
    expect((await enter()).status).toBe(201);
  });

  it("refuses a community that does not exist, on the field", async () => {
    const res = await call<TError>(server, "POST", "/api/admin/rewards", {
      cookie: admin.cookie,
      json: {
        title: "Nowhere giveaway",
        prize: "1 USDC",
        winnersCount: 1,
        startsAt: new Date(Date.now() + 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        community: "no-such-place",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.community).toBe(M_REWARDS.communityUnknown);
  });

  it("leaves out at the draw whoever left the community or was banned since entering, and counts them", async () => {
    const guild = await createCommunityAs(server, admin.cookie, { name: "Draw Guild" });
    const g = await liveGiveaway({ community: guild.slug, winnersCount: 3, endsInMs: 4_000 });
    const members = await Promise.all(Array.from({ length: 4 }, () => createUser(server)));
    for (const m of members) {
      await joinAs(server, m.cookie, guild.id);
      expect(
        (await call(server, "POST", `/api/rewards/${g.slug}/entries`, { cookie: m.cookie })).status,
      ).toBe(201);
    }
    const [stays, leaves, banned, alsoStays] = members;
    const left = await call(server, "POST", `/api/communities/${guild.id}/leave`, { cookie: leaves?.cookie });
    expect(left.status).toBe(200);
    const ban = await call(server, "POST", `/api/admin/members/${banned?.id}/ban`, {
      cookie: admin.cookie,
      json: { reason: "A bot farm" },
    });
    expect(ban.status).toBe(200);
    let after: TGiveawayDetail | undefined;
    await server.untilJob(DRAW_JOB, async () => {
      after = (await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`)).body;
      return after.status === "drawn";
    });
    expect(after?.proof?.excludedCount).toBe(2);
    expect(after?.proof?.entrantIds).toEqual([stays?.id, alsoStays?.id].sort());
    expect(after?.winners.map((w) => w.userId).sort()).toEqual([stays?.id, alsoStays?.id].sort());
  });
});

describe("the draw", () => {
  it("keeps the seed secret until the draw job picks the winners that the published proof recomputes", async () => {
    const g = await liveGiveaway({ winnersCount: 2, endsInMs: 4_000 });
    const members = await Promise.all(Array.from({ length: 5 }, () => createUser(server)));
    for (const m of members) {
      expect(
        (await call(server, "POST", `/api/rewards/${g.slug}/entries`, { cookie: m.cookie })).status,
      ).toBe(201);
    }
    const [stored] = await server.deps.db.select().from(giveaways).where(eq(giveaways.slug, g.slug));
    const seed = stored?.seed ?? "";
    expect(seed).toMatch(/^[0-9a-f]{64}$/);

    // Before the draw: the commitment is public, the seed nowhere in what anyone can read.
    const before = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`, {
      cookie: members[0]?.cookie,
    });
    expect(before.body.proof?.seedHash).toBe(
      createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex"),
    );
    expect(before.body.proof?.seed).toBeNull();
    for (const path of [`/api/rewards/${g.slug}`, "/api/rewards"]) {
      const res = await server.fetch(path, { headers: { cookie: admin.cookie } });
      expect(await res.text()).not.toContain(seed);
    }

    // The job runs at the end time.
    let after = before.body;
    await server.untilJob(DRAW_JOB, async () => {
      after = (await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`)).body;
      return after.status === "drawn";
    });
    const proof = after.proof;
    if (!proof?.entrantIds || !proof.winnerIds) throw new Error("no proof");
    expect(proof.seed).toBe(seed);
    expect(proof.seedHash).toBe(before.body.proof?.seedHash);
    expect(proof.entrantIds).toEqual(members.map((m) => m.id).sort());
    expect(proof.winnerIds).toHaveLength(2);
    expect(after.winners.map((w) => w.userId)).toEqual(proof.winnerIds);
    expect(await verifyDraw(proof, 2)).toEqual({
      seedMatchesCommitment: true,
      entrantsHashMatches: true,
      winnersMatch: true,
      matches: true,
    });

    // The same algorithm written again here with node:crypto, as anyone re-running the draw would.
    const sorted = [...proof.entrantIds].sort();
    const entrantsHash = createHash("sha256").update(sorted.join("\n")).digest("hex");
    expect(entrantsHash).toBe(proof.entrantsHash);
    const picked: string[] = [];
    for (let counter = 0; picked.length < 2; counter++) {
      const mac = createHmac("sha256", Buffer.from(seed, "hex"))
        .update(`${entrantsHash}:${counter}`)
        .digest();
      const id = sorted[Number(mac.readBigUInt64BE(0) % BigInt(sorted.length))] as string;
      if (!picked.includes(id)) picked.push(id);
    }
    expect(picked).toEqual(proof.winnerIds);

    // A tampered proof does not verify.
    expect((await verifyDraw({ ...proof, winnerIds: [...proof.winnerIds].reverse() }, 2)).matches).toBe(
      false,
    );

    // Winners are told, and see their win.
    const winner = members.find((m) => m.id === proof.winnerIds?.[0]);
    if (!winner) throw new Error("winner not among members");
    const bell = await call<TNotificationsPage>(server, "GET", "/api/notifications", {
      cookie: winner.cookie,
    });
    expect(bell.body.items.some((n) => n.kind === "giveaway_won" && n.link === `/rewards/${g.slug}`)).toBe(
      true,
    );
    const mine = await call<TMyEntry>(server, "GET", `/api/rewards/${g.slug}/entry`, {
      cookie: winner.cookie,
    });
    expect(mine.body).toMatchObject({ entered: true, won: true, position: 1 });

    // Drawn giveaways are listed as ended with their winners; entering is closed.
    const list = await call<TGiveawayList>(server, "GET", "/api/rewards");
    expect(list.body.ended.find((x) => x.slug === g.slug)?.winners).toHaveLength(2);
    const late = await createUser(server);
    const refused = await call<TError>(server, "POST", `/api/rewards/${g.slug}/entries`, {
      cookie: late.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(M_REWARDS.notOpen);
  });
});

describe("draw now", () => {
  it("draws once under 10 parallel calls, and refuses before the end and members", async () => {
    const g = await liveGiveaway({ winnersCount: 2 });
    const members = await Promise.all(Array.from({ length: 4 }, () => createUser(server)));
    for (const m of members)
      await call(server, "POST", `/api/rewards/${g.slug}/entries`, { cookie: m.cookie });

    const early = await call<TError>(server, "POST", `/api/admin/rewards/${g.slug}/draw`, {
      cookie: admin.cookie,
    });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(M_REWARDS.notEnded);
    const member = members[0] as TTestUser;
    const refused = await call(server, "POST", `/api/admin/rewards/${g.slug}/draw`, {
      cookie: member.cookie,
    });
    expect(refused.status).toBe(403);

    // The end passes (its job is still an hour away).
    await server.deps.db
      .update(giveaways)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(giveaways.slug, g.slug));
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<TGiveawayDetail | TError>(server, "POST", `/api/admin/rewards/${g.slug}/draw`, {
          cookie: admin.cookie,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const others = results.filter((r) => r.status !== 200);
    expect(others.every((r) => r.status === 409)).toBe(true);
    expect(others.every((r) => (r.body as TError).error.message === M_REWARDS.alreadyDrawn)).toBe(true);
    const [winners] = await queryRows<{ n: number }>(
      server.deps.db,
      sql`select count(*)::int as n from giveaway_winners w join giveaways g on g.id = w.giveaway_id
          where g.slug = ${g.slug}`,
    );
    expect(winners?.n).toBe(2);
    const view = await call<TGiveawayDetail>(server, "GET", `/api/rewards/${g.slug}`);
    expect(view.body.proof && (await verifyDraw(view.body.proof, 2)).matches).toBe(true);
    const cancel = await call<TError>(server, "POST", `/api/admin/rewards/${g.slug}/cancel`, {
      cookie: admin.cookie,
    });
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.message).toBe(M_REWARDS.cannotCancel);

    // The claim step: winners only, once, within the window; the contact stays private.
    const [first, second] = (view.body.proof?.winnerIds ?? []).map((id) => members.find((m) => m.id === id));
    const loser = members.find((m) => !view.body.proof?.winnerIds?.includes(m.id));
    if (!first || !second || !loser) throw new Error("expected two winners and a loser");
    const claim = (who: TTestUser, contact: string) =>
      call<TMyEntry | TError>(server, "POST", `/api/rewards/${g.slug}/claim`, {
        cookie: who.cookie,
        json: { contact },
      });
    const notWinner = await claim(loser, "@loser");
    expect(notWinner.status).toBe(403);
    expect((notWinner.body as TError).error.message).toBe(M_REWARDS.notAWinner);
    const empty = await claim(first, "  ");
    expect(empty.status).toBe(400);
    expect((empty.body as TError).error.message).toBe(M_REWARDS.contactRequired);
    const ok = await claim(first, "So1anaWa11etAddre55");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ won: true, claimStatus: "claimed" });
    const again = await claim(first, "@other");
    expect(again.status).toBe(409);
    expect((again.body as TError).error.message).toBe(M_REWARDS.alreadyClaimed);
    await queryRows(
      server.deps.db,
      sql`update giveaway_winners set claim_deadline = now() - interval '1 second' where user_id = ${second.id}`,
    );
    const late = await claim(second, "@late");
    expect(late.status).toBe(409);
    expect((late.body as TError).error.message).toBe(M_REWARDS.claimClosed);
    const mineList = await call<TMyGiveaways>(server, "GET", "/api/rewards/me/entries", {
      cookie: first.cookie,
    });
    expect(mineList.body.items.find((i) => i.slug === g.slug)).toMatchObject({
      won: true,
      position: 1,
      claimStatus: "claimed",
    });
    expect((await call(server, "GET", "/api/rewards/me/entries")).status).toBe(401);
    const publicView = await server.fetch(`/api/rewards/${g.slug}`);
    expect(await publicView.text()).not.toContain("So1anaWa11etAddre55");
  });
});

describe("cancelling", () => {
  it("refunds every entry's points through the ledger once, and closes entries", async () => {
    const g = await liveGiveaway({ entryCost: 40 });
    const members = await Promise.all(Array.from({ length: 3 }, () => createUser(server)));
    for (const m of members) {
      expect(
        (await call(server, "POST", `/api/rewards/${g.slug}/entries`, { cookie: m.cookie })).status,
      ).toBe(201);
      expect(await balanceOf(m)).toBe(60);
    }
    const member = members[0] as TTestUser;
    const path = `/api/admin/rewards/${g.slug}/cancel`;
    expect((await call(server, "POST", path)).status).toBe(401);
    expect((await call(server, "POST", path, { cookie: member.cookie })).status).toBe(403);

    const cancelled = await call<TGiveawayDetail>(server, "POST", path, { cookie: admin.cookie });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    // Again: nothing more is refunded.
    expect((await call(server, "POST", path, { cookie: admin.cookie })).status).toBe(200);
    for (const m of members) {
      expect(await balanceOf(m)).toBe(100);
      expect(await ledgerSum(m.id)).toBe(100);
    }
    const late = await createUser(server);
    const refused = await call<TError>(server, "POST", `/api/rewards/${g.slug}/entries`, {
      cookie: late.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(M_REWARDS.notOpen);
    const list = await call<TGiveawayList>(server, "GET", "/api/rewards");
    expect([...list.body.live, ...list.body.upcoming, ...list.body.ended].map((x) => x.slug)).not.toContain(
      g.slug,
    );
    // Each admin step is in the audit log, with who did it.
    for (const action of ["rewards.create", "rewards.publish", "rewards.cancel"]) {
      const audit = await call<{ items: { targetId: string | null; actor: { id: string | null } }[] }>(
        server,
        "GET",
        `/api/admin/audit?action=${action}`,
        { cookie: admin.cookie },
      );
      expect(audit.body.items.find((e) => e.targetId === g.id)?.actor.id, action).toBe(admin.id);
    }
    // Nor can it be drawn, and the admin is told why.
    const draw = await call<TError>(server, "POST", `/api/admin/rewards/${g.slug}/draw`, {
      cookie: admin.cookie,
    });
    expect(draw.status).toBe(409);
    expect(draw.body.error.message).toBe(M_REWARDS.cancelledNotDrawn);
  });
});
