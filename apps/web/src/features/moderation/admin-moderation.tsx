import {
  FLAG_REASONS,
  MODERATION_M,
  MODERATION_RESTORE_DAYS,
  type TModerationQueueItem,
  type TRemovedCommunity,
  type TRemovedItem,
} from "@plugs/domain";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { DateTime } from "../../components/date-time.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { RemoveDialog } from "./moderation-dialogs.tsx";
import {
  useDismissFlags,
  useModerationQueue,
  useRemovedCommunities,
  useRemovedContent,
  useRestoreCommunity,
  useRestoreContent,
} from "./queries.ts";

const link = (item: { type: "post" | "comment"; id: string; postId: string }) =>
  item.type === "post" ? `/posts/${item.postId}` : `/posts/${item.postId}#comment-${item.id}`;

function Excerpt({ text }: { text: string }) {
  const short = text.length > 280 ? `${text.slice(0, 280)}…` : text;
  return <p className="mt-2 text-sm break-words whitespace-pre-wrap">{short || "(no text)"}</p>;
}

function QueueItem({ item }: { item: TModerationQueueItem }) {
  const [removeOpen, setRemoveOpen] = useState(false);
  const dismiss = useDismissFlags();
  return (
    <article
      aria-label={`Flagged ${item.type} by ${item.author.username}`}
      className="rounded-2xl border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-md bg-rug/15 px-1.5 py-0.5 font-semibold text-rug">
          {item.openFlags} {item.openFlags === 1 ? "flag" : "flags"}
        </span>
        <span className="rounded-md bg-surface-2 px-1.5 py-0.5 font-medium capitalize">{item.type}</span>
        <Link
          to={`/user/${encodeURIComponent(item.author.username)}`}
          className="font-medium hover:underline"
        >
          @{item.author.username}
        </Link>
        <span className="ml-auto text-muted">
          last flagged <DateTime value={item.lastFlaggedAt} />
        </span>
      </div>
      <Excerpt text={item.content} />
      <ul className="mt-2 flex flex-wrap gap-1.5 text-xs" aria-label="Reasons">
        {item.reasons.map((r) => (
          <li key={r.reason} className="rounded-full border border-border px-2 py-0.5">
            {FLAG_REASONS[r.reason]} · {r.count}
          </li>
        ))}
      </ul>
      {item.details.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-xs text-muted">
          {item.details.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the words are not unique; their order is fixed.
            <li key={i} className="break-words">
              {d}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Link to={link(item)} className="mr-auto text-sm font-medium text-accent hover:underline">
          Open
        </Link>
        <Button
          size="sm"
          variant="secondary"
          busy={dismiss.isPending}
          busyLabel="Dismissing..."
          onClick={() => dismiss.mutate(item.itemId, { onError: (err) => toast.error(err.message) })}
        >
          Dismiss
        </Button>
        <Button size="sm" variant="danger" onClick={() => setRemoveOpen(true)}>
          Remove
        </Button>
      </div>
      <RemoveDialog type={item.type} id={item.id} open={removeOpen} onOpenChange={setRemoveOpen} />
    </article>
  );
}

function RemovedRow({ item }: { item: TRemovedItem }) {
  const restore = useRestoreContent();
  return (
    <article
      aria-label={`Removed ${item.type} by ${item.author.username}`}
      className="rounded-2xl border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-md bg-surface-2 px-1.5 py-0.5 font-medium capitalize">{item.type}</span>
        <span className="font-medium">@{item.author.username}</span>
        <span className="ml-auto text-muted">
          removed <DateTime value={item.removedAt} />
          {item.removedBy ? ` by @${item.removedBy}` : ""}
        </span>
      </div>
      <Excerpt text={item.content} />
      <p className="mt-2 text-xs">
        <span className="font-medium">Reason:</span> {item.reason}
      </p>
      <div className="mt-3 flex items-center justify-end gap-2">
        {item.restorable ? null : (
          <p className="mr-auto text-xs text-muted">
            Removed more than {MODERATION_RESTORE_DAYS} days ago: it can no longer be restored.
          </p>
        )}
        <Button
          size="sm"
          variant="secondary"
          busy={restore.isPending}
          busyLabel="Restoring..."
          onClick={() =>
            restore.mutate({ type: item.type, id: item.id }, { onError: (err) => toast.error(err.message) })
          }
        >
          Restore
        </Button>
      </div>
    </article>
  );
}

function Queue() {
  const query = useModerationQueue();
  if (query.isPending) return <Spinner label="Loading the queue" className="text-accent" />;
  if (query.isError) return <LoadError title="Error loading the queue" onRetry={() => query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return <p className="py-8 text-center text-sm text-muted">{MODERATION_M.queueEmpty}</p>;
  return (
    <div className="flex flex-col gap-3">
      {items.map((item) => (
        <QueueItem key={item.itemId} item={item} />
      ))}
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => query.fetchNextPage()}
          busy={query.isFetchingNextPage}
          busyLabel="Loading..."
        >
          Show more
        </Button>
      ) : null}
    </div>
  );
}

function RemovedCommunityRow({ item }: { item: TRemovedCommunity }) {
  const restore = useRestoreCommunity();
  return (
    <article
      aria-label={`Removed community ${item.name}`}
      className="rounded-2xl border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-md bg-surface-2 px-1.5 py-0.5 font-medium">Community</span>
        <span className="text-sm font-semibold break-words">{item.name}</span>
        <span className="ml-auto text-muted">
          removed <DateTime value={item.removedAt} />
          {item.removedBy ? ` by @${item.removedBy}` : ""}
        </span>
      </div>
      <p className="mt-2 text-xs">
        <span className="font-medium">Reason:</span> {item.reason}
      </p>
      <div className="mt-3 flex items-center justify-end gap-2">
        {item.restorable ? null : (
          <p className="mr-auto text-xs text-muted">
            Removed more than {MODERATION_RESTORE_DAYS} days ago: it can no longer be restored.
          </p>
        )}
        <Button
          size="sm"
          variant="secondary"
          busy={restore.isPending}
          busyLabel="Restoring..."
          onClick={() => restore.mutate(item.id, { onError: (err) => toast.error(err.message) })}
        >
          Restore
        </Button>
      </div>
    </article>
  );
}

/** The communities admins removed (the latest 50), above the posts and comments; nothing when there are none. */
function RemovedCommunities() {
  const query = useRemovedCommunities();
  if (query.isPending || query.isError || query.data.items.length === 0) return null;
  return (
    <section aria-label="Removed communities" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-muted">Communities</h3>
      {query.data.items.map((item) => (
        <RemovedCommunityRow key={item.id} item={item} />
      ))}
      <h3 className="mt-2 text-sm font-semibold text-muted">Posts and comments</h3>
    </section>
  );
}

function Removed() {
  const query = useRemovedContent();
  if (query.isPending) return <Spinner label="Loading removed posts and comments" className="text-accent" />;
  if (query.isError) return <LoadError title="Error loading removed items" onRetry={() => query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return <p className="py-8 text-center text-sm text-muted">{MODERATION_M.removedEmpty}</p>;
  return (
    <div className="flex flex-col gap-3">
      {items.map((item) => (
        <RemovedRow key={`${item.type}:${item.id}`} item={item} />
      ))}
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => query.fetchNextPage()}
          busy={query.isFetchingNextPage}
          busyLabel="Loading..."
        >
          Show more
        </Button>
      ) : null}
    </div>
  );
}

/**
 * /admin/moderation: the flagged queue (most flags first) and what was removed (communities, posts and comments),
 * with Restore for 30 days. `?tab=removed` opens the Removed tab.
 */
export function AdminModeration() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get("tab") === "removed" ? "removed" : "queue");
  return (
    <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-4">
      <TabsList aria-label="Moderation">
        <TabsTrigger value="queue">Flagged</TabsTrigger>
        <TabsTrigger value="removed">Removed</TabsTrigger>
      </TabsList>
      <TabsContent value="queue">
        <Queue />
      </TabsContent>
      <TabsContent value="removed" className="flex flex-col gap-3">
        <RemovedCommunities />
        <Removed />
      </TabsContent>
    </Tabs>
  );
}
