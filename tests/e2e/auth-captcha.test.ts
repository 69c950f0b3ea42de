import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { followVerificationLink, newAccount } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { toast, useJourney } from "./support/journey.ts";

// The default provider, as in production: the ALTCHA widget is our own code and solves our own challenge.
const j = useJourney({ CAPTCHA_PROVIDER: "altcha", SIGNUP_IP_LIMIT: "0", SIGNIN_IP_LIMIT: "0" });

/** A page, and every URL it requests (to prove nothing leaves our origin). */
async function open(): Promise<{ page: Page; requests: string[] }> {
  const page = await j.open();
  const requests: string[] = [];
  page.on("request", (req) => requests.push(req.url()));
  return { page, requests };
}

describe("ALTCHA in the forms", () => {
  it("solves the challenge in the browser, from our own origin, and signs up; a refused attempt gets a fresh one", async () => {
    const { page, requests } = await open();
    await page.goto("/signup");
    const widget = page.locator("altcha-widget");
    await widget.waitFor();
    await shot(page, "auth-signup-altcha-dark-1280");

    const account = newAccount("human");
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("checkbox", { name: /I accept/ }).click();
    await page.getByRole("button", { name: "Create Account" }).click();
    await toast(page, "Account created successfully!").waitFor({ timeout: 30_000 });
    await followVerificationLink(page, j.server, account.email);
    // Every request stayed on our origin: the widget's script, its workers and the challenge.
    expect(requests.filter((url) => !url.startsWith(j.server.url) && !url.startsWith("blob:"))).toEqual([]);
    expect(requests.some((url) => url.startsWith(`${j.server.url}/api/auth/captcha`))).toBe(true);

    // Signed out, a wrong password uses up the solution; the widget is reset, and the next attempt solves anew.
    await page.getByRole("banner").getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await toast(page, "Successfully signed out").waitFor();
    await page.goto("/signin");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-Pass1");
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await toast(page, "Invalid email or password").waitFor({ timeout: 30_000 });
    // The refused attempt used the solution up: the widget is already solving a fresh challenge, not waiting for a
    // click, and reads as verified once done.
    const state = () => widget.evaluate((el) => (el as HTMLElement & { getState(): string }).getState());
    expect(["verifying", "verified"]).toContain(await state());
    await expect.poll(state, { timeout: 30_000 }).toBe("verified");
    await shot(page, "auth-signin-altcha-after-refusal-dark-1280", { fullPage: false });
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await toast(page, "Successfully signed in!").waitFor({ timeout: 30_000 });
  });

  it("refuses a request whose solution was tampered with, with the spec's message", async () => {
    const { page } = await open();
    // Corrupt the header on its way out, as a bot replaying a made-up payload would.
    await page.route("**/api/auth/request-password-reset", (route) =>
      route.continue({
        headers: { ...route.request().headers(), "x-captcha-token": "bm90LWEtc29sdXRpb24=" },
      }),
    );
    await page.goto("/signin");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Password" });
    await dialog.getByLabel("Email").fill("someone@example.test");
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await toast(page, "Security verification failed. Please try again.").waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "Send Reset Link" }).waitFor();
  });
});
