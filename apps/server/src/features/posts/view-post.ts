import { createHmac } from "node:crypto";
import { M, type TPostDetail, type TPostEdit } from "@plugs/domain";
import { desc, eq } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { postEdits } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { hydrateViewedPost } from "./post-dto.ts";
import { findAccessiblePost, isUuid } from "./visibility.ts";

/** Who is looking, for counting views: the account, or a visitor's address and browser. */
export type TViewerClient = { ip: string; userAgent: string };

function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The key a view is counted under. Visitors are a keyed hash of address, browser and day: it cannot be linked
 * across days or reversed into an address.
 */
export function viewerKey(deps: TDeps, viewer: TViewer | null, client: TViewerClient, day: string): string {
  if (viewer) return `u:${viewer.id}`;
  const secret = deps.config.authSecret ?? "plugs-post-views";
  const hash = createHmac("sha256", secret)
    .update(`${client.ip}\n${client.userAgent}\n${day}`)
    .digest("base64url");
  return `v:${hash.slice(0, 32)}`;
}

/**
 * One post for its page, with its community's slug, in one statement. Opening it counts a view once per viewer per
 * UTC day: the counter moves only when the day's view row is new, in the same statement.
 */
export async function viewPost(
  deps: TDeps,
  viewer: TViewer | null,
  postId: string,
  client: TViewerClient,
): Promise<TPostDetail> {
  if (!isUuid(postId)) throw new AppError("NOT_FOUND", M.posts.notFound);
  const day = utcDay();
  const key = viewerKey(deps, viewer, client, day);
  const post = await hydrateViewedPost(deps.db, postId, viewer?.id ?? null, { key, day });
  if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);
  return { ...post, communitySlug: post.community?.slug ?? null };
}

/** The earlier versions of a post's text, newest first, for whoever may see the post. */
export async function listPostEdits(
  deps: TDeps,
  viewer: TViewer | null,
  postId: string,
): Promise<TPostEdit[]> {
  const post = await findAccessiblePost(deps.db, postId, viewer?.id ?? null);
  if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);
  const rows = await deps.db
    .select({ id: postEdits.id, content: postEdits.content, editedAt: postEdits.editedAt })
    .from(postEdits)
    .where(eq(postEdits.postId, post.id))
    .orderBy(desc(postEdits.editedAt));
  return rows.map((r) => ({ id: r.id, content: r.content, editedAt: r.editedAt.toISOString() }));
}
