import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { signUpUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { readOutbox } from "./testing.ts";

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const get = (pathname: string) => fetch(`${server.url}${pathname}`, { redirect: "manual" });

describe("a link's callbackURL that could leave the site", () => {
  it("goes home instead: the verification link still verifies, then lands on /", async () => {
    // Signed up for real: sign-up is what sends the verification link.
    const user = await signUpUser(server);
    const link = readOutbox(server).find((m) => m.to === user.email)?.links[0] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(token).not.toBe("");
    const tampered = `/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent("/\\evil.example/")}`;

    const first = await get(tampered);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/api/auth/verify-email?token=${token}&callbackURL=%2F`);
    const second = await get(first.headers.get("location") ?? "");
    expect(second.status).toBe(302);
    expect(second.headers.get("location")).toBe("/?verified=1");
    const [row] = await server.deps.db
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.emailVerified).toBe(true);
  });

  it("goes home for every unsafe spelling, on verify-email and reset-password alike", async () => {
    for (const callback of [
      "//evil.example/",
      "https://evil.example/",
      "/%5Cevil.example/",
      "javascript:alert(1)",
    ]) {
      for (const path of ["/api/auth/verify-email?token=nope", "/api/auth/reset-password/nope?x=1"]) {
        const res = await get(`${path}&callbackURL=${encodeURIComponent(decodeURIComponent(callback))}`);
        expect(res.status, `${path} ${callback}`).toBe(302);
        const location = new URL(res.headers.get("location") ?? "", server.url);
        expect(location.origin).toBe(server.url);
        expect(location.searchParams.get("callbackURL")).toBe("/");
      }
    }
  });

  it("keeps a safe one, which better-auth follows", async () => {
    const res = await get(
      `/api/auth/verify-email?token=nope&callbackURL=${encodeURIComponent("/leaderboard")}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/leaderboard?error=INVALID_TOKEN&verified=0");
  });
});
