import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { followVerificationLink, newAccount, outbox, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { toast, useJourney } from "./support/journey.ts";

// Many accounts come from one address here: the per-IP limits would get in the way.
const j = useJourney({ SIGNUP_IP_LIMIT: "0", SIGNIN_IP_LIMIT: "0" });
const { open } = j;

/** `?next=` values, as a link carries them, that would leave the site or land on a path that would. */
const UNSAFE_NEXT = [
  "/%5Cevil.example/",
  "/%5C%5Cevil.example",
  "//evil.example/",
  "%2F%2Fevil.example",
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/%09/evil.example",
  "https://evil.example/",
  "javascript:alert(document.domain)",
];

/** The page ends up home, on this site (the journey also fails if the page logged an error). */
async function landsHome(page: Page, what: string) {
  await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 }).catch(() => {});
  const url = new URL(page.url());
  expect(`${url.origin}${url.pathname}`, what).toBe(`${new URL(j.server.url).origin}/`);
}

async function fillSignIn(page: Page, account: { email: string; password: string }) {
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(account.email);
  await main.getByLabel("Password", { exact: true }).fill(account.password);
  await main.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe("an unsafe ?next= falls back home, silently", () => {
  it("after signing in on /signin", async () => {
    for (const next of ["/%5Cevil.example/", "/.//evil.example"]) {
      const account = await signUpByApi(j.server, newAccount("nextin"));
      const page = await open();
      await page.goto(`/signin?next=${next}`);
      await fillSignIn(page, account);
      await toast(page, "Successfully signed in!").waitFor();
      await landsHome(page, next);
    }
  });

  it("after signing up on /signup", async () => {
    const page = await open({ viewport: "mobile" });
    await page.goto("/signup?next=/%5Cevil.example/");
    const account = newAccount("nextup");
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("checkbox").click();
    await page.getByRole("button", { name: "Create Account" }).click();
    await toast(page, "Account created successfully!").waitFor();
    // The verification link signs in and goes where ?next= said, unless that could leave the site.
    await followVerificationLink(page, j.server, account.email);
    await landsHome(page, "/signup");
    await page.getByRole("banner").getByRole("button", { name: "Account menu" }).waitFor();
    await shot(page, "next-path-signup-home");
  });

  it("for a member who opens /signin or /signup with one, whatever its spelling", async () => {
    const member = await signUpByApi(j.server, newAccount("nextmember"));
    const page = await open({ as: member });
    for (const view of ["signin", "signup"]) {
      for (const next of UNSAFE_NEXT) {
        await page.goto(`/${view}?next=${next}`);
        await landsHome(page, `/${view}?next=${next}`);
      }
    }
    // A path of ours keeps its query.
    await page.goto(`/signin?next=${encodeURIComponent("/leaderboard?period=month")}`);
    await page.waitForURL((url) => url.pathname === "/leaderboard");
    expect(new URL(page.url()).search).toBe("?period=month");
  });

  it("after the e-mail verification link, when its callbackURL was tampered with", async () => {
    const account = await signUpByApi(j.server, newAccount("nextverify"), { verified: false });
    const link = outbox(j.server, account.email)[0]?.links[0] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(token).not.toBe("");
    const page = await open();
    await page.goto(`/api/auth/verify-email?token=${token}&callbackURL=%2F%5Cevil.example%2F`);
    await landsHome(page, "verify-email");
    await shot(page, "next-path-verified-home");
  });
});
