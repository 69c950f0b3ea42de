import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newAccount, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { toast, useJourney } from "./support/journey.ts";

// WebAuthn refuses an IP address as the site's name, so this file's server is reached (and named) as localhost.
const j = useJourney({ SIGNUP_IP_LIMIT: "0", SIGNIN_IP_LIMIT: "0" }, { hostname: "localhost" });
const { open } = j;

const passkeysCard = (page: Page) => page.getByRole("region", { name: "Passkeys" });
const accountMenu = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Account menu" });

/**
 * Chromium's virtual authenticator (DevTools protocol): a platform authenticator that keeps discoverable
 * credentials and verifies its user, as a laptop's fingerprint reader would. Returns its id.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  return { credentials };
}

describe("passkeys", () => {
  // One journey on one page (the virtual authenticator is the page's), four screenshots in it: a longer timeout.
  it("adds a named passkey, signs out, signs in with it alone, and removes it", {
    timeout: 180_000,
  }, async () => {
    const account = await signUpByApi(j.server, newAccount("passkey"));
    const page = await open({ as: account });
    const authenticator = await virtualAuthenticator(page);
    await page.goto("/dashboard/security");
    const card = passkeysCard(page);
    await card.getByText("You have no passkeys yet.").waitFor();
    await card.getByText("SIM swap", { exact: false }).waitFor();

    // A name is needed; then the device makes the passkey and the list shows it with today's date.
    await card.getByRole("button", { name: "Add passkey" }).click();
    await card.getByText("Name your passkey").waitFor();
    await card.getByLabel("Passkey name").fill("Work laptop");
    await card.getByRole("button", { name: "Add passkey" }).click();
    await toast(page, "Passkey added").waitFor();
    const list = card.getByRole("list", { name: "Your passkeys" });
    await list.getByText("Work laptop").waitFor();
    expect(await list.getByRole("listitem").textContent()).toMatch(/Work laptopAdded \S.*\d{4}/);
    expect((await authenticator.credentials()).map((c) => c.isResidentCredential)).toEqual([true]);

    // The same device again is refused (the server excludes the passkeys it already has).
    await card.getByLabel("Passkey name").fill("Same laptop");
    await card.getByRole("button", { name: "Add passkey" }).click();
    await toast(page, /already on your account|prompt was closed/).waitFor();
    expect(await list.getByRole("listitem").count()).toBe(1);

    for (const theme of ["dark", "light"] as const) {
      for (const viewport of ["desktop", "mobile"] as const) {
        const view = await open({ theme, viewport });
        await view.context().addCookies(await page.context().cookies());
        await view.goto("/dashboard/security");
        await passkeysCard(view).getByRole("list").getByText("Work laptop").waitFor();
        await passkeysCard(view).scrollIntoViewIfNeeded();
        await shot(view, `passkeys-security-${theme}-${viewport === "desktop" ? 1280 : 390}`, {
          fullPage: false,
        });
      }
    }

    // Signed out, the passkey alone signs in: no e-mail, no password.
    await accountMenu(page).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await toast(page, "Successfully signed out").waitFor();
    await page.goto("/signin");
    await page.getByRole("main").getByRole("button", { name: "Sign in with a passkey" }).click();
    await accountMenu(page).waitFor();
    await shot(page, "passkeys-signed-in-dark-1280");

    // Removed, it is gone from the list and signs in no more.
    await page.goto("/dashboard/security");
    const again = passkeysCard(page);
    await again.getByRole("button", { name: "Remove passkey Work laptop" }).click();
    await toast(page, "Passkey removed").waitFor();
    await again.getByText("You have no passkeys yet.").waitFor();
    await accountMenu(page).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await toast(page, "Successfully signed out").waitFor();
    await page.goto("/signin");
    await page.getByRole("main").getByRole("button", { name: "Sign in with a passkey" }).click();
    await toast(page, "That passkey is not on any account here").waitFor();
    await expect(accountMenu(page).count()).resolves.toBe(0);
  });
});
