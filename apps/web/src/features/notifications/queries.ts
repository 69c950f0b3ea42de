import type { TNotification, TNotificationsPage } from "@plugs/domain";
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
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

/** A notification just arrived on the event stream: count it and put it on top of the loaded list. */
export function receiveNotification(queryClient: QueryClient, notification: TNotification) {
  queryClient.setQueryData<TList>(notificationKeys.list(), (data) => {
    if (!data?.pages[0]) return data;
    if (data.pages.some((p) => p.items.some((n) => n.id === notification.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, items: [notification, ...first.items] }, ...rest] };
  });
  const current = queryClient.getQueryData<{ unreadCount: number }>(notificationKeys.unread());
  if (current && !notification.readAt) setUnread(queryClient, current.unreadCount + 1);
  else void queryClient.invalidateQueries({ queryKey: notificationKeys.unread() });
}

/** Marks one notification (`ids`) or all as read; the list shows it at once, the count comes from the server. */
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
    },
  });
}
