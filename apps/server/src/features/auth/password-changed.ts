import type { TDeps, TViewer } from "../../context.ts";
import { getMailer, textMail } from "../../lib/mailer.ts";

/**
 * Tells an account's owner that its password was just changed (through the mailer, so over SMTP a `send-mail` job),
 * with what to do if it was not them.
 */
export async function mailPasswordChanged(deps: TDeps, viewer: TViewer, othersSignedOut: boolean) {
  await getMailer(deps).send(
    textMail({
      to: viewer.email,
      subject: "Your Plugs & Rugs password was changed",
      paragraphs: [
        `The password of your Plugs & Rugs account (${viewer.username}) was changed on ${new Date().toUTCString()}.`,
        othersSignedOut
          ? "Every other device signed in to your account was signed out."
          : "Devices already signed in stay signed in; you can sign them out from Dashboard > Security.",
        `If this was not you, reset your password now ("Forgot password?" at ${deps.config.publicUrl}/signin) and contact us at ${deps.config.publicUrl}/contact.`,
      ],
    }),
  );
}
