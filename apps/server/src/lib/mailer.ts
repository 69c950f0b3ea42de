import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { TConfig } from "../config.ts";
import type { TLogger } from "../logger.ts";

export type TMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message asks the reader to open (written to the outbox and logged). */
  links: string[];
};

export type TMailer = { send(mail: TMail): Promise<void> };

const mailers = new WeakMap<object, TMailer>();

/**
 * One mailer per set of deps: SMTP when SMTP_URL is set; otherwise each message becomes a JSON file in
 * DATA_DIR/outbox/ (`<timestamp>-<to>-<random>.json` with to, from, subject, text, html, links) and its links are
 * logged, so e-mail flows work on a laptop and in tests.
 */
export function getMailer(deps: { config: TConfig; logger: TLogger }): TMailer {
  let mailer = mailers.get(deps);
  if (!mailer) {
    mailer = deps.config.smtpUrl
      ? smtpMailer(deps.config, deps.logger)
      : outboxMailer(deps.config, deps.logger);
    mailers.set(deps, mailer);
  }
  return mailer;
}

/** Replaces the mailer of these deps (scripts that should not send, tests that capture). */
export function setMailer(deps: object, mailer: TMailer) {
  mailers.set(deps, mailer);
}

function smtpMailer(config: TConfig, logger: TLogger): TMailer {
  const transport = nodemailer.createTransport(config.smtpUrl as string);
  return {
    async send(mail) {
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      logger.info({ to: mail.to, subject: mail.subject }, "e-mail sent");
    },
  };
}

export function outboxDir(config: Pick<TConfig, "dataDir">): string {
  return path.join(config.dataDir, "outbox");
}

function outboxMailer(config: TConfig, logger: TLogger): TMailer {
  const dir = outboxDir(config);
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const safeTo = mail.to.replace(/[^A-Za-z0-9@._-]/g, "_");
      const file = path.join(dir, `${Date.now()}-${safeTo}-${randomBytes(3).toString("hex")}.json`);
      const body = { ...mail, from: config.mailFrom, createdAt: new Date().toISOString() };
      await fs.writeFile(file, `${JSON.stringify(body, null, 2)}\n`);
      logger.info(
        { to: mail.to, subject: mail.subject, links: mail.links, file },
        "e-mail written to the outbox",
      );
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A plain message with one call-to-action link, as text and as simple HTML. */
export function linkMail(options: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
}): TMail {
  const text = `${options.intro}\n\n${options.action}: ${options.link}\n\n${options.outro}\n`;
  const html = `<p>${escapeHtml(options.intro)}</p><p><a href="${escapeHtml(options.link)}">${escapeHtml(options.action)}</a></p><p>${escapeHtml(options.outro)}</p>`;
  return { to: options.to, subject: options.subject, text, html, links: [options.link] };
}

/**
 * A plain message of paragraphs, as text and as HTML with every paragraph escaped: what anyone typed (a contact
 * message, a reply) is never markup in anyone's mail client.
 */
export function textMail(options: { to: string; subject: string; paragraphs: string[] }): TMail {
  const text = `${options.paragraphs.join("\n\n")}\n`;
  const html = options.paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join("");
  return { to: options.to, subject: options.subject, text, html, links: [] };
}
