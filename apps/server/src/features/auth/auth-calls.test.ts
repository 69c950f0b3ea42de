import { triggerAsyncId } from "node:async_hooks";
import { ZSignUpRequest } from "@plugs/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, createUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { createAccount } from "./create-account.ts";
import { me, postJson } from "./testing.ts";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/**
 * Whether Node's promise hooks are on in this process (the server runs in it). A promise's callback has a trigger
 * id only while they are on (Node's async_hooks documentation, "Promise execution tracking").
 */
const promiseHooksOn = () => Promise.resolve().then(() => triggerAsyncId() !== 0);

const signIn = (email: string, password: string) =>
  postJson(server, "/api/auth/sign-in/email", { email, password });

describe("calls into better-auth", () => {
  it("leave Node's promise hooks off once they are done, so other requests do not pay for them", async () => {
    expect(await promiseHooksOn()).toBe(false);
    const user = await createUser(server);
    const res = await signIn(user.email, user.password);
    expect(res.status).toBe(200);
    expect(await promiseHooksOn()).toBe(false);

    // auth.api, without HTTP (npm run seed's path) too.
    const input = ZSignUpRequest.parse({
      email: `seeded_${Date.now()}@example.test`,
      password: "Seeded-Password-1",
      username: `seeded${Date.now() % 1e9}`,
      acceptTerms: true,
    });
    await createAccount(server.deps, input);
    expect(await promiseHooksOn()).toBe(false);
    expect((await signIn(input.email, input.password)).status).toBe(200);
  });

  it("keep each call's own context while others start and end around it", async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(server)));
    const answers = await Promise.all(users.map((u) => signIn(u.email, u.password)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const who = await Promise.all(
      answers.map(async (res) => {
        const body = (await (await me(server, cookieHeader(res))).json()) as {
          profile: { username: string };
        };
        return body.profile.username;
      }),
    );
    expect(who).toEqual(users.map((u) => u.username));
    expect(await promiseHooksOn()).toBe(false);
  });
});
