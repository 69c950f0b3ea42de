import { CONTACT_TOPIC_LABELS, type TContactTopic } from "@plugs/domain";
import type { TDeps } from "../../context.ts";
import { getMailer, textMail } from "../../lib/mailer.ts";

/*
 * The contact area's e-mails, all plain text (their HTML twin escapes every paragraph: lib/mailer.ts textMail).
 * The acknowledgement quotes nothing the sender wrote: a form that mails its input back to any address it is given
 * would let anyone send our mail with their words to strangers.
 */

type TSent = { id: string; reference: string; name: string; email: string; topic: TContactTopic };

/** To the sender: we have it, and here is its reference number. */
export function acknowledgement(sent: TSent) {
  return textMail({
    to: sent.email,
    subject: `We received your message (ref. ${sent.reference})`,
    paragraphs: [
      "Thank you for writing to Plugs & Rugs.",
      `We received your message about "${CONTACT_TOPIC_LABELS[sent.topic]}" and will answer by e-mail to this address. Your reference number is ${sent.reference}; please quote it if you write again.`,
      "If you did not send this message, you can ignore this e-mail.",
    ],
  });
}

/** To CONTACT_EMAIL: a new message, in full, with the link to it in the admin inbox. */
export function adminNotice(deps: TDeps, to: string, sent: TSent & { message: string }) {
  const link = `${deps.config.publicUrl}/admin/messages/${sent.id}`;
  const mail = textMail({
    to,
    subject: `New contact message ${sent.reference}: ${CONTACT_TOPIC_LABELS[sent.topic]}`,
    paragraphs: [
      `From: ${sent.name} <${sent.email}>`,
      `Topic: ${CONTACT_TOPIC_LABELS[sent.topic]}`,
      sent.message,
      `Answer it in the admin inbox: ${link}`,
    ],
  });
  return { ...mail, links: [link] };
}

/** To the sender: an admin's reply, with the reference of the thread. */
export function replyMail(message: { reference: string; email: string; name: string }, body: string) {
  return textMail({
    to: message.email,
    subject: `Re: your message to Plugs & Rugs (ref. ${message.reference})`,
    paragraphs: [body, `— The Plugs & Rugs team (reference ${message.reference})`],
  });
}

/** Sends a mail that should not fail the request it follows (the message is stored either way); logs a failure. */
export async function sendQuietly(deps: TDeps, mail: Parameters<ReturnType<typeof getMailer>["send"]>[0]) {
  try {
    await getMailer(deps).send(mail);
  } catch (err) {
    deps.logger.error({ err, subject: mail.subject }, "contact e-mail could not be sent");
  }
}
