import type { TNotification } from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { refetchAfterChange } from "../../lib/query-client.ts";
import { contactKeys } from "../contact/keys.ts";
import { siteKeys } from "../site/queries.ts";
import { announceNewPost, clearNewPosts } from "./new-posts.ts";
import { notificationKeys, receiveNotification } from "./queries.ts";

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * One GET /api/events stream for a signed-in tab (mounted once, in the layout). A 'notification' updates the bell
 * and its list (and, for points or an airdrop, shows its toast and refreshes the balance); a 'post' feeds the 'N new posts' pill; a 'site' reads the site settings again. On an error the stream is closed and reopened after a delay
 * that doubles up to 30 s, so a server that is down is not hammered; a 'ready' resets the delay and refetches the
 * count, since notifications may have come while the stream was down. A 'closed' event means this account opened
 * more streams (tabs) than the server keeps and this was the oldest: the tab does not reconnect until it is shown
 * or focused again, so tabs do not take the stream from each other in turn.
 */
export function useEventStream(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let delay = FIRST_RETRY_MS;
    let stopped = false;
    /** Closed by the server for a newer tab: wait until this tab is in use again. */
    let yielded = false;

    const connect = () => {
      source = new EventSource("/api/events");
      source.addEventListener("ready", () => {
        delay = FIRST_RETRY_MS;
        void refetchAfterChange(queryClient, notificationKeys.all);
      });
      source.addEventListener("notification", (event) => {
        let notification: TNotification;
        try {
          notification = JSON.parse((event as MessageEvent<string>).data) as TNotification;
        } catch {
          void refetchAfterChange(queryClient, notificationKeys.all);
          return;
        }
        receiveNotification(queryClient, notification);
        // An admin's open inbox shows a new contact message without a reload.
        if (notification.kind === "contact_message") void refetchAfterChange(queryClient, contactKeys.all);
        // The points toast and the points queries it refreshes load with the first such event, not with every page.
        if (notification.kind === "points" || notification.kind === "airdrop") {
          void import("../points/points-toast.ts").then(({ announcePoints }) =>
            announcePoints(queryClient, notification),
          );
        }
      });
      source.addEventListener("post", (event) => {
        try {
          const { postId } = JSON.parse((event as MessageEvent<string>).data) as { postId: string };
          announceNewPost(postId);
        } catch {
          // A malformed signal is only a missed pill; the feed itself is unaffected.
        }
      });
      // An admin saved the site settings: the name, logo, theme, links and banner show at once.
      source.addEventListener("site", () => {
        void queryClient.invalidateQueries({ queryKey: siteKeys.all });
      });
      source.addEventListener("closed", () => {
        source?.close();
        source = null;
        yielded = true;
      });
      source.onerror = () => {
        source?.close();
        source = null;
        if (stopped) return;
        timer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      };
    };
    const onVisible = () => {
      if (!yielded || document.visibilityState !== "visible") return;
      yielded = false;
      delay = FIRST_RETRY_MS;
      connect();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    connect();
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
      if (timer) clearTimeout(timer);
      source?.close();
      // Signed out (or someone else signed in): nothing of this user's may linger in the tab.
      queryClient.removeQueries({ queryKey: notificationKeys.all });
      clearNewPosts();
    };
  }, [userId, queryClient]);
}
