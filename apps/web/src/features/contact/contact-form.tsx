import { zodResolver } from "@hookform/resolvers/zod";
import {
  CONTACT_LIMITS,
  CONTACT_M,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  type TContactFormInput,
  type TContactRequest,
  ZContactRequest,
} from "@plugs/domain";
import { Lock, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { fieldClasses, Input, Textarea } from "../../components/ui/input.tsx";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { applyFieldErrors } from "../auth/auth-errors.ts";
import { CaptchaWidget, type TCaptchaHandle } from "../auth/captcha-widget.tsx";
import { useSession } from "../auth/session.ts";
import { sendContactMessage } from "./api.ts";

const FIELDS = ["name", "email", "topic", "message"] as const;

/**
 * The contact form: name, e-mail (a member's is their account's, locked), topic, message, the captcha sign-up uses,
 * and a honeypot field people never see. `onSent` gets the reference number and the address acknowledged.
 */
export function ContactForm({ onSent }: { onSent: (sent: { reference: string; email: string }) => void }) {
  const { session } = useSession();
  const accountEmail = session?.user.email ?? null;
  const captcha = useRef<TCaptchaHandle>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TContactFormInput, unknown, TContactRequest>({
    resolver: zodResolver(ZContactRequest),
    defaultValues: { name: "", email: "", topic: "" as TContactFormInput["topic"], message: "", website: "" },
  });
  const { errors, isSubmitting } = form.formState;

  // A member's session may arrive after the form: fill in their address (locked) and, if still empty, their name.
  useEffect(() => {
    if (!session) return;
    form.setValue("email", session.user.email);
    if (!form.getValues("name")) form.setValue("name", session.profile.username);
  }, [session, form]);

  const length = form.watch("message")?.length ?? 0;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const token = (await captcha.current?.getToken()) ?? null;
    try {
      const { reference } = await sendContactMessage(values, token);
      onSent({ reference, email: values.email });
    } catch (err) {
      captcha.current?.reset();
      applyFieldErrors(err, form.setError, FIELDS);
      const onAField = err instanceof ApiError && FIELDS.some((f) => err.fields?.[f]);
      if (!onAField)
        setFailure(err instanceof ApiError && err.status < 500 ? err.message : CONTACT_M.sendFailed);
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Contact form"
      className="relative flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(props) => (
            <Input
              {...props}
              {...form.register("name")}
              autoComplete="name"
              maxLength={CONTACT_LIMITS.nameMax}
            />
          )}
        </Field>
        <Field
          label="Email"
          error={errors.email?.message}
          hint={
            accountEmail ? (
              <span className="inline-flex items-center gap-1">
                <Lock className="size-3" aria-hidden /> Your account's address
              </span>
            ) : (
              "We answer here."
            )
          }
        >
          {(props) => (
            <Input
              {...props}
              {...form.register("email")}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              readOnly={!!accountEmail}
              aria-readonly={accountEmail ? true : undefined}
              className={accountEmail ? "cursor-not-allowed bg-surface-2 text-muted" : undefined}
            />
          )}
        </Field>
      </div>
      <Field label="Topic" error={errors.topic?.message}>
        {(props) => (
          <select {...props} {...form.register("topic")} className={cn(fieldClasses, "h-10")}>
            <option value="" disabled>
              Choose a topic
            </option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {CONTACT_TOPIC_LABELS[topic]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Message"
        error={errors.message?.message}
        hint={`${length.toLocaleString("en-US")} / ${CONTACT_LIMITS.messageMax.toLocaleString("en-US")} characters (at least ${CONTACT_LIMITS.messageMin})`}
      >
        {(props) => (
          <Textarea
            {...props}
            {...form.register("message")}
            rows={7}
            maxLength={CONTACT_LIMITS.messageMax}
            className="min-h-40"
          />
        )}
      </Field>
      {/* The honeypot: off-screen and hidden from assistive technology, so only a bot fills it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input {...form.register("website")} type="text" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <CaptchaWidget ref={captcha} />
      {failure ? (
        <p
          role="alert"
          className="rounded-lg border border-rug/30 bg-rug-soft px-3 py-2 text-sm font-medium text-rug"
        >
          {failure}
        </p>
      ) : null}
      <Button
        type="submit"
        busy={isSubmitting}
        busyLabel={CONTACT_M.busySending}
        className="w-full sm:w-auto sm:self-end"
      >
        <Send aria-hidden /> Send Message
      </Button>
    </form>
  );
}
