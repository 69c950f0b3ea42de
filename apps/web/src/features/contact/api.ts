import {
  CAPTCHA_HEADER,
  type TAssigneeList,
  type TContactMessage,
  type TContactMessagePage,
  type TContactReceipt,
  type TContactRequest,
  type TContactStatus,
  type TUpdateMessageRequest,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** The contact calls: sending a message (with the captcha, as sign-up sends it) and the admins' inbox. */

export function sendContactMessage(
  input: TContactRequest,
  captchaToken: string | null,
): Promise<TContactReceipt> {
  const headers: Record<string, string> = {};
  if (captchaToken) headers[CAPTCHA_HEADER] = captchaToken;
  return apiFetch<TContactReceipt>("/api/contact", { method: "POST", body: JSON.stringify(input), headers });
}

/** A page of the inbox: the first without a cursor, the others by a page's nextCursor or previousCursor. */
export function fetchMessages(
  status: TContactStatus | "all",
  cursor: string | null,
): Promise<TContactMessagePage> {
  const query = new URLSearchParams();
  if (status !== "all") query.set("status", status);
  if (cursor) query.set("cursor", cursor);
  return apiFetch<TContactMessagePage>(`/api/admin/messages?${query}`);
}

export function fetchMessage(id: string): Promise<TContactMessage> {
  return apiFetch<TContactMessage>(`/api/admin/messages/${encodeURIComponent(id)}`);
}

export function fetchAssignees(): Promise<TAssigneeList> {
  return apiFetch<TAssigneeList>("/api/admin/messages/assignees");
}

export function updateMessage({
  id,
  ...body
}: TUpdateMessageRequest & { id: string }): Promise<TContactMessage> {
  return apiFetch<TContactMessage>(`/api/admin/messages/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: JSON.stringify(body),
  });
}

export function replyToMessage({ id, body }: { id: string; body: string }): Promise<TContactMessage> {
  return apiFetch<TContactMessage>(`/api/admin/messages/${encodeURIComponent(id)}/replies`, {
    method: "POST",
    body: JSON.stringify({ body }),
  });
}
