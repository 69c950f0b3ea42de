import { CONTACT_M } from "@plugs/domain";
import { CircleCheck, Clock, Mail, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { usePageTitle } from "../site/queries.ts";
import { ContactForm } from "./contact-form.tsx";

const NOTES = [
  { icon: Mail, text: "We answer by e-mail, to the address you give." },
  { icon: Clock, text: "You get a reference number at once; quote it if you write again." },
  {
    icon: ShieldCheck,
    text: "To report a KOL with evidence, the report form is faster: moderators review it.",
  },
];

/** What the sender sees once the message is stored. */
function Confirmation({
  reference,
  email,
  onAnother,
}: {
  reference: string;
  email: string;
  onAnother: () => void;
}) {
  return (
    <section
      aria-labelledby="contact-sent-heading"
      className="flex flex-col items-start gap-3 rounded-2xl border border-plug/30 bg-surface p-6"
    >
      <CircleCheck className="size-8 text-plug" aria-hidden />
      <h2 id="contact-sent-heading" className="text-xl font-semibold">
        {CONTACT_M.sent}
      </h2>
      <p className="text-sm text-muted">
        Thank you for writing. We sent an acknowledgement to{" "}
        <span className="font-medium break-all text-foreground">{email}</span> and will answer there.
      </p>
      <p className="text-sm">
        Your reference number:{" "}
        <strong data-testid="contact-reference" className="font-mono text-base tracking-wider">
          {reference}
        </strong>
      </p>
      <Button variant="secondary" size="sm" onClick={onAnother} className="mt-2">
        Send another message
      </Button>
    </section>
  );
}

/** /contact: the contact form for visitors and members, then its confirmation with the reference number. */
export default function ContactPage() {
  usePageTitle("Contact");
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  return (
    <div className={PAGE_WIDTH.wide}>
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact</h1>
        <p className="mt-3 text-base text-pretty text-muted sm:text-lg">
          A question about your account, a partnership or a press request? Write to the team.
        </p>
      </header>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {sent ? <Confirmation {...sent} onAnother={() => setSent(null)} /> : <ContactForm onSent={setSent} />}
        <aside
          aria-labelledby="contact-notes"
          className="h-fit rounded-2xl border border-border bg-surface p-5"
        >
          <h2 id="contact-notes" className="text-base font-semibold">
            Good to know
          </h2>
          <ul className="mt-3 flex flex-col gap-3 text-sm text-muted">
            {NOTES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-2">
                <Icon className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
