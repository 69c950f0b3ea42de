import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import type { TE2EServer } from "./server.ts";

export type TAccount = { email: string; username: string; password: string };

/** A fresh account's details (random, so journeys never collide). */
export function newAccount(prefix = "member"): TAccount {
  const tag = randomBytes(4).toString("hex");
  return {
    email: `${prefix}.${tag}@example.test`,
    username: `${prefix}_${tag}`,
    password: `Pw-${tag}-Strong1`,
  };
}

/** POST to the API as a browser on the site would (better-auth requires the Origin header). */
export function postJson(server: TE2EServer, pathname: string, body: unknown, cookie = "") {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/**
 * Signs an account up through the API and, unless `verified: false`, opens the link of its verification e-mail as
 * its owner would, which signs in (posts, comments, reports, communities and giveaway entries need a verified
 * e-mail); unverified, it signs in with its password. Returns it with its session cookie and id.
 */
export async function signUpByApi(
  server: TE2EServer,
  account = newAccount(),
  { verified = true }: { verified?: boolean } = {},
) {
  const res = await postJson(server, "/api/auth/sign-up/email", { ...account, acceptTerms: true });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const signedIn = verified
    ? await openVerificationLink(server, account.email)
    : await postJson(server, "/api/auth/sign-in/email", { email: account.email, password: account.password });
  if (!signedIn.ok && signedIn.status !== 302) throw new Error(`signing in failed: ${signedIn.status}`);
  const cookie = cookieOf(signedIn);
  const me = await fetch(`${server.url}/api/me`, { headers: { cookie } });
  if (!me.ok) throw new Error(`no session after sign-up: ${me.status}`);
  const id = ((await me.json()) as { user: { id: string } }).user.id;
  return { ...account, cookie, id };
}

/** The Cookie header value of a response's Set-Cookie lines. */
export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** The link of the newest verification e-mail sent to `email` (waiting up to 10 s for it to be written). */
export async function verificationLink(server: TE2EServer, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = outbox(server, email).findLast((m) => m.subject === "Verify your e-mail for Plugs & Rugs");
    const link = mail?.links.find((l) => l.includes("/api/auth/verify-email"));
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no verification e-mail reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Opens the newest verification link sent to `email` in the page, as its owner would from their inbox: it signs in
 * and lands where the sign-up was made (or its ?next=).
 */
export async function followVerificationLink(page: Page, server: TE2EServer, email: string) {
  await page.goto(await verificationLink(server, email));
}

/** Opens the newest verification link sent to `email` outside the browser; its answer carries the session cookie. */
export async function openVerificationLink(server: TE2EServer, email: string): Promise<Response> {
  const opened = await fetch(await verificationLink(server, email), { redirect: "manual" });
  if (opened.status >= 400) throw new Error(`verification link failed: ${opened.status}`);
  return opened;
}

/** An account signed up by signUpByApi: its details, session cookie and user id. */
export type TSignedUp = Awaited<ReturnType<typeof signUpByApi>>;

/** POST /api/posts as `member` (text only, on PlugFeed); returns the new post's id. */
export async function createPostByApi(server: TE2EServer, member: { cookie: string }, content: string) {
  const form = new FormData();
  form.set("content", content);
  const res = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { cookie: member.cookie, origin: server.url },
    body: form,
  });
  if (res.status !== 201) throw new Error(`creating a post failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** The e-mails written to the server's outbox for `to` (no SMTP_URL in tests), oldest first. */
export function outbox(server: TE2EServer, to: string): { subject: string; links: string[] }[] {
  const dir = path.join(server.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map(
      (name) =>
        JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as {
          to: string;
          subject: string;
          links: string[];
        },
    )
    .filter((mail) => mail.to === to);
}
