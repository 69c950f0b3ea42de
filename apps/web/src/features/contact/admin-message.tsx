import {
  CONTACT_LIMITS,
  CONTACT_M,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  CONTACT_TOPIC_LABELS,
  type TContactMessage,
  type TContactStatus,
} from "@plugs/domain";
import { ArrowLeft, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { fieldClasses, Textarea } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { useAssignees, useMessage, useReplyToMessage, useUpdateMessage } from "./queries.ts";
import { MessageStatusPill } from "./status-pill.tsx";

/** Status and assignee, each saved as soon as it is picked. */
function MessageControls({ message }: { message: TContactMessage }) {
  const update = useUpdateMessage();
  const assignees = useAssignees();
  const save = (change: { status?: TContactStatus; assigneeId?: string | null }) =>
    update.mutate(
      { id: message.id, ...change },
      {
        onSuccess: () => toast.success(CONTACT_M.updated),
        onError: (err) => toast.error(err.message),
      },
    );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Status">
        {(props) => (
          <select
            {...props}
            value={message.status}
            disabled={update.isPending}
            onChange={(e) => save({ status: e.target.value as TContactStatus })}
            className={cn(fieldClasses, "h-10")}
          >
            {CONTACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CONTACT_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Assigned to">
        {(props) => (
          <select
            {...props}
            value={message.assignee?.id ?? ""}
            disabled={update.isPending || assignees.isPending}
            onChange={(e) => save({ assigneeId: e.target.value || null })}
            className={cn(fieldClasses, "h-10")}
          >
            <option value="">Nobody</option>
            {/* The current assignee stays listed while the admins load (or if they are no longer an admin). */}
            {message.assignee && !assignees.data?.items.some((a) => a.id === message.assignee?.id) ? (
              <option value={message.assignee.id}>@{message.assignee.username}</option>
            ) : null}
            {assignees.data?.items.map((admin) => (
              <option key={admin.id} value={admin.id}>
                @{admin.username}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

/** The reply box: the text is e-mailed to the sender and kept in the thread. */
function ReplyForm({ message }: { message: TContactMessage }) {
  const reply = useReplyToMessage();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError(CONTACT_M.replyRequired);
      return;
    }
    reply.mutate(
      { id: message.id, body },
      {
        onSuccess: () => {
          setBody("");
          toast.success(CONTACT_M.replySent);
        },
        onError: (err) =>
          setError(err instanceof ApiError ? (err.fields?.body ?? err.message) : CONTACT_M.replyFailed),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Reply" className="flex flex-col gap-3">
      <Field label={`Reply by e-mail to ${message.email}`} error={error ?? undefined}>
        {(props) => (
          <Textarea
            {...props}
            value={body}
            rows={5}
            maxLength={CONTACT_LIMITS.replyMax}
            onChange={(e) => {
              setBody(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <Button type="submit" busy={reply.isPending} busyLabel="Sending..." className="self-end">
        <Send aria-hidden /> Send reply
      </Button>
    </form>
  );
}

/** One entry of the thread: who wrote it, when, and the text exactly as written (React text, never markup). */
function ThreadEntry({
  who,
  avatar,
  at,
  body,
  tone,
}: {
  who: string;
  avatar?: { src: string | null; name: string };
  at: string;
  body: string;
  tone: "sender" | "team";
}) {
  return (
    <li
      className={cn(
        "rounded-2xl border p-4",
        tone === "sender" ? "border-border bg-surface" : "border-accent/25 bg-accent-soft",
      )}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {avatar ? <Avatar src={avatar.src} name={avatar.name} className="size-6" /> : null}
        <span className="font-semibold">{who}</span>
        <time dateTime={at} className="text-xs text-muted">
          {formatDate(at)}
        </time>
      </p>
      <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap">{body}</p>
    </li>
  );
}

/** /admin/messages/:id: the message, its thread, status, assignee and the reply box. */
export function AdminMessage() {
  const { id = "" } = useParams();
  const query = useMessage(id);
  return (
    <section aria-labelledby="admin-message-heading" className="flex flex-col gap-4">
      <Link
        to="/admin/messages"
        className="inline-flex w-fit items-center gap-1 rounded text-sm font-medium text-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> All messages
      </Link>
      {query.isPending ? (
        <Spinner label="Loading the message" className="text-accent" />
      ) : query.isError ? (
        <LoadError
          look="inset"
          title={query.error.message}
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : (
        <>
          <header className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="admin-message-heading" className="text-xl font-semibold">
                {CONTACT_TOPIC_LABELS[query.data.topic]}
              </h2>
              <MessageStatusPill status={query.data.status} />
              <span className="font-mono text-sm tracking-wide text-muted">{query.data.reference}</span>
            </div>
            <p className="text-sm text-muted">
              From <span className="font-medium text-foreground">{query.data.name}</span> &lt;
              <a href={`mailto:${query.data.email}`} className="break-all text-accent hover:underline">
                {query.data.email}
              </a>
              &gt;
              {query.data.member ? (
                <>
                  {" · member "}
                  <Link to={`/user/${query.data.member.username}`} className="text-accent hover:underline">
                    @{query.data.member.username}
                  </Link>
                </>
              ) : (
                " · visitor"
              )}
            </p>
          </header>
          <MessageControls message={query.data} />
          <ol aria-label="Thread" className="flex flex-col gap-3">
            <ThreadEntry
              who={query.data.name}
              at={query.data.createdAt}
              body={query.data.message}
              tone="sender"
            />
            {query.data.replies.map((reply) => (
              <ThreadEntry
                key={reply.id}
                who={reply.author ? `@${reply.author.username}` : "An admin"}
                avatar={
                  reply.author ? { src: reply.author.avatarUrl, name: reply.author.username } : undefined
                }
                at={reply.createdAt}
                body={reply.body}
                tone="team"
              />
            ))}
          </ol>
          <div className="rounded-2xl border border-border bg-surface p-4 sm:p-5">
            <ReplyForm message={query.data} />
          </div>
        </>
      )}
    </section>
  );
}
