import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createPostByApi, newAccount, outbox, signUpByApi } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { toast, useJourney } from "./support/journey.ts";

const j = useJourney({ SIGNUP_IP_LIMIT: "0", SIGNIN_IP_LIMIT: "0" });
const { open } = j;

const passwordCard = (page: Page) => page.getByRole("region", { name: "Password" });
const accountMenu = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Account menu" });

describe("change password", () => {
  it("checks the rules in the form, changes the password, and the new one signs in", async () => {
    const account = await signUpByApi(j.server, newAccount("changer"));
    const page = await open({ as: account });
    await page.goto("/dashboard/security");
    const card = passwordCard(page);
    await card.waitFor();

    await card.getByRole("button", { name: "Change password" }).click();
    await card.getByText("Password is required").first().waitFor();
    await card.getByLabel("Current password").fill(account.password);
    await card.getByLabel("New password", { exact: true }).fill("alllower99");
    await card.getByLabel("Confirm new password").fill("different1A");
    await card.getByRole("button", { name: "Change password" }).click();
    await card.getByText("Password must contain at least one uppercase letter").waitFor();
    await card.getByText("Passwords do not match").waitFor();
    await shot(page, "account-change-password-errors-dark-1280");

    // The server's refusal of a wrong current password lands on its field.
    await card.getByLabel("Current password").fill("Not-My-Pass1");
    await card.getByLabel("New password", { exact: true }).fill("Fresh-Pass-2026");
    await card.getByLabel("Confirm new password").fill("Fresh-Pass-2026");
    await card.getByRole("button", { name: "Change password" }).click();
    await card.getByText("Incorrect password").waitFor();

    await card.getByLabel("Current password").fill(account.password);
    expect(await card.getByRole("checkbox").getAttribute("aria-checked")).toBe("true");
    await card.getByRole("button", { name: "Change password" }).click();
    await toast(page, "Password changed. Your other sessions were signed out.").waitFor();
    expect(await card.getByLabel("Current password").inputValue()).toBe("");
    expect(outbox(j.server, account.email).map((m) => m.subject)).toContain(
      "Your Plugs & Rugs password was changed",
    );

    // Still signed in here; sign out, and the new password signs in (the old one no longer does).
    await accountMenu(page).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await toast(page, "Successfully signed out").waitFor();
    await page.goto("/signin");
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(account.email);
    await main.getByLabel("Password", { exact: true }).fill(account.password);
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Invalid email or password").first().waitFor();
    await main.getByLabel("Password", { exact: true }).fill("Fresh-Pass-2026");
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await accountMenu(page).waitFor();

    for (const theme of ["dark", "light"] as const) {
      for (const viewport of ["desktop", "mobile"] as const) {
        const view = await open({ theme, viewport });
        await view.context().addCookies(await page.context().cookies());
        await view.goto("/dashboard/security");
        await passwordCard(view).waitFor();
        await shot(view, `account-security-${theme}-${viewport === "desktop" ? 1280 : 390}`);
      }
    }
  });
});

describe("download my data", () => {
  it("downloads a JSON file of the member's own posts and profile", async () => {
    const account = await signUpByApi(j.server, newAccount("exporter"));
    await createPostByApi(j.server, account, "A post to take with me");
    const page = await open({ as: account, viewport: "mobile" });
    await page.goto("/dashboard/security");
    const card = page.getByRole("region", { name: "Your data" });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: "Download my data" }).click(),
    ]);
    await toast(page, "Your data is downloading").waitFor();
    const day = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`plugs-and-rugs-${account.username}-${day}.json`);
    const data = JSON.parse(await readFile((await download.path()) as string, "utf8"));
    expect(data.account.email).toBe(account.email);
    expect(data.posts.map((p: { content: string }) => p.content)).toEqual(["A post to take with me"]);
    await shot(page, "account-your-data-dark-390");
  });
});

describe("delete my account", () => {
  it("says when, asks for the password, signs out, and signing in again cancels it", async () => {
    const account = await signUpByApi(j.server, newAccount("leaver"));
    const page = await open({ as: account });
    await page.goto("/dashboard/security");
    const card = page.getByRole("region", { name: "Delete account" });
    await card.getByText("Signing in before then cancels the deletion.").waitFor();
    await card.getByRole("button", { name: "Delete my account..." }).click();
    await card.getByText(/It is deleted after 14 days, on /).waitFor();
    await card.getByLabel("Password").fill("Not-My-Pass1");
    await card.getByRole("button", { name: "Delete my account", exact: true }).click();
    await card.getByText("Incorrect password").waitFor();
    await shot(page, "account-delete-dark-1280");

    await card.getByLabel("Password").fill(account.password);
    await card.getByRole("button", { name: "Delete my account", exact: true }).click();
    await toast(page, /^Your account will be deleted on .+\. Sign in before then to keep it\.$/).waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).waitFor();
    expect(outbox(j.server, account.email).map((m) => m.subject)).toContain(
      "Your Plugs & Rugs account will be deleted",
    );

    await page.goto("/signin");
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(account.email);
    await main.getByLabel("Password", { exact: true }).fill(account.password);
    await main.getByRole("button", { name: "Sign In", exact: true }).click();
    await accountMenu(page).waitFor();
    expect(outbox(j.server, account.email).map((m) => m.subject)).toContain(
      "The deletion of your Plugs & Rugs account was cancelled",
    );

    for (const theme of ["dark", "light"] as const) {
      for (const viewport of ["desktop", "mobile"] as const) {
        const view = await open({ theme, viewport });
        await view.context().addCookies(await page.context().cookies());
        await view.goto("/dashboard/security");
        const deleteCard = view.getByRole("region", { name: "Delete account" });
        await deleteCard.getByRole("button", { name: "Delete my account..." }).click();
        await deleteCard.getByLabel("Password").waitFor();
        await shot(view, `account-delete-${theme}-${viewport === "desktop" ? 1280 : 390}`);
      }
    }
    await page.goto("/privacy");
    await page.getByRole("heading", { name: "Deleting your account" }).waitFor();
    await shot(page, "account-privacy-dark-1280");
  });
});

describe("change e-mail", () => {
  it("sends a link to the new address; opening it changes the address", async () => {
    const account = await signUpByApi(j.server, newAccount("mover"));
    const page = await open({ as: account });
    await page.goto("/dashboard/security");
    const card = page.getByRole("region", { name: "E-mail" });
    await card.getByText(account.email).waitFor();
    await card.getByLabel("New e-mail address").fill(account.email);
    await card.getByRole("button", { name: "Send confirmation link" }).click();
    await card.getByText("That is already your e-mail address").waitFor();
    const newEmail = `moved.${account.email}`;
    await card.getByLabel("New e-mail address").fill(newEmail);
    await card.getByRole("button", { name: "Send confirmation link" }).click();
    await toast(page, `We sent a confirmation link to ${newEmail}. Open it to finish the change.`).waitFor();
    expect(outbox(j.server, account.email).map((m) => m.subject)).toContain(
      "Your Plugs & Rugs e-mail address is being changed",
    );
    const [confirm] = outbox(j.server, newEmail);
    await page.goto(confirm?.links[0] as string);
    await page.waitForURL((url) => url.pathname === "/dashboard/security");
    await page.getByRole("region", { name: "E-mail" }).getByText(newEmail).waitFor();
    await shot(page, "account-email-changed-dark-1280");
  });
});
