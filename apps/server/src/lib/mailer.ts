import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { TConfig } from "../config.ts";
import { PermanentJobError, type TJobRunner } from "../jobs/job-runner.ts";
import type { TLogger } from "../logger.ts";
import { escapeMarkup } from "./escape-markup.ts";

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

/** The job that delivers a message over SMTP (jobs/jobs.ts), retried with backoff while the server refuses it. */
export const SEND_MAIL_JOB = "send-mail";

/**
 * One mailer per set of deps: SMTP when SMTP_URL is set; otherwise each message becomes a JSON file in
 * DATA_DIR/outbox/ (`<timestamp>-<to>-<random>.json` with to, from, subject, text, html, links) and its links are
 * logged, so e-mail flows work on a laptop and in tests. Over SMTP, a running server queues each message as a job
 * (`send-mail`): a mail server that is down delays the e-mail instead of failing the request that sent it, and a
 * message it keeps refusing is kept failed, for an admin to retry (/admin/jobs). Without a job runner (one-off
 * scripts) the message is sent at once.
 */
export function getMailer(deps: { config: TConfig; logger: TLogger; jobs?: TJobRunner }): TMailer {
  let mailer = mailers.get(deps);
  if (!mailer) {
    if (deps.config.smtpUrl) {
      const smtp = smtpMailer(deps.config, deps.logger);
      // Read at send time: the job runner starts after the mailer is first asked for.
      mailer = {
        async send(mail) {
          if (deps.jobs) await deps.jobs.send(SEND_MAIL_JOB, mail);
          else await smtp.send(mail);
        },
      };
    } else {
      mailer = outboxMailer(deps.config, deps.logger);
    }
    mailers.set(deps, mailer);
  }
  return mailer;
}

/**
 * Delivers a queued message over SMTP now (the send-mail job's work); throws what the SMTP server answered. A
 * permanent refusal (a 5xx reply: no such mailbox, sender not allowed) is not retried: the job is kept failed at
 * once with the server's answer, for an admin to retry once the cause is mended. A temporary one (4xx, no answer)
 * is retried with backoff.
 */
export async function deliverMail(deps: { config: TConfig; logger: TLogger }, mail: TMail): Promise<void> {
  try {
    await smtpMailer(deps.config, deps.logger).send(mail);
  } catch (err) {
    const code = (err as { responseCode?: unknown }).responseCode;
    if (typeof code === "number" && code >= 500 && code < 600) {
      throw new PermanentJobError((err as Error).message, { cause: err });
    }
    throw err;
  }
}

/** Replaces the mailer of these deps (scripts that should not send, tests that capture). */
export function setMailer(deps: object, mailer: TMailer) {
  mailers.set(deps, mailer);
}

const transports = new Map<string, ReturnType<typeof nodemailer.createTransport>>();

function smtpMailer(config: TConfig, logger: TLogger): TMailer {
  const url = config.smtpUrl as string;
  const transport = transports.get(url) ?? nodemailer.createTransport(url);
  transports.set(url, transport);
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
      // Written whole under another name, then renamed: whoever reads the outbox never finds half a message.
      await fs.writeFile(`${file}.part`, `${JSON.stringify(body, null, 2)}\n`);
      await fs.rename(`${file}.part`, file);
      logger.info(
        { to: mail.to, subject: mail.subject, links: mail.links, file },
        "e-mail written to the outbox",
      );
    },
  };
}

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
  const html = `<p>${escapeMarkup(options.intro)}</p><p><a href="${escapeMarkup(options.link)}">${escapeMarkup(options.action)}</a></p><p>${escapeMarkup(options.outro)}</p>`;
  return { to: options.to, subject: options.subject, text, html, links: [options.link] };
}

/**
 * A plain message of paragraphs, as text and as HTML with every paragraph escaped: what anyone typed (a contact
 * message, a reply) is never markup in anyone's mail client.
 */
export function textMail(options: { to: string; subject: string; paragraphs: string[] }): TMail {
  const text = `${options.paragraphs.join("\n\n")}\n`;
  const html = options.paragraphs
    .map((p) => `<p style="white-space:pre-wrap">${escapeMarkup(p)}</p>`)
    .join("");
  return { to: options.to, subject: options.subject, text, html, links: [] };
}
