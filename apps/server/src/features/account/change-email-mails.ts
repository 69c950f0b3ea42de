import { eq } from "drizzle-orm";
import type { TDeps } from "../../context.ts";
import { users } from "../../db/schema/index.ts";
import { linkMail, type TMailer, textMail } from "../../lib/mailer.ts";

/**
 * better-auth's verification mail for an address change names the new address as the user's e-mail while the
 * stored one is still the old: then this sends the confirmation link to the new address and tells the old one,
 * and answers true. For an ordinary verification (the addresses match) it sends nothing and answers false.
 */
export async function sendChangeEmailMails(
  deps: TDeps,
  mailer: TMailer,
  change: { userId: string; newEmail: string; url: string },
): Promise<boolean> {
  const [stored] = await deps.db
    .select({ email: users.email, username: users.displayUsername })
    .from(users)
    .where(eq(users.id, change.userId));
  if (!stored || stored.email.toLowerCase() === change.newEmail.toLowerCase()) return false;
  await mailer.send(
    linkMail({
      to: change.newEmail,
      subject: "Confirm your new e-mail for Plugs & Rugs",
      intro: `Someone (hopefully you) asked to use this address for the Plugs & Rugs account ${stored.username ?? ""}.`,
      action: "Confirm this e-mail address",
      link: change.url,
      outro: "The link expires in 24 hours. Until it is opened, the account keeps its old address.",
    }),
  );
  await mailer.send(
    textMail({
      to: stored.email,
      subject: "Your Plugs & Rugs e-mail address is being changed",
      paragraphs: [
        `Someone signed in to your Plugs & Rugs account asked to change its e-mail address to ${change.newEmail}. The change happens when the link we sent there is opened.`,
        `If this was not you, change your password now in Dashboard > Security (${deps.config.publicUrl}/dashboard/security) and contact us at ${deps.config.publicUrl}/contact.`,
      ],
    }),
  );
  return true;
}
