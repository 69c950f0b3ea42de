import { profiles } from "../../db/schema/index.ts";

/** The name shown for content whose author's profile is gone. */
export const UNKNOWN_USER = "Unknown User";

/** The profile columns an author needs, selected beside a left join on profiles (so the group is null when gone). */
export const authorColumns = {
  username: profiles.username,
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
};

export type TAuthorRow = { username: string; displayName: string | null; avatarUrl: string | null } | null;

/** The one mapper from an author's id and (left-joined) profile to the author a client sees. */
export function toAuthor(userId: string, profile: TAuthorRow) {
  return {
    id: userId,
    username: profile?.username ?? UNKNOWN_USER,
    displayName: profile?.displayName ?? null,
    avatarUrl: profile?.avatarUrl ?? null,
  };
}
