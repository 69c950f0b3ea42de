import type { TMarkReadRequest, TNotificationsPage, TUnreadCount } from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

export function fetchNotifications(cursor: string | null): Promise<TNotificationsPage> {
  const params = new URLSearchParams();
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return apiFetch(`/api/notifications${query ? `?${query}` : ""}`);
}

export function fetchUnreadCount(): Promise<TUnreadCount> {
  return apiFetch("/api/notifications/unread-count");
}

export function markNotificationsRead(body: TMarkReadRequest): Promise<TUnreadCount> {
  return apiFetch("/api/notifications/read", { method: "POST", body: JSON.stringify(body) });
}
