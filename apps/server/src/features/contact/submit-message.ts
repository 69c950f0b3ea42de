import { randomInt } from "node:crypto";
import { CONTACT_M, type TContactReceipt, type TContactRequest } from "@plugs/domain";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { TDeps, TViewer } from "../../context.ts";
import { contactMessages, userRoles } from "../../db/schema/index.ts";
import { AppError, isUniqueViolation } from "../../errors.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { requireCaptcha } from "../auth/captcha.ts";
import { notify } from "../notifications/notify.ts";
import { checkContactAllowed } from "./contact-limits.ts";
import { acknowledgement, adminNotice, sendQuietly } from "./contact-mail.ts";

/** The reference alphabet: no 0/O or 1/I/L to misread (REFERENCE_PATTERN in the domain). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function newReference(): string {
  const pick = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${pick()}-${pick()}`;
}

/**
 * POST /api/contact: a visitor's or a member's message. In order: a member writes from their account's e-mail; a
 * filled honeypot is answered like a success; the captcha (as sign-up checks it); the limits per address and per
 * e-mail. Then the message is stored and each admin notified (bell and live event) in one transaction, and the
 * sender's acknowledgement (and the CONTACT_EMAIL copy) is mailed once it is committed.
 */
export async function submitMessage(
  deps: TDeps,
  c: Context,
  viewer: TViewer | null,
  input: TContactRequest,
): Promise<TContactReceipt> {
  if (viewer && input.email.toLowerCase() !== viewer.email.toLowerCase()) {
    throw new AppError("VALIDATION", CONTACT_M.memberEmail, { fields: { email: CONTACT_M.memberEmail } });
  }
  // The honeypot field is hidden from people, so only a bot fills it. It gets the answer a person would get (a
  // reference number that names nothing), so it learns nothing to adapt to; nothing is stored, mailed or counted.
  if (input.website?.trim()) return { reference: newReference() };

  await requireCaptcha(deps, c);
  const ip = clientIp(c, deps.config);
  await checkContactAllowed(deps, { ip, email: input.email });

  const sent = await deps.db.transaction(async (tx) => {
    let row: { id: string; reference: string } | undefined;
    // A reference is 31^8 to one; a clash is retried with a fresh one, inside a savepoint so the transaction lives.
    for (let attempt = 0; !row; attempt++) {
      try {
        [row] = await tx.transaction((sp) =>
          sp
            .insert(contactMessages)
            .values({
              reference: newReference(),
              userId: viewer?.id ?? null,
              name: input.name,
              email: input.email,
              topic: input.topic,
              message: input.message,
              ip,
            })
            .returning({ id: contactMessages.id, reference: contactMessages.reference }),
        );
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 3) throw err;
      }
    }
    const admins = await tx
      .select({ id: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, "admin"));
    await notify(
      tx,
      admins.map((admin) => ({
        kind: "contact_message" as const,
        userId: admin.id,
        actorId: viewer?.id ?? null,
        messageId: (row as { id: string }).id,
      })),
    );
    return row;
  });

  const details = { ...sent, name: input.name, email: input.email, topic: input.topic };
  await sendQuietly(deps, acknowledgement(details));
  if (deps.config.contactEmail) {
    await sendQuietly(
      deps,
      adminNotice(deps, deps.config.contactEmail, { ...details, message: input.message }),
    );
  }
  return { reference: sent.reference };
}
