import type { TContactStatus } from "@plugs/domain";

/**
 * The contact inbox's query keys, apart from its hooks: the event stream (loaded on every page) refreshes the inbox
 * when a contact_message notification arrives without pulling the inbox's code in with it.
 */
export const contactKeys = {
  all: ["contact-messages"] as const,
  list: (status: TContactStatus | "all", cursor: string | null) =>
    [...contactKeys.all, "list", status, cursor] as const,
  message: (id: string) => [...contactKeys.all, "message", id] as const,
  assignees: () => [...contactKeys.all, "assignees"] as const,
};
