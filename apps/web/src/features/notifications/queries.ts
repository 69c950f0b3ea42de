import type { TNotification, TNotificationsPage } from "@plugs/domain";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { refetchAfterChange } from "../../lib/query-client.ts";
import { fetchNotifications, fetchUnreadCount, markNotificationsRead } from "./api.ts";

/** Every notifications query key comes from here. */
export const notificationKeys = {
  all: ["notifications"] as const,
  list: () => [...notificationKeys.all, "list"] as const,
  unread: () => [...notificationKeys.all, "unread"] as const,
};

/** The bell's count; the event stream keeps it current, so no polling. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: fetchUnreadCount,
    enabled,
    select: (data) => data.unreadCount,
  });
}

/** The bell's list, newest first, following the server's cursor. */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => fetchNotifications(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

type TList = InfiniteData<TNotificationsPage, string | null>;

function setUnread(queryClient: QueryClient, unreadCount: number) {
  queryClient.setQueryData(notificationKeys.unread(), { unreadCount });
}

/**
 * A notification just arrived on the event stream: it goes on top of the loaded list (once, whatever repeats), and
 * the count is asked of the server rather than added to. A count fetched a moment ago may already include this
 * notification, and an event may come twice; any count fetch in flight is cancelled and one that sees it started.
 */
export function receiveNotification(queryClient: QueryClient, notification: TNotification) {
  queryClient.setQueryData<TList>(notificationKeys.list(), (data) => {
    if (!data?.pages[0]) return data;
    if (data.pages.some((p) => p.items.some((n) => n.id === notification.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, items: [notification, ...first.items] }, ...rest] };
  });
  void refetchAfterChange(queryClient, notificationKeys.unread());
}

/**
 * Marks one notification (`ids`) or all as read; the list shows it at once, and the count the server answered.
 * A count fetch that started before the read was saved would bring the old number back when it lands, so the
 * count is then asked again: any such fetch is cancelled, and a new one sees the read.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { ids: string[] } | { all: true }) => markNotificationsRead(target),
    onSuccess: ({ unreadCount }, target) => {
      const now = new Date().toISOString();
      const hit = (n: TNotification) => ("all" in target ? true : target.ids.includes(n.id));
      queryClient.setQueryData<TList>(notificationKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                unreadCount,
                items: p.items.map((n) => (hit(n) && !n.readAt ? { ...n, readAt: now } : n)),
              })),
            }
          : data,
      );
      setUnread(queryClient, unreadCount);
      void refetchAfterChange(queryClient, notificationKeys.unread());
    },
  });
}
