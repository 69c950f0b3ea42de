import { useSyncExternalStore } from "react";

/**
 * How many new posts the event stream has announced since the feed was last refreshed: the feed shows it as the
 * 'N new posts' pill. A tiny store rather than a query, because it is a signal, not server data.
 */
let ids: string[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function announceNewPost(postId: string) {
  if (ids.includes(postId)) return;
  ids = [...ids, postId];
  emit();
}

export function clearNewPosts() {
  if (ids.length === 0) return;
  ids = [];
  emit();
}

export function useNewPostsCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => ids.length,
    () => 0,
  );
}
