import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcServer } from "../../apps/server/src/testing/oidc-server.ts";
import { shot } from "./support/browser.ts";
import { toast, useJourney } from "./support/journey.ts";

// A real OpenID Connect provider on another port (oidc-provider); the app finds it from OIDC_ISSUER's discovery.
const oidc = await startOidcServer();
const j = useJourney({
  OIDC_ISSUER: oidc.issuer,
  OIDC_CLIENT_ID: oidc.clientId,
  OIDC_CLIENT_SECRET: oidc.clientSecret,
  OIDC_NAME: "Test ID",
});
const { open } = j;
beforeAll(() => oidc.allowApp(j.server.url));
afterAll(() => oidc.close());

const accountMenu = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Account menu" });
const linkedCard = (page: Page) => page.getByRole("region", { name: "Linked sign-ins" });

/** At the provider's own page: type the account and continue (or cancel). */
async function atProvider(page: Page, sub: string | null) {
  await page.getByRole("heading", { name: "Test Identity Provider" }).waitFor();
  expect(new URL(page.url()).origin).toBe(oidc.issuer);
  if (sub === null) {
    await page.getByRole("button", { name: "Cancel" }).click();
    return;
  }
  await page.getByLabel("Account").fill(sub);
  await page.getByRole("button", { name: "Continue" }).click();
}

describe("signing in with an OpenID Connect provider", () => {
  it("offers the provider on the sign-in page, in both themes at both widths", async () => {
    for (const theme of ["dark", "light"] as const) {
      for (const viewport of ["desktop", "mobile"] as const) {
        const page = await open({ theme, viewport });
        await page.goto("/signin");
        await page.getByRole("button", { name: "Continue with Test ID" }).waitFor();
        await shot(page, `provider-signin-${theme}-${viewport === "desktop" ? 1280 : 390}`);
      }
    }
  });

  it("makes an account through the provider, sets a password, unlinks and links the provider again", async () => {
    const sub = `ana-${randomBytes(3).toString("hex")}`;
    oidc.addAccount(sub, { email: `${sub}@idp.example`, emailVerified: true, name: "Ana Provider" });
    const page = await open({ viewport: "mobile" });

    // A visitor who cancels at the provider is told so on the sign-in page, still signed out.
    await page.goto("/signin?next=%2Fleaderboard");
    await page.getByRole("button", { name: "Continue with Test ID" }).click();
    await atProvider(page, null);
    await page.getByRole("alert").filter({ hasText: "Sign-in was cancelled" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/signin");
    await shot(page, "provider-cancelled-dark-390");

    // The second time through, the provider signs them in to a new account and back to where they were going.
    await page.getByRole("button", { name: "Continue with Test ID" }).click();
    await atProvider(page, sub);
    await page.waitForURL((url) => url.pathname === "/leaderboard");
    await accountMenu(page).waitFor();

    // The security settings: the provider is their only way in, so it cannot be unlinked yet; no password to
    // change, one to set.
    await page.goto("/dashboard/security");
    const card = linkedCard(page);
    await card.getByText(/Linked .* your only way to sign in/).waitFor();
    expect(await card.getByRole("button", { name: "Unlink Test ID" }).isDisabled()).toBe(true);
    await page.getByLabel("New password", { exact: true }).fill("First-Pass99");
    await page.getByLabel("Confirm new password").fill("First-Pass99");
    await page.getByRole("button", { name: "Set password" }).click();
    await toast(page, "Password set. You can now also sign in with your e-mail and this password.").waitFor();
    await page.getByLabel("Current password").waitFor();

    // With a password, the provider can go, and come back.
    await card.getByRole("button", { name: "Unlink Test ID" }).click();
    await toast(page, "Test ID was unlinked from your account").waitFor();
    await card.getByText("Not linked").waitFor();
    // The provider still remembers them from the sign-in, so it sends them straight back.
    await card.getByRole("button", { name: "Link Test ID" }).click();
    await toast(page, "Test ID is linked to your account").waitFor();
    await card.getByText(/^Linked \w{3} \d/).waitFor();
    expect(new URL(page.url()).search).toBe("");

    for (const theme of ["dark", "light"] as const) {
      for (const viewport of ["desktop", "mobile"] as const) {
        const view = await open({ theme, viewport });
        await view.context().addCookies(await page.context().cookies(j.server.url));
        await view.goto("/dashboard/security");
        await linkedCard(view)
          .getByText(/^Linked \w{3} \d/)
          .waitFor();
        await linkedCard(view).scrollIntoViewIfNeeded();
        await shot(view, `provider-security-${theme}-${viewport === "desktop" ? 1280 : 390}`, {
          fullPage: false,
        });
      }
    }
  });
});
