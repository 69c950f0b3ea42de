import { CONTACT_M, M, REFERENCE_PATTERN } from "@plugs/domain";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { solvedAltcha } from "../../apps/server/src/testing/altcha.ts";
import { cookieOf, newAccount, openVerificationLink, outbox, type TAccount } from "./support/accounts.ts";
import { shot, type TTheme } from "./support/browser.ts";
import { gotoLive, heading, toast, useJourney } from "./support/journey.ts";

const ADMIN = newAccount("admin");
// The captcha as sign-up has it by default: ALTCHA, solved by the widget in the page.
const j = useJourney({ ADMIN_EMAILS: ADMIN.email, CAPTCHA_PROVIDER: "altcha" });

const LOOKS = [
  ["dark", "desktop"],
  ["light", "mobile"],
  ["light", "desktop"],
  ["dark", "mobile"],
] as const;
const width = (viewport: "desktop" | "mobile") => (viewport === "desktop" ? 1280 : 390);

/** Signs up through the API with a solved challenge, as the sign-up form would, and opens the link that signs in. */
async function signUp(account: TAccount) {
  const res = await fetch(`${j.server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: j.server.url,
      "x-captcha-token": await solvedAltcha(j.server.url),
    },
    body: JSON.stringify({ ...account, acceptTerms: true }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  // The verification link signs in.
  const cookie = cookieOf(await openVerificationLink(j.server, account.email));
  return { ...account, cookie };
}

/** Fills in the form as a visitor would. */
async function fillForm(page: Page, fields: { name: string; email: string; topic: string; message: string }) {
  await page.getByLabel("Name").fill(fields.name);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Topic").selectOption({ label: fields.topic });
  await page.getByLabel("Message").fill(fields.message);
}

describe("contact", () => {
  // Two journeys on one server, in order: the messages the first sends are the ones the second answers.
  const sent: { theme: TTheme; reference: string; email: string }[] = [];
  let admin: Awaited<ReturnType<typeof signUp>>;
  let member: Awaited<ReturnType<typeof signUp>>;

  it("a visitor sends a message, at each width in each theme; a member's address is their account's", async () => {
    admin = await signUp(ADMIN);

    for (const [theme, viewport] of LOOKS) {
      const page = await j.open({ theme, viewport });
      const size = `${theme}-${width(viewport)}`;
      await page.goto("/contact");
      await heading(page, "Contact").waitFor();
      await page.locator("altcha-widget").waitFor();
      await shot(page, `contact-empty-${size}`);

      // Sending nothing shows each field's own message, and nothing leaves the page.
      await page.getByRole("button", { name: "Send Message" }).click();
      for (const text of [
        CONTACT_M.nameRequired,
        M.auth.invalidEmail,
        CONTACT_M.topicInvalid,
        CONTACT_M.messageMin,
      ]) {
        await page.getByRole("alert").filter({ hasText: text }).waitFor();
      }
      // The first invalid field took the focus (and scrolled to it); the picture shows the page from its top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `contact-errors-${size}`);

      const email = `visitor.${theme}.${width(viewport)}.${Date.now()}@example.test`;
      await fillForm(page, {
        name: `Dana <b>${theme}</b>`,
        email,
        topic: "Partnership",
        message: "Hello team! We run a <script>alert(1)</script> newsletter and would like to talk.",
      });
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByRole("heading", { level: 2, name: "Message sent" }).waitFor();
      const reference = (await page.getByTestId("contact-reference").textContent()) ?? "";
      expect(reference).toMatch(REFERENCE_PATTERN);
      await shot(page, `contact-sent-${size}`);
      sent.push({ theme, reference, email });

      // The acknowledgement went to the address given, with the reference.
      expect(outbox(j.server, email).map((m) => m.subject)).toEqual([
        `We received your message (ref. ${reference})`,
      ]);
    }

    // A member writes from their account's address: filled in and locked.
    member = await signUp(newAccount("member"));
    const mine = await j.open({ as: member, viewport: "mobile" });
    await mine.goto("/contact");
    const memberEmail = mine.getByLabel("Email");
    await expect.poll(() => memberEmail.inputValue()).toBe(member.email);
    expect(await memberEmail.getAttribute("readonly")).not.toBeNull();
    expect(await mine.getByLabel("Name").inputValue()).toBe(member.username);
  });

  it("an admin reads the messages in the inbox and answers one by e-mail", async () => {
    expect(sent).toHaveLength(4);
    // The admin's inbox lists the four messages, newest first, each as text (no markup ran or rendered).
    for (const [theme, viewport] of LOOKS) {
      const page = await j.open({ as: admin, theme, viewport });
      await page.goto("/admin/messages");
      await page.getByRole("heading", { level: 2, name: "Messages" }).waitFor();
      const rows = page.getByRole("list", { name: "Messages" }).getByRole("link");
      await expect.poll(() => rows.count()).toBe(4);
      expect(await rows.first().textContent()).toContain(sent.at(-1)?.reference);
      expect(await rows.first().textContent()).toContain("Dana <b>dark</b>");
      await shot(page, `admin-messages-${theme}-${width(viewport)}`);
    }

    // The admin opens the first message, assigns it to themself, and answers it.
    const first = sent[0] as (typeof sent)[number];
    const page = await j.open({ as: admin, theme: "dark", viewport: "desktop" });
    await page.goto("/admin/messages?status=new");
    await page.getByRole("link", { name: new RegExp(`Message ${first.reference}`) }).click();
    await page.getByRole("heading", { level: 2, name: "Partnership" }).waitFor();
    const thread = page.getByRole("list", { name: "Thread" });
    expect(await thread.textContent()).toContain("<script>alert(1)</script>");
    await page.getByLabel("Assigned to").selectOption({ label: `@${admin.username}` });
    await toast(page, CONTACT_M.updated).waitFor();
    await expect.poll(() => page.getByLabel("Status").inputValue()).toBe("open");

    const reply = "Thanks for writing! Monday at 10:00 UTC works for us.";
    await page.getByLabel(`Reply by e-mail to ${first.email}`).fill(reply);
    await page.getByRole("button", { name: "Send reply" }).click();
    await toast(page, CONTACT_M.replySent).waitFor();
    await thread.getByText(reply).waitFor();
    await expect.poll(() => page.getByLabel("Status").inputValue()).toBe("answered");
    // Read again from the server, without the toast over the reply box.
    await page.reload();
    await thread.getByText(reply).waitFor();
    await shot(page, "admin-message-answered-dark-1280");

    const replyMail = outbox(j.server, first.email).find((m) => m.subject.startsWith("Re: "));
    expect(replyMail?.subject).toBe(`Re: your message to Plugs & Rugs (ref. ${first.reference})`);

    // An open inbox shows a new message as it arrives (the admins' notification event refreshes it).
    const inbox = await j.open({ as: admin });
    await gotoLive(inbox, "/admin/messages");
    const rows = inbox.getByRole("list", { name: "Messages" }).getByRole("link");
    await expect.poll(() => rows.count()).toBe(4);
    const late = await fetch(`${j.server.url}/api/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: j.server.url,
        cookie: member.cookie,
        "x-captcha-token": await solvedAltcha(j.server.url),
      },
      body: JSON.stringify({
        name: "Member",
        email: member.email,
        topic: "account",
        message: "Please help with my account.",
      }),
    });
    expect(late.status).toBe(201);
    await expect.poll(() => rows.count()).toBe(5);
    expect(await rows.first().textContent()).toContain("Please help with my account.");

    const phone = await j.open({ as: admin, theme: "light", viewport: "mobile" });
    await phone.goto(page.url().replace(j.server.url, ""));
    await phone.getByText(reply).waitFor();
    await shot(phone, "admin-message-answered-light-390");
  });
});
