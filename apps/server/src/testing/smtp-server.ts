import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type TTestSmtp = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** The messages accepted so far, oldest first: their recipients and the raw message. */
  delivered: { to: string; raw: string }[];
  /** What the server answers a recipient from now on: a refusal (its code and text), or null to accept. */
  refuse(refusal: { code: number; text: string } | null): void;
  close(): Promise<void>;
};

/** A local mail server speaking SMTP (smtp-server), accepting every message until told to refuse. */
export async function startTestSmtp(): Promise<TTestSmtp> {
  let refusal: { code: number; text: string } | null = null;
  const delivered: TTestSmtp["delivered"] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusal) callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        delivered.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    delivered,
    refuse(next) {
      refusal = next;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
