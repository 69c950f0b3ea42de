import { M, type TNotification } from "@plugs/domain";
import type { QueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/toaster.tsx";
import { refetchAfterChange } from "../../lib/query-client.ts";
import { sessionKeys } from "../auth/session.ts";
import { notificationText } from "../notifications/notification-text.ts";
import { pointsKeys } from "./queries.ts";

/**
 * Points earned or an airdrop received, live from the event stream: the 'Points Earned' or 'Airdrop Received'
 * toast (once per notification, even if the event repeats), and the balance, ledger and rankings load again.
 * Other kinds are not about points and are left alone.
 */
export function announcePoints(queryClient: QueryClient, notification: TNotification) {
  if (notification.kind !== "points" && notification.kind !== "airdrop") return;
  const title = notification.kind === "airdrop" ? M.points.airdropReceivedTitle : M.points.pointsEarnedTitle;
  toast.success(title, { id: `points-${notification.id}`, description: notificationText(notification) });
  void refetchAfterChange(queryClient, pointsKeys.all);
  void refetchAfterChange(queryClient, sessionKeys.me());
}
