import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/query-rows.ts";
import { createUser, signIn, signUpUser } from "./factories.ts";
import { startTestServer, type TTestServer } from "./test-server.ts";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** What the database holds about an account, without its ids, times and secrets. */
async function stored(userId: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    server.deps.db,
    sql`select u.name, u.email_verified, u.role, u.banned, u.two_factor_enabled, u.username, u.display_username,
        a.provider_id, a.account_id = u.id::text as account_is_user, a.password like '%:%' as hashed,
        p.username as profile_username, p.points, p.is_banned,
        (select array_agg(pa.name) from points_transactions t join points_activities pa on pa.id = t.activity_id
          where t.user_id = u.id) as awards,
        (select count(*)::int from sessions s where s.user_id = u.id) as sessions
      from users u join accounts a on a.user_id = u.id join profiles p on p.id = u.id
      where u.id = ${userId}`,
  );
  return row;
}

describe("createUser", () => {
  it("leaves the rows a sign-up leaves, with a session cookie and a password that signs in", async () => {
    const made = await createUser(server, { username: "Made_Here" });
    const signedUp = await signUpUser(server, { username: "Signed_Up" });
    const rename = (row: Record<string, unknown> | undefined, from: string) =>
      JSON.parse(JSON.stringify(row).replaceAll(from, "NAME").replaceAll(from.toLowerCase(), "name"));
    expect(rename(await stored(made.id), "Made_Here")).toEqual(
      rename(await stored(signedUp.id), "Signed_Up"),
    );

    const me = await server.fetch("/api/me", { headers: { cookie: made.cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ profile: { id: made.id, username: "Made_Here" } });
    expect((await signIn(server, made.email, made.password)).id).toBe(made.id);
  });
});
