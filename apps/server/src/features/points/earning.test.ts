import type { TReactionState, TVoteState } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { commentAs } from "../comments/testing.ts";
import { addKol, fileReport, randomHandle } from "../kols/testing.ts";
import { call, createPostAs } from "../posts/testing.ts";
import { balanceOf, driftedProfiles } from "./testing.ts";

/** The actions that earn points, through their real routes: what each pays, once, and to whom. */

let server: TTestServer;
let admin: TTestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
});
afterAll(() => server?.close());

/** Runs `act` and answers how many points and ledger rows it added for the user. */
async function earned(userId: string, act: () => Promise<unknown>) {
  const before = await balanceOf(server, userId);
  await act();
  const after = await balanceOf(server, userId);
  expect(after.points).toBe(after.ledger);
  return { points: after.points - before.points, rows: after.rows - before.rows };
}

const vote = (handle: string, verdict: string, cookie: string) =>
  call<TVoteState>(server, "POST", `/api/kols/${handle}/votes`, { cookie, json: { verdict } });

describe("points for what members do", () => {
  it("pays 'voting' once per KOL: voting twice, changing or withdrawing and voting again pays nothing more", async () => {
    const user = await createUser(server);
    const kol = await addKol(server, admin.cookie);
    const other = await addKol(server, admin.cookie);
    expect(await earned(user.id, () => vote(kol.handle, "plug", user.cookie))).toEqual({
      points: 10,
      rows: 1,
    });
    expect(
      await earned(user.id, async () => {
        expect((await vote(kol.handle, "plug", user.cookie)).status).toBe(200);
        expect((await vote(kol.handle, "rug", user.cookie)).status).toBe(200);
        expect(
          (await call(server, "DELETE", `/api/kols/${kol.handle}/votes`, { cookie: user.cookie })).status,
        ).toBe(200);
        expect((await vote(kol.handle, "plug", user.cookie)).body.myVote).toBe("plug");
      }),
    ).toEqual({ points: 0, rows: 0 });
    // Another KOL is another award, and another voter on the same KOL earns their own.
    expect(await earned(user.id, () => vote(other.handle, "rug", user.cookie))).toEqual({
      points: 10,
      rows: 1,
    });
    const second = await createUser(server);
    expect(await earned(second.id, () => vote(kol.handle, "rug", second.cookie))).toEqual({
      points: 10,
      rows: 1,
    });
  });

  it("pays 'report_submission' for the reporter's first report of a handle only", async () => {
    const user = await createUser(server);
    const handle = randomHandle("rep");
    expect(await earned(user.id, () => fileReport(server, user.cookie, { kolHandle: handle }))).toEqual({
      points: 50,
      rows: 1,
    });
    expect(await earned(user.id, () => fileReport(server, user.cookie, { kolHandle: handle }))).toEqual({
      points: 0,
      rows: 0,
    });
    const someoneElse = await createUser(server);
    expect(
      await earned(someoneElse.id, () => fileReport(server, someoneElse.cookie, { kolHandle: handle })),
    ).toEqual({ points: 50, rows: 1 });
  });

  it("pays 'emoji_reaction' per reaction to someone else's comment, and nothing for reacting to your own", async () => {
    const [author, fan] = await Promise.all([createUser(server), createUser(server)]);
    const postId = (await createPostAs(server, author.cookie, { content: "earn by reacting" })).id;
    const comment = await commentAs(server, author.cookie, postId, { content: "react to me" });
    const react = (cookie: string, emoji: string) =>
      call<TReactionState>(server, "POST", `/api/comments/${comment.id}/reactions`, {
        cookie,
        json: { emoji },
      });
    expect(await earned(fan.id, () => react(fan.cookie, "❤️"))).toEqual({ points: 2, rows: 1 });
    expect(await earned(fan.id, () => react(fan.cookie, "👍"))).toEqual({ points: 2, rows: 1 });
    // A duplicate is refused (409) and pays nothing; the author's own reaction pays nothing to anyone.
    expect(await earned(fan.id, async () => expect((await react(fan.cookie, "❤️")).status).toBe(409))).toEqual(
      {
        points: 0,
        rows: 0,
      },
    );
    expect(
      await earned(author.id, async () => expect((await react(author.cookie, "❤️")).status).toBe(200)),
    ).toEqual({ points: 0, rows: 0 });
  });

  it("pays 'comment_vote' for the first like of someone else's comment, not for liking your own or re-liking", async () => {
    const [author, fan] = await Promise.all([createUser(server), createUser(server)]);
    const postId = (await createPostAs(server, author.cookie, { content: "earn by liking" })).id;
    const comment = await commentAs(server, author.cookie, postId, { content: "like me" });
    const like = (cookie: string) => call(server, "PUT", `/api/comments/${comment.id}/like`, { cookie });
    const unlike = (cookie: string) => call(server, "DELETE", `/api/comments/${comment.id}/like`, { cookie });
    expect(await earned(fan.id, async () => expect((await like(fan.cookie)).status).toBe(200))).toEqual({
      points: 2,
      rows: 1,
    });
    expect(
      await earned(fan.id, async () => {
        await like(fan.cookie);
        await unlike(fan.cookie);
        await like(fan.cookie);
      }),
    ).toEqual({ points: 0, rows: 0 });
    expect(await earned(author.id, async () => expect((await like(author.cookie)).status).toBe(200))).toEqual(
      {
        points: 0,
        rows: 0,
      },
    );
  });

  it("leaves every profile's points equal to its ledger's sum", async () => {
    expect(await driftedProfiles(server)).toEqual([]);
  });
});
