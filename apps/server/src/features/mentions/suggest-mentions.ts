import { POST_LIMITS, type TMentionSuggestion } from "@plugs/domain";
import { and, ne, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { kols, profiles } from "../../db/schema/index.ts";
import { notBanned } from "../posts/visibility.ts";

const USER_LIMIT = 5;
const KOL_LIMIT = 5;

/** Escapes LIKE's wildcards so a typed '_' matches only an underscore. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The mention dropdown: users whose username starts with `q` (case-insensitive, served by
 * profiles_username_prefix_idx), 5 at most, never the viewer or a banned profile; then KOLs whose handle starts with
 * `q` (kols_handle_prefix_idx), 5 at most; the combined list is cut to 7 (users first).
 */
export async function suggestMentions(
  deps: TDeps,
  viewer: TViewer | null,
  q: string,
): Promise<TMentionSuggestion[]> {
  const prefix = q.trim().replace(/^@/, "").toLowerCase();
  // A fragment with characters no name can hold matches nothing.
  if (!/^[\w.-]*$/.test(prefix)) return [];
  const [users, kolRows] = await Promise.all([
    deps.db
      .select({
        id: profiles.id,
        username: profiles.username,
        displayName: profiles.displayName,
        avatarUrl: profiles.avatarUrl,
        isVerified: profiles.isVerified,
      })
      .from(profiles)
      .where(
        and(
          sql`lower(${profiles.username}) like ${likePrefix(prefix)}`,
          notBanned(sql`${profiles.id}`),
          viewer ? ne(profiles.id, viewer.id) : undefined,
        ),
      )
      // Ordered by the pattern index's own operator, so one index scan both finds the prefix and sorts.
      .orderBy(sql`lower(${profiles.username}) using ~<~`)
      .limit(USER_LIMIT),
    deps.db
      .select({ id: kols.id, handle: kols.handle, avatarUrl: kols.avatarUrl, isVerified: kols.isVerified })
      .from(kols)
      .where(sql`lower(${kols.handle}) like ${likePrefix(prefix)}`)
      .orderBy(sql`lower(${kols.handle}) using ~<~`)
      .limit(KOL_LIMIT),
  ]);
  const suggestions: TMentionSuggestion[] = users.map((u) => ({
    type: "user",
    id: u.id,
    username: u.username,
    displayName: u.displayName,
    avatarUrl: u.avatarUrl,
    isVerified: u.isVerified,
  }));
  for (const k of kolRows) {
    suggestions.push({
      type: "kol",
      id: k.id,
      handle: k.handle,
      avatarUrl: k.avatarUrl,
      isVerified: k.isVerified,
    });
  }
  return suggestions.slice(0, POST_LIMITS.mentionSuggestions);
}
