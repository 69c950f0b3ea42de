import {
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  CONTACT_TOPIC_LABELS,
  type TContactMessageSummary,
  type TContactStatus,
} from "@plugs/domain";
import { MessageSquareReply, UserRound } from "lucide-react";
import { Link, Route, Routes, useSearchParams } from "react-router";
import { AdminEmpty, AdminQuery, AdminRows } from "../../components/admin-list.tsx";
import { keysetPager } from "../../components/pager.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { formatDate } from "../../lib/format.ts";
import { AdminMessage } from "./admin-message.tsx";
import { useMessages } from "./queries.ts";
import { MessageStatusPill } from "./status-pill.tsx";

type TFilter = TContactStatus | "all";
const FILTERS: TFilter[] = ["all", ...CONTACT_STATUSES];

function MessageRow({ message }: { message: TContactMessageSummary }) {
  return (
    <Link
      to={`/admin/messages/${message.id}`}
      aria-label={`Message ${message.reference} from ${message.name}`}
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-border-strong focus-visible:outline-2 focus-visible:outline-accent"
    >
      <div className="flex flex-wrap items-center gap-2">
        <MessageStatusPill status={message.status} />
        <span className="min-w-0 truncate font-semibold">{message.name}</span>
        <span className="rounded-md bg-surface-2 px-1.5 py-0.5 text-xs font-medium text-muted">
          {CONTACT_TOPIC_LABELS[message.topic]}
        </span>
        <time dateTime={message.createdAt} className="ml-auto text-xs text-muted">
          {formatDate(message.createdAt)}
        </time>
      </div>
      <p className="line-clamp-2 text-sm break-words text-muted">{message.preview}</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <span className="font-mono tracking-wide">{message.reference}</span>
        <span className="min-w-0 truncate">{message.email}</span>
        {message.assignee ? (
          <span className="inline-flex items-center gap-1">
            <UserRound className="size-3" aria-hidden /> @{message.assignee.username}
          </span>
        ) : null}
        {message.replyCount > 0 ? (
          <span className="inline-flex items-center gap-1">
            <MessageSquareReply className="size-3" aria-hidden /> {message.replyCount}{" "}
            {message.replyCount === 1 ? "reply" : "replies"}
          </span>
        ) : null}
      </p>
    </Link>
  );
}

/** The inbox: every message or one status, newest first, in pages; the filter and page live in the URL. */
function MessageList() {
  const [params, setParams] = useSearchParams();
  const status = (FILTERS as string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as TFilter)
    : "all";
  // A page other than the first is its cursor in the URL; another status starts at page 1.
  const cursor = params.get("cursor");
  const query = useMessages(status, cursor);
  const counts = query.data?.counts;
  const show = (next: { status?: TFilter; cursor?: string | null }) => {
    const s = next.status ?? status;
    const search = new URLSearchParams();
    if (s !== "all") search.set("status", s);
    if (next.cursor) search.set("cursor", next.cursor);
    setParams(search);
  };
  return (
    <section aria-labelledby="admin-messages-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-messages-heading" className="text-xl font-semibold">
          Messages
        </h2>
        <div className="-mx-4 max-w-[calc(100%+2rem)] overflow-x-auto px-4 sm:mx-0 sm:max-w-full sm:px-0">
          <Tabs value={status} onValueChange={(value) => show({ status: value as TFilter })}>
            <TabsList aria-label="Message status">
              {FILTERS.map((s) => (
                <TabsTrigger key={s} value={s}>
                  {s === "all" ? "All" : CONTACT_STATUS_LABELS[s]}
                  {s !== "all" && counts ? (
                    <span className="text-xs text-muted tabular-nums">
                      {counts[s]}
                      {query.data?.countsCapped[s] ? "+" : ""}
                    </span>
                  ) : null}
                </TabsTrigger>
              ))}
            </TabsList>
          </Tabs>
        </div>
      </div>
      <AdminQuery
        query={query}
        loading="Loading messages"
        onStale={cursor ? () => show({ cursor: null }) : undefined}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <AdminEmpty>
            {status === "all"
              ? "No messages yet."
              : `No ${CONTACT_STATUS_LABELS[status].toLowerCase()} messages.`}
          </AdminEmpty>
        }
      >
        {(data) => (
          <AdminRows
            label="Messages"
            count={{ total: data.total, more: data.totalCapped, one: "message", many: "messages" }}
            pager={keysetPager(data, (to) => show({ cursor: to }), "Message pages")}
          >
            {data.items.map((message) => (
              <li key={message.id}>
                <MessageRow message={message} />
              </li>
            ))}
          </AdminRows>
        )}
      </AdminQuery>
    </section>
  );
}

/**
 * The admin dashboard's Messages section: the contact inbox at /admin/messages and a message's page at
 * /admin/messages/:id. The server refuses non-admins on every call (401/403).
 */
export function AdminMessages() {
  return (
    <Routes>
      <Route index element={<MessageList />} />
      <Route path=":id" element={<AdminMessage />} />
    </Routes>
  );
}
