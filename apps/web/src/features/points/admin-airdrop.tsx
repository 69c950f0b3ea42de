import { zodResolver } from "@hookform/resolvers/zod";
import { M, POINTS_LIMITS, parseUsernameList, type TAirdropForm, ZAirdropForm } from "@plugs/domain";
import { Gift } from "lucide-react";
import { type FocusEvent, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { AdminQuery } from "../../components/admin-list.tsx";
import { keysetPager, Pager } from "../../components/pager.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatDate } from "../../lib/format.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useAirdrops, useCreateAirdrop, useRecipientSuggestions } from "./queries.ts";

type TMode = "one" | "many";

/** Members whose username starts with what the admin typed (users only, not KOLs). */
function useUserSuggestions(q: string) {
  return useRecipientSuggestions(useDebouncedValue(q.trim().replace(/^@/, ""), 200));
}

function AirdropForm() {
  const [mode, setMode] = useState<TMode>("one");
  const [suggestOpen, setSuggestOpen] = useState(false);
  const create = useCreateAirdrop();
  const form = useForm<TAirdropForm, unknown, z.output<typeof ZAirdropForm>>({
    resolver: zodResolver(ZAirdropForm),
    defaultValues: { recipients: "", points: "", reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const recipients = form.watch("recipients");
  const suggestions = useUserSuggestions(mode === "one" && suggestOpen ? recipients : "");
  const boxRef = useRef<HTMLDivElement>(null);
  // Closes only when focus leaves the field and its suggestions, so Tab can reach them.
  const closeIfFocusLeft = (e: FocusEvent<HTMLElement>) => {
    if (!boxRef.current?.contains(e.relatedTarget as Node | null)) setSuggestOpen(false);
  };
  const parsed = mode === "many" ? parseUsernameList(recipients) : [];

  const submit = form.handleSubmit(async (values) => {
    const names = parseUsernameList(values.recipients);
    try {
      const result = await create.mutateAsync(
        mode === "one"
          ? { username: names[0], points: values.points, reason: values.reason }
          : { usernames: names, points: values.points, reason: values.reason },
      );
      toast.success(M.points.airdropSent(values.points, result.items.length));
      form.reset({ recipients: "", points: "", reason: "" });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      // The server names the unknown usernames on `username` / `usernames`; both belong to the recipients field.
      const recipientError = fields?.username ?? fields?.usernames;
      if (recipientError) form.setError("recipients", { message: recipientError });
      if (fields?.points) form.setError("points", { message: fields.points });
      if (fields?.reason) form.setError("reason", { message: fields.reason });
      if (!recipientError && !fields?.points && !fields?.reason) {
        toast.error(err instanceof ApiError ? err.message : M.points.airdropFailed);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Airdrop points">
      <Tabs
        value={mode}
        onValueChange={(value) => {
          setMode(value as TMode);
          form.clearErrors("recipients");
        }}
      >
        <TabsList aria-label="Recipients">
          <TabsTrigger value="one">One user</TabsTrigger>
          <TabsTrigger value="many">Paste many usernames</TabsTrigger>
        </TabsList>
      </Tabs>
      {mode === "one" ? (
        <Field label="Username" error={errors.recipients?.message}>
          {(props) => (
            <div className="relative" ref={boxRef}>
              <Input
                {...props}
                {...form.register("recipients", {
                  onChange: () => setSuggestOpen(true),
                  onBlur: closeIfFocusLeft,
                })}
                onKeyDown={(e) => {
                  if (e.key === "Escape") setSuggestOpen(false);
                }}
                autoComplete="off"
                placeholder="username"
              />
              {suggestOpen && suggestions.data && suggestions.data.length > 0 ? (
                <ul
                  aria-label="Matching users"
                  className="absolute inset-x-0 top-full z-10 mt-1 max-h-64 overflow-auto rounded-xl border border-border bg-surface p-1 shadow-panel"
                >
                  {suggestions.data.map((s) =>
                    s.type === "user" ? (
                      <li key={s.id}>
                        <button
                          type="button"
                          className="flex w-full cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-surface-2 focus-visible:bg-surface-2"
                          onMouseDown={(e) => e.preventDefault()}
                          onBlur={closeIfFocusLeft}
                          onClick={() => {
                            form.setValue("recipients", s.username, { shouldValidate: true });
                            setSuggestOpen(false);
                          }}
                        >
                          <Avatar src={s.avatarUrl} name={s.username} className="size-7" />@{s.username}
                        </button>
                      </li>
                    ) : null,
                  )}
                </ul>
              ) : null}
            </div>
          )}
        </Field>
      ) : (
        <Field
          label="Usernames"
          error={errors.recipients?.message}
          hint={`Separate with spaces, commas or new lines (at most ${POINTS_LIMITS.maxAirdropRecipients}). ${parsed.length} ${parsed.length === 1 ? "user" : "users"}.`}
        >
          {(props) => (
            <Textarea
              {...props}
              {...form.register("recipients")}
              rows={5}
              placeholder={"alice\nbob, @carol"}
            />
          )}
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <Field label="Points" error={errors.points?.message}>
          {(props) => <Input {...props} {...form.register("points")} inputMode="numeric" placeholder="100" />}
        </Field>
        <Field label="Reason" error={errors.reason?.message}>
          {(props) => (
            <Input
              {...props}
              {...form.register("reason")}
              maxLength={POINTS_LIMITS.maxAirdropReason}
              placeholder="Community contest winner"
            />
          )}
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : <Gift aria-hidden />} Send airdrop
        </Button>
      </div>
    </form>
  );
}

function AirdropAudit() {
  // Pages are keyset reads: a page is the cursor it was reached by (none for the first).
  const [cursor, setCursor] = useState<string | null>(null);
  const query = useAirdrops(cursor);
  return (
    <AdminQuery
      query={query}
      loading="Loading airdrops"
      isEmpty={(data) => data.items.length === 0}
      empty={<p className="py-4 text-sm text-muted">No airdrops yet.</p>}
      onStale={cursor ? () => setCursor(null) : undefined}
    >
      {(data) => (
        <>
          <ul aria-label="Airdrops" className="divide-y divide-border">
            {data.items.map((a) => (
              <li key={a.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-3 text-sm">
                <span className="font-semibold tabular-nums text-plug">
                  +{a.points.toLocaleString("en-US")}
                </span>
                <span>
                  to <span className="font-medium">@{a.recipient}</span> by{" "}
                  <span className="font-medium">@{a.admin}</span>
                </span>
                <span className="min-w-0 flex-[1_1_12rem] break-words text-muted">{a.reason}</span>
                <time dateTime={a.createdAt} className="text-xs text-muted">
                  {formatDate(a.createdAt)}
                </time>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <Pager {...keysetPager(data, setCursor, "Airdrop pages")} />
          </div>
        </>
      )}
    </AdminQuery>
  );
}

/** The admin dashboard's airdrop panel: grant points to one member or many at once, and the audit list. */
export function AdminAirdrops() {
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Airdrop points</h2>
        <p className="mt-1 text-sm text-muted">
          Every recipient gets the same amount. A list is all or nothing: one unknown username sends nothing.
        </p>
        <div className="mt-5">
          <AirdropForm />
        </div>
      </section>
      <section className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <h2 className="text-lg font-semibold">Airdrop history</h2>
        <div className="mt-3">
          <AirdropAudit />
        </div>
      </section>
    </div>
  );
}
