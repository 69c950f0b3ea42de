import { authenticator } from "otplib";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  followVerificationLink,
  newAccount,
  outbox,
  postJson,
  signUpByApi,
  type TAccount,
  type TSignedUp,
} from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { png } from "./support/images.ts";
import { toast, useJourney } from "./support/journey.ts";

const ADMIN_EMAIL = "chief.admin@example.test";

const j = useJourney({ ADMIN_EMAILS: ADMIN_EMAIL, SIGNUP_IP_LIMIT: "0", SIGNIN_IP_LIMIT: "0" });
const { open } = j;
/** The ADMIN_EMAILS account, signed up (and so made admin) at the start. */
let admin: TSignedUp;

// Many accounts come from one address here: the per-IP limits (off above) would get in the way of the journeys.
beforeAll(async () => {
  admin = await signUpByApi(j.server, { ...newAccount("chief"), email: ADMIN_EMAIL });
});

const modal = (page: Page) =>
  page.getByRole("dialog").filter({ has: page.getByRole("tab", { name: "Sign In" }) });
const twoFactorCard = (page: Page) => page.getByRole("region", { name: "Two-factor authentication" });
const accountMenu = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Account menu" });

async function fillSignIn(scope: Locator, account: Pick<TAccount, "email" | "password">) {
  await scope.getByLabel("Email").fill(account.email);
  await scope.getByLabel("Password", { exact: true }).fill(account.password);
  await scope.getByRole("button", { name: "Sign In", exact: true }).last().click();
}

/** The authenticator app: the code for now, or `steps` periods of 30 s from now. */
function totp(secret: string, steps = 0) {
  return authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);
}

describe("sign up, sign out, sign in", () => {
  it("creates an account in the modal, signs out from the avatar menu and signs back in", async () => {
    const page = await open();
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign Up" }).click();
    const dialog = modal(page);
    await dialog.waitFor();
    expect(await dialog.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).toBe("true");

    // The shared schema's messages, before anything is sent.
    await dialog.getByRole("button", { name: "Create Account" }).click();
    for (const message of [
      "Username is required",
      "Please enter a valid email address",
      "Password must be at least 8 characters",
      "You must accept the terms and conditions",
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await dialog.getByLabel("Password", { exact: true }).fill("alllowercase1");
    await dialog.getByLabel("Username").fill("ab");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await dialog.getByText("Password must contain at least one uppercase letter").waitFor();
    await dialog.getByText("Username must be at least 3 characters").waitFor();
    expect(await dialog.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
    expect(await dialog.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");

    const account = newAccount("journey");
    await dialog.getByLabel("Username").fill(account.username);
    await dialog.getByLabel("Email").fill(account.email);
    await dialog.getByLabel("Password", { exact: true }).fill(account.password);
    await dialog.getByRole("checkbox").click();
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await toast(page, "Account created successfully!").waitFor();
    await toast(page, "Please check your email to verify your account.").waitFor();
    // No session yet: the form says where the link went; the link signs in, back on this page.
    const sent = dialog.getByRole("status");
    await sent.getByRole("heading", { name: "Check your inbox" }).waitFor();
    expect(await sent.textContent()).toContain(`We sent a link to ${account.email}.`);
    expect(await accountMenu(page).count()).toBe(0);
    expect(outbox(j.server, account.email).map((m) => m.subject)).toEqual([
      "Verify your e-mail for Plugs & Rugs",
    ]);
    await followVerificationLink(page, j.server, account.email);
    await page.waitForURL(`${j.server.url}/`);

    await accountMenu(page).click();
    const menu = page.getByRole("menu");
    expect((await menu.getByRole("menuitem").allTextContents()).map((t) => t.trim())).toEqual([
      "Public Profile",
      "Dashboard",
      "Sign Out",
    ]);
    await menu.getByRole("menuitem", { name: "Sign Out" }).click();
    await toast(page, "Successfully signed out").waitFor();

    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    await modal(page).waitFor();
    expect(await modal(page).getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    // A wrong password: the server's one answer for unknown e-mail and wrong password.
    await fillSignIn(modal(page), { email: account.email, password: "Wrong-Pass1" });
    await toast(page, "Invalid email or password").waitFor();
    // Said under the form too, with both fields marked, until they are typed in again.
    await modal(page).getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    const password = modal(page).getByLabel("Password", { exact: true });
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    expect(await modal(page).getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    await shot(page, "sign-in-refused-dark-1280", { fullPage: false });
    await password.fill("x");
    expect(
      await modal(page).getByRole("alert").filter({ hasText: "Invalid email or password" }).count(),
    ).toBe(0);
    await fillSignIn(modal(page), account);
    await toast(page, "Successfully signed in!").waitFor();
    await modal(page).waitFor({ state: "hidden" });
    await accountMenu(page).waitFor();
  });

  it("reads ?ref= on the sign-up page, locks the field and names the referrer", async () => {
    const referrer = await signUpByApi(j.server, newAccount("referrer"));
    const page = await open({ viewport: "mobile" });
    await page.goto(`/signup?ref=${referrer.username}`);
    await page.getByRole("heading", { level: 1, name: /Join/ }).waitFor();
    const referral = page.getByLabel(/Referral code/);
    expect(await referral.inputValue()).toBe(referrer.username);
    expect(await referral.getAttribute("readonly")).not.toBeNull();
    await page.getByText("From your invite link").waitFor();

    const account = newAccount("invited");
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("checkbox").click();
    await page.getByRole("button", { name: "Create Account" }).click();
    await toast(page, `You were referred by ${referrer.username}.`).waitFor();
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    // The link signs in, and the sign-up page moves on home.
    await followVerificationLink(page, j.server, account.email);
    await accountMenu(page).waitFor();
    await page.waitForURL(`${j.server.url}/`);
  });

  it("answers an address that already has an account as a new one, and e-mails its owner instead", async () => {
    const usernames: string[] = [];
    for (const theme of ["dark", "light"] as const) {
      for (const viewport of ["mobile", "desktop"] as const) {
        const page = await open({ theme, viewport });
        await page.goto("/signup");
        const attempt = newAccount("squatter");
        usernames.push(attempt.username);
        await page.getByLabel("Username").fill(attempt.username);
        await page.getByLabel("Email").fill(admin.email.toUpperCase());
        await page.getByLabel("Password", { exact: true }).fill(attempt.password);
        await page.getByRole("checkbox").click();
        await page.getByRole("button", { name: "Create Account" }).click();
        await toast(page, "Account created successfully!").waitFor();
        const sent = page.getByRole("status").filter({ hasText: "Check your inbox" });
        expect(await sent.textContent()).toContain(`We sent a link to ${admin.email}.`);
        await shot(page, `sign-up-check-inbox-${theme}-${viewport === "mobile" ? 390 : 1280}`, {
          fullPage: false,
        });
        if (theme === "light" && viewport === "desktop") {
          // "Use another e-mail" brings the form back with the username kept.
          await sent.getByRole("button", { name: "Use another e-mail" }).click();
          expect(await page.getByLabel("Username").inputValue()).toBe(attempt.username);
          expect(await page.getByLabel("Email").inputValue()).toBe("");
        }
      }
    }
    // The owner was told four times; no account was made for the new usernames, and no verification link sent.
    const mails = outbox(j.server, admin.email).map((m) => m.subject);
    expect(mails.filter((s) => s === "Someone tried to sign up with your e-mail")).toHaveLength(4);
    expect(mails.filter((s) => s === "Verify your e-mail for Plugs & Rugs")).toHaveLength(1);
    for (const username of usernames) {
      expect((await fetch(`${j.server.url}/api/users/${username}`)).status).toBe(404);
    }
  });
});

describe("login limits", () => {
  it("locks the e-mail after 5 failed attempts, with the 'Rate limit exceeded' toast", async () => {
    const account = await signUpByApi(j.server, newAccount("locked"));
    const page = await open({ viewport: "mobile" });
    await page.goto("/");
    // From the mobile menu: its Sign In closes the menu and opens the modal.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Navigation" }).getByRole("button", { name: "Sign In" }).click();
    const dialog = modal(page);
    await dialog.waitFor();
    await page.getByRole("dialog", { name: "Navigation" }).waitFor({ state: "hidden" });
    const signInAnswer = () => page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answered = signInAnswer();
      await fillSignIn(dialog, { email: account.email, password: `Wrong-Pass${attempt}` });
      expect((await answered).status()).toBe(401);
    }
    await toast(page, "Invalid email or password").waitFor();
    // The 6th attempt within the minute, even with the right password.
    const answered = signInAnswer();
    await fillSignIn(dialog, account);
    expect((await answered).status()).toBe(429);
    const lockout = toast(page, "Rate limit exceeded");
    await lockout.waitFor();
    expect(await lockout.textContent()).toContain(
      "Too many login attempts. Please try again in 5 minute(s).",
    );
    await shot(page, "auth-modal-rate-limited-dark-390", { fullPage: false });
  });
});

describe("the sign-in prompt", () => {
  it("asks a visitor to sign in for a guarded page and takes them there after signing in in the modal", async () => {
    const account = await signUpByApi(j.server, newAccount("prompted"));
    const page = await open();
    await page.goto("/dashboard/security");
    await page.getByRole("heading", { level: 1, name: "Sign in to open your dashboard" }).waitFor();
    // The tab says where they are, signed out too.
    await page.waitForFunction(() => document.title === "Dashboard · Plugs & Rugs");
    // The visitor moves elsewhere in the meantime; the pending action brings them back.
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    const dialog = modal(page);
    await dialog.waitFor();
    await dialog.getByText("Sign in to open your dashboard").waitFor();
    expect(await dialog.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).toBe("true");
    await fillSignIn(dialog, account);
    await toast(page, "Successfully signed in!").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard/security");
  });

  it("runs the pending action 500 ms after sign-in, then closes", async () => {
    const account = await signUpByApi(j.server, newAccount("pending"));
    const page = await open();
    await page.goto("/user/profile");
    await page.getByRole("heading", { level: 1, name: "Sign in to edit your profile" }).waitFor();
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    const dialog = modal(page);
    // Timed in the page, when the toast comes and the dialog goes: the test's own view of them can lag on a busy
    // host, which made the wait look shorter than it was.
    await page.evaluate(() => {
      const w = window as unknown as { __toastAt?: number; __closedAt?: number };
      new MutationObserver(() => {
        if (w.__toastAt === undefined && document.body.textContent?.includes("Successfully signed in!"))
          w.__toastAt = performance.now();
        if (
          w.__toastAt !== undefined &&
          w.__closedAt === undefined &&
          !document.querySelector('[role="dialog"]')
        )
          w.__closedAt = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await fillSignIn(dialog, account);
    await toast(page, "Successfully signed in!").waitFor();
    await dialog.waitFor({ state: "hidden" });
    const waited = await page.evaluate(() => {
      const w = window as unknown as { __toastAt?: number; __closedAt?: number };
      return (w.__closedAt ?? 0) - (w.__toastAt ?? 0);
    });
    expect(waited).toBeGreaterThanOrEqual(300);
    await page.getByRole("heading", { level: 1, name: "Edit profile" }).waitFor();
    expect(await page.getByLabel("Username").inputValue()).toBe(account.username);
  });

  it("goes to ?next= after signing in on /signin, and home for a next that would leave the site", async () => {
    const account = await signUpByApi(j.server, newAccount("nexted"));
    const page = await open();
    await page.goto("/signin?next=/leaderboard");
    await fillSignIn(page.getByRole("main"), account);
    await page.waitForURL((url) => url.pathname === "/leaderboard");
    // Signed in now: a backslash path that browsers read as another host lands home, with no error on the page.
    await page.goto("/signin?next=/%5Cevil.example/");
    await page.waitForURL((url) => url.pathname === "/");
    expect(new URL(page.url()).host).toBe(new URL(j.server.url).host);
  });
});

describe("password reset", () => {
  it("sends the link from the nested dialog and sets a new password on /reset-password, once", async () => {
    const account = await signUpByApi(j.server, newAccount("forgetful"));
    const page = await open();
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    await modal(page).getByRole("button", { name: "Forgot password?" }).click();
    const reset = page.getByRole("dialog", { name: "Reset Password" });
    await reset.waitFor();
    await reset.getByLabel("Email").fill(account.email);
    await reset.getByRole("button", { name: "Send Reset Link" }).click();
    await reset.getByText("Password reset email sent! Please check your inbox.", { exact: true }).waitFor();
    await reset.getByRole("button", { name: "Try Again" }).waitFor();
    await shot(page, "auth-reset-sent-dark-1280", { fullPage: false });
    await reset.getByRole("button", { name: "Close" }).last().click();
    await reset.waitFor({ state: "hidden" });
    // The sign-in modal is still there beneath it.
    await modal(page).waitFor();

    const mails = outbox(j.server, account.email).filter((m) => m.subject.startsWith("Reset"));
    expect(mails).toHaveLength(1);
    const link = new URL(mails[0]?.links[0] ?? "");
    expect(link.pathname).toBe("/reset-password");

    const landing = await open({ theme: "light" });
    await landing.goto(`${link.pathname}${link.search}`);
    await landing.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
    await landing.getByLabel("New password").fill("weakpass");
    await landing.getByRole("button", { name: "Set New Password" }).click();
    await landing.getByText("Password must contain at least one uppercase letter").waitFor();
    await shot(landing, "auth-reset-password-light-1280");
    const newPassword = "Brand-New-Pass9";
    await landing.getByLabel("New password").fill(newPassword);
    await landing.getByRole("button", { name: "Set New Password" }).click();
    await landing.getByRole("heading", { level: 1, name: "Password changed" }).waitFor();

    // The link works once.
    await landing.goto(`${link.pathname}${link.search}`);
    await landing.getByLabel("New password").fill("Another-Pass9");
    await landing.getByRole("button", { name: "Set New Password" }).click();
    await landing
      .getByText("This password reset link is invalid or has expired. Please request a new one.")
      .waitFor();

    // The old password no longer works; the new one does.
    expect((await postJson(j.server, "/api/auth/sign-in/email", account)).status).toBe(401);
    await landing.goto("/signin");
    await fillSignIn(landing.getByRole("main"), { email: account.email, password: newPassword });
    await toast(landing, "Successfully signed in!").waitFor();
    await landing.getByRole("banner").getByRole("button", { name: "Account menu" }).waitFor();
  });
});

describe("two-factor authentication", () => {
  it("enrols with the QR code's secret, then signs in with a real TOTP code", async () => {
    const account = await signUpByApi(j.server, newAccount("mfa"));
    const page = await open();
    await page.goto("/signin");
    await fillSignIn(page.getByRole("main"), account);
    await accountMenu(page).waitFor();

    await page.goto("/dashboard/security");
    await page.getByRole("button", { name: "Set up two-factor" }).click();
    await twoFactorCard(page).getByLabel("Current password").fill("Not-My-Pass1");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Incorrect password").waitFor();
    await twoFactorCard(page).getByLabel("Current password").fill(account.password);
    await page.getByRole("button", { name: "Continue" }).click();
    const qr = page.getByRole("img", { name: "QR code for your authenticator app" });
    await qr.waitFor();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    const backupCodes = await page
      .getByRole("list", { name: "Backup codes" })
      .getByRole("listitem")
      .allTextContents();
    expect(backupCodes).toHaveLength(10);
    await shot(page, "dashboard-security-enrol-dark-1280");

    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Turn On" }).click();
    await page.getByText("Invalid code").waitFor();
    await page.getByLabel("Authentication code").fill(totp(secret));
    await page.getByRole("button", { name: "Turn On" }).click();
    await toast(page, "Two-factor authentication is on").waitFor();
    await page.getByRole("button", { name: "Turn off" }).waitFor();

    await accountMenu(page).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await toast(page, "Successfully signed out").waitFor();

    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    const dialog = modal(page);
    await fillSignIn(dialog, account);
    await dialog.getByText("Enter the 6-digit code from your authenticator app.").waitFor();
    await shot(page, "auth-modal-mfa-dark-1280", { fullPage: false });
    // The enrolment code was used already: the next period's code (the server accepts one step either side).
    await dialog.getByLabel("Authentication code").fill(totp(secret, 1));
    await dialog.getByRole("button", { name: "Verify" }).click();
    await toast(page, "Successfully signed in!").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await accountMenu(page).waitFor();

    // A backup code works too, once.
    await accountMenu(page).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await toast(page, "Successfully signed out").waitFor();
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    await fillSignIn(modal(page), account);
    await modal(page).getByRole("button", { name: "Use a backup code instead" }).click();
    await modal(page)
      .getByLabel("Backup code")
      .fill(backupCodes[0] ?? "");
    await modal(page).getByRole("button", { name: "Verify" }).click();
    await toast(page, "Successfully signed in!").waitFor();
    await accountMenu(page).waitFor();

    // Turning it off needs the password.
    await page.goto("/dashboard/security");
    await page.getByRole("button", { name: "Turn off" }).click();
    await twoFactorCard(page).getByLabel("Current password").fill(account.password);
    await page.getByRole("button", { name: "Turn Off" }).click();
    await toast(page, "Two-factor authentication is off").waitFor();
    await page.getByRole("button", { name: "Set up two-factor" }).waitFor();
  });
});

describe("dashboard, admin and bans", () => {
  it("changes the username and uploads a cropped avatar", async () => {
    const account = await signUpByApi(j.server, newAccount("artist"));
    const page = await open();
    await page.goto("/signin");
    await fillSignIn(page.getByRole("main"), account);
    await accountMenu(page).waitFor();
    await accountMenu(page).click();
    await page.getByRole("menuitem", { name: "Dashboard" }).click();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Profile" }).click();

    const username = page.getByLabel("Username");
    await username.fill("no spaces");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Username can only contain letters, numbers, and underscores").waitFor();
    const renamed = `${account.username}_x`;
    await username.fill(renamed);
    await page.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "Profile updated").waitFor();
    await page.getByRole("link", { name: `public profile (@${renamed})` }).waitFor();

    // A real PNG through the crop step and the server's storage.
    await page
      .getByLabel("Avatar image")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await png(64, 64, [30, 160, 90]) });
    await page
      .getByRole("dialog", { name: "Crop your avatar" })
      .getByRole("button", { name: "Apply" })
      .click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "Profile updated").waitFor();
    const img = page.getByRole("form", { name: "Profile details" }).locator('img[src^="/media/avatars/"]');
    await img.waitFor();
    for (const theme of ["dark", "light"] as const) {
      for (const viewport of ["desktop", "mobile"] as const) {
        const view = await open({ theme, viewport });
        await view.context().addCookies(await page.context().cookies());
        const width = viewport === "desktop" ? 1280 : 390;
        await view.goto("/dashboard/profile");
        await view.getByRole("button", { name: "Change avatar" }).waitFor();
        await shot(view, `dashboard-profile-${theme}-${width}`);
        await view.goto("/dashboard/security");
        await view.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
        await shot(view, `dashboard-security-${theme}-${width}`);
      }
    }
  });

  it("signs out of the other sessions from Security", async () => {
    const account = await signUpByApi(j.server, newAccount("roamer"));
    const laptop = await postJson(j.server, "/api/auth/sign-in/email", account);
    const laptopCookie = laptop.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const me = (cookie: string) => fetch(`${j.server.url}/api/me`, { headers: { cookie } });
    expect((await me(laptopCookie)).status).toBe(200);

    const page = await open({ viewport: "mobile" });
    await page.context().addCookies(
      account.cookie.split("; ").map((pair) => {
        const [name = "", value = ""] = pair.split(/=(.*)/s);
        return { name, value, url: j.server.url };
      }),
    );
    await page.goto("/dashboard/security");
    await page.getByRole("button", { name: "Sign out of other sessions" }).click();
    await toast(page, "Signed out of 1 other session").waitFor();
    expect((await me(laptopCookie)).status).toBe(401);
    expect((await me(account.cookie)).status).toBe(200);
  });

  it("shows admins the admin dashboard and others a not-allowed page", async () => {
    const member = await signUpByApi(j.server, newAccount("plain"));
    const page = await open();
    await page.goto("/signin");
    await fillSignIn(page.getByRole("main"), member);
    await accountMenu(page).waitFor();
    await page.goto("/admin/reports");
    await page.getByRole("heading", { level: 1, name: "You are not allowed here" }).waitFor();

    const adminPage = await open();
    await adminPage.goto("/signin");
    await fillSignIn(adminPage.getByRole("main"), admin);
    await accountMenu(adminPage).click();
    await adminPage.getByRole("menuitem", { name: "Admin Dashboard" }).click();
    await adminPage.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
    // The dashboard opens on its first section, the overview.
    expect(new URL(adminPage.url()).pathname).toBe("/admin/overview");
  });

  it("signs a banned member's open tab out on its next request, with the ban message", async () => {
    const victim = await signUpByApi(j.server, newAccount("victim"));
    const page = await open();
    await page.goto("/signin");
    await fillSignIn(page.getByRole("main"), victim);
    await accountMenu(page).waitFor();
    await page.goto("/dashboard/profile");
    await page.getByLabel("Username").waitFor();

    const res = await postJson(
      j.server,
      `/api/admin/members/${victim.id}/ban`,
      { reason: "Spam" },
      admin.cookie,
    );
    expect(res.status).toBe(200);

    // The tab learns of the ban from its next request: this save, or a background one (the bell, the event stream)
    // when that comes first and the form is already gone. Either way it must sign out and say why.
    const told = toast(
      page,
      "Your account has been banned. Please contact support for assistance.",
    ).waitFor();
    await page
      .getByLabel("Username")
      .fill(`${victim.username}_b`, { timeout: 2000 })
      .then(() => page.getByRole("button", { name: "Save changes" }).click({ timeout: 2000 }))
      .catch(() => {});
    await told;
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).waitFor();
    await page.getByRole("heading", { level: 1, name: "Sign in to open your dashboard" }).waitFor();

    // And it cannot sign in again.
    await page.goto("/signin");
    await fillSignIn(page.getByRole("main"), victim);
    await toast(page, "Your account has been banned. Please contact support for assistance.").waitFor();
  });
});

describe("the modal's look", () => {
  it("is saved in both themes at 390 and 1280 px", async () => {
    for (const theme of ["dark", "light"] as const) {
      for (const viewport of ["desktop", "mobile"] as const) {
        const page = await open({ theme, viewport });
        const width = viewport === "desktop" ? 1280 : 390;
        await page.goto("/dashboard");
        await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
        const dialog = modal(page);
        await dialog.getByText("Sign in to open your dashboard").waitFor();
        await dialog.getByRole("button", { name: "Sign In", exact: true }).last().click();
        await dialog.getByText("Please enter a valid email address").waitFor();
        await shot(page, `auth-modal-signin-${theme}-${width}`, { fullPage: false });
        await dialog.getByRole("tab", { name: "Sign Up" }).click();
        await dialog.getByRole("button", { name: "Create Account" }).waitFor();
        await shot(page, `auth-modal-signup-${theme}-${width}`, { fullPage: false });
      }
    }
  });
});
