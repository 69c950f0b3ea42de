import type { TNotification } from "@plugs/domain";
import * as Popover from "@radix-ui/react-popover";
import { Bell, CheckCheck, Coins, ShieldX } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { notificationText } from "./notification-text.ts";
import { useMarkRead, useNotifications, useUnreadCount } from "./queries.ts";

function NotificationRow({ n, onOpen }: { n: TNotification; onOpen: (n: TNotification) => void }) {
  const unread = !n.readAt;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(n)}
        className={cn(
          "flex w-full cursor-pointer items-start gap-3 rounded-lg px-2.5 py-2.5 text-left text-sm transition-colors hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring",
          unread && "bg-accent-soft/60",
        )}
      >
        {n.actor ? (
          <Avatar src={n.actor.avatarUrl} name={n.actor.username} className="size-8" />
        ) : n.kind === "content_removed" ? (
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-rug/15 text-rug">
            <ShieldX className="size-4" aria-hidden />
          </span>
        ) : (
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-plug-soft text-plug">
            <Coins className="size-4" aria-hidden />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className={cn("block break-words", unread ? "font-semibold" : "text-foreground/85")}>
            {notificationText(n)}
          </span>
          <span className="mt-0.5 block text-xs text-muted">{formatDate(n.createdAt)}</span>
        </span>
        {unread ? (
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-accent">
            <span className="sr-only">Unread</span>
          </span>
        ) : null}
      </button>
    </li>
  );
}

function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const list = useNotifications(true);
  const markRead = useMarkRead();
  const navigate = useNavigate();

  const open = (n: TNotification) => {
    if (!n.readAt) markRead.mutate({ ids: [n.id] });
    onNavigate();
    if (n.link) void navigate(n.link);
  };

  if (list.isPending) {
    return (
      <div className="flex justify-center py-10 text-accent">
        <Spinner className="size-6" label="Loading notifications" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <LoadError
        title="Failed to load notifications"
        onRetry={() => void list.refetch()}
        busy={list.isFetching}
        look="plain"
      />
    );
  }
  const items = list.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <div className="px-4 py-10 text-center">
        <Bell className="mx-auto size-7 text-muted" aria-hidden />
        <p className="mt-2 text-sm font-semibold">No notifications yet</p>
        <p className="mt-1 text-xs text-muted">Mentions, replies, follows and points will show up here.</p>
      </div>
    );
  }
  return (
    <>
      <ul aria-label="Notifications" className="flex flex-col gap-0.5">
        {items.map((n) => (
          <NotificationRow key={n.id} n={n} onOpen={open} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="flex justify-center pt-2 pb-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void list.fetchNextPage()}
            busy={list.isFetchingNextPage}
            busyLabel="Loading..."
          >
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The bell in the navigation bar: the unread count, and a panel with the notifications. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(true);
  const markAll = useMarkRead();
  const count = unread.data ?? 0;
  // The server counts up to 100: past 99 the bell says "99+".
  const shown = count > 99 ? "99+" : String(count);
  const label = count > 0 ? `Notifications, ${shown} unread` : "Notifications";

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative">
          <Bell aria-hidden />
          {count > 0 ? (
            <span
              data-testid="unread-count"
              aria-hidden
              className="absolute top-1 right-1 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-rug px-1 text-[0.65rem] leading-none font-bold text-rug-foreground"
            >
              {shown}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className={cn(
            "z-50 flex max-h-[min(32rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-border bg-surface text-foreground shadow-panel",
            "data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out motion-reduce:animate-none",
          )}
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={count === 0}
              busy={markAll.isPending}
              busyLabel="Marking..."
              onClick={() =>
                markAll.mutate({ all: true }, { onError: () => toast.error("Failed to mark notifications") })
              }
            >
              <CheckCheck aria-hidden /> Mark all as read
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
            <NotificationList onNavigate={() => setOpen(false)} />
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
