import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtp } from "../../apps/server/src/testing/smtp-server.ts";
import { newAccount, postJson, signUpByApi, type TSignedUp } from "./support/accounts.ts";
import { shot } from "./support/browser.ts";
import { toast, useJourney } from "./support/journey.ts";

// A local mail server speaking SMTP: the server sends e-mail through its job queue, and what this one answers a
// recipient decides whether a send-mail job succeeds.
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const delivered = () => smtp.delivered.map((m) => m.to);

const ADMIN = newAccount("admin");
const j = useJourney({
  ADMIN_EMAILS: ADMIN.email,
  SMTP_URL: smtp.url,
});

async function until(done: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// E-mail goes to the mail server above, not to the outbox the verification helpers read: these accounts sign in
// unverified (the site lets them).
let admin: TSignedUp;
beforeAll(async () => {
  admin = await signUpByApi(j.server, ADMIN, { verified: false });
});

describe("the admin's background jobs", () => {
  it("lists failed and pending jobs in their own section, and keeps members out", async () => {
    // The sign-up's verification e-mail went through the queue: once delivered, nothing waits.
    await until(() => delivered().includes(ADMIN.email), "the verification e-mail");
    for (const [viewport, theme] of [
      ["desktop", "dark"],
      ["mobile", "light"],
    ] as const) {
      const page = await j.open({ as: admin, viewport, theme });
      await page.goto("/admin/jobs");
      await page.getByRole("heading", { level: 2, name: "Background jobs" }).waitFor();
      expect(
        await page
          .getByRole("navigation", { name: "Admin sections" })
          .getByRole("link", { name: "Jobs" })
          .getAttribute("aria-current"),
      ).toBe("page");
      await page.getByText("No job has failed in the last two weeks.").waitFor();
      await shot(page, `admin-jobs-failed-empty-${theme}-${viewport === "desktop" ? 1280 : 390}`);
      await page.getByRole("tab", { name: "Pending" }).click();
      await page.getByText("Nothing is waiting or running.").waitFor();
      await shot(page, `admin-jobs-pending-empty-${theme}-${viewport === "desktop" ? 1280 : 390}`);
    }

    const member = await signUpByApi(j.server, newAccount("member"), { verified: false });
    const page = await j.open({ as: member });
    await page.goto("/admin/jobs");
    await page.getByText(/admin/i).first().waitFor();
    expect(await page.getByRole("heading", { level: 2, name: "Background jobs" }).count()).toBe(0);
  });

  it("shows an e-mail the mail server refused for good with its answer, and Retry delivers it", async () => {
    const member = newAccount("member");
    await signUpByApi(j.server, member, { verified: false });
    await until(() => delivered().includes(member.email), "the member's verification e-mail");

    // The mail server refuses to relay: the password-reset e-mail fails at its first attempt.
    smtp.refuse({ code: 550, text: "Sender not allowed to relay" });
    const asked = await postJson(j.server, "/api/auth/request-password-reset", { email: member.email });
    expect(asked.status).toBe(200);
    const page = await j.open({ as: admin, viewport: "mobile", theme: "dark" });
    await page.goto("/admin/jobs");
    const failed = page.getByRole("article", { name: "Job send-mail" });
    // The list is read when the page opens: read it again until the failure is in it.
    await expect
      .poll(
        async () => {
          if ((await failed.count()) === 0) await page.reload();
          return failed.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await failed.getByText("550 Sender not allowed to relay").waitFor();
    await failed.getByText("1 attempt").waitFor();
    await shot(page, "admin-jobs-failed-dark-390");
    const light = await j.open({ as: admin, viewport: "mobile", theme: "light" });
    await light.goto("/admin/jobs");
    await light
      .getByRole("article", { name: "Job send-mail" })
      .getByText("550 Sender not allowed to relay")
      .waitFor();
    await shot(light, "admin-jobs-failed-light-390");

    // Relaying is allowed again; the admin retries, and the e-mail goes out.
    smtp.refuse(null);
    const before = delivered().filter((to) => to === member.email).length;
    await failed.getByRole("button", { name: "Retry" }).click();
    await toast(page, "Job queued again").waitFor();
    await page.getByText("No job has failed in the last two weeks.").waitFor();
    await until(() => delivered().filter((to) => to === member.email).length > before, "the retried e-mail");
  });
});
