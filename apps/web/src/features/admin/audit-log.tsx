import { ADMIN_M, AUDIT_ACTIONS, type TAdminAuditEntry } from "@plugs/domain";
import { ScrollText } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { DateTime } from "../../components/date-time.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { fieldClasses, Input } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/cn.ts";
import type { TAuditFilters } from "./api.ts";
import { useAuditLog } from "./queries.ts";

const FILTER_KEYS = ["actor", "action", "from", "to"] as const;

/** A before/after value as plain text (never HTML): strings as they are, the rest as JSON. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function isChange(value: unknown): value is { before?: unknown; after?: unknown } {
  return typeof value === "object" && value !== null && ("before" in value || "after" in value);
}

function Detail({ detail }: { detail: Record<string, unknown> }) {
  const entries = Object.entries(detail);
  if (entries.length === 0) return null;
  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer font-medium text-muted hover:text-foreground">Details</summary>
      <dl className="mt-2 grid gap-x-3 gap-y-1 rounded-lg bg-surface-2 p-3 sm:grid-cols-[max-content_1fr]">
        {entries.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-mono text-muted">{key}</dt>
            <dd className="min-w-0 break-words">
              {isChange(value) ? (
                <>
                  {"before" in value ? (
                    <span className="text-rug line-through">{show(value.before)}</span>
                  ) : null}
                  {"before" in value ? " → " : null}
                  <span className="text-plug">{show(value.after)}</span>
                </>
              ) : (
                show(value)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export function AuditRow({ entry }: { entry: TAdminAuditEntry }) {
  return (
    <article className="rounded-2xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-md bg-surface-2 px-1.5 py-0.5 font-medium">
          {AUDIT_ACTIONS[entry.action] ?? entry.action}
        </span>
        <span className="font-medium text-muted">@{entry.actor.username || "deleted"}</span>
        <DateTime value={entry.createdAt} className="ml-auto text-muted" />
      </div>
      <p className="mt-2 text-sm break-words">{entry.summary}</p>
      <p className="mt-1 text-xs text-muted">
        {entry.targetType}
        {entry.targetId ? <span className="font-mono"> {entry.targetId}</span> : null}
      </p>
      <Detail detail={entry.detail} />
    </article>
  );
}

function Filters({ value, onApply }: { value: TAuditFilters; onApply: (next: TAuditFilters) => void }) {
  const [draft, setDraft] = useState(value);
  const rangeError = draft.from && draft.to && draft.from > draft.to ? ADMIN_M.auditRangeInvalid : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!rangeError) onApply(draft);
  };
  const set = (key: keyof TAuditFilters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value || undefined }));
  return (
    <form
      onSubmit={submit}
      aria-label="Filter the audit log"
      className="grid grid-cols-2 gap-3 rounded-2xl border border-border bg-surface p-4 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
    >
      <Field label="Admin" className="col-span-2 sm:col-span-1">
        {(props) => (
          <Input {...props} value={draft.actor ?? ""} onChange={set("actor")} placeholder="username" />
        )}
      </Field>
      <Field label="Action" className="col-span-2 sm:col-span-1">
        {(props) => (
          <select
            {...props}
            value={draft.action ?? ""}
            onChange={set("action")}
            className={cn(fieldClasses, "h-10")}
          >
            <option value="">Every action</option>
            {Object.entries(AUDIT_ACTIONS).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="From">
        {(props) => <Input {...props} type="date" value={draft.from ?? ""} onChange={set("from")} />}
      </Field>
      <Field label="To" error={rangeError}>
        {(props) => <Input {...props} type="date" value={draft.to ?? ""} onChange={set("to")} />}
      </Field>
      <Button type="submit" className="col-span-2 h-10 lg:col-span-1">
        Filter
      </Button>
    </form>
  );
}

/**
 * /admin/audit: every admin action, newest first, read-only; the filters live in the URL, more load on demand
 * (the server's keyset cursor).
 */
export function AdminAudit() {
  const [params, setParams] = useSearchParams();
  const filters: TAuditFilters = {};
  for (const key of FILTER_KEYS) {
    const v = params.get(key);
    if (v) filters[key] = v;
  }
  const query = useAuditLog(filters);
  const apply = (next: TAuditFilters) => {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key]) search.set(key, String(next[key]));
    setParams(search);
  };
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="admin-audit-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="admin-audit-heading" className="text-xl font-semibold">
          Audit log
        </h2>
        <p className="mt-1 text-sm text-muted">
          Every admin action, who took it and what changed. Read-only.
        </p>
      </div>
      <Filters key={params.toString()} value={filters} onApply={apply} />
      {query.isPending ? (
        <Spinner label="Loading the audit log" className="text-accent" />
      ) : query.isError ? (
        <LoadError
          look="inset"
          title={query.error.message}
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : items.length === 0 ? (
        <p className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border bg-surface p-6 text-center text-sm text-muted">
          <ScrollText className="size-5" aria-hidden />
          {ADMIN_M.auditEmpty}
        </p>
      ) : (
        <>
          <ul aria-label="Admin actions" className="flex flex-col gap-3">
            {items.map((entry) => (
              <li key={entry.id}>
                <AuditRow entry={entry} />
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
