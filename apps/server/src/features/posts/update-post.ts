import { M, type TPost, type TUpdatePostRequest } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { postEdits, postMentions, posts } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { mentionValues, notifyMentioned, resolveMentions } from "../mentions/resolve-mentions.ts";
import { hydratePosts } from "./post-dto.ts";
import { findAccessiblePost } from "./visibility.ts";

/**
 * Edits a post's text (its author only). The previous text goes to post_edits, edited_at is set, and mentions are
 * parsed again; only users not mentioned before are notified. Saving the same text changes nothing.
 */
export async function updatePost(
  deps: TDeps,
  viewer: TViewer | null,
  postId: string,
  input: TUpdatePostRequest,
): Promise<TPost> {
  const me = requireViewer(viewer, M.posts.loginToUpdate);
  const post = await findAccessiblePost(deps.db, postId, me.id);
  if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);
  if (post.userId !== me.id) throw new AppError("FORBIDDEN", M.posts.ownUpdate);

  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        content: posts.content,
        // "posts.id" spelled out: Drizzle writes a bare "id" in a select list, which the subquery would read as pm.id.
        hasMedia: sql<boolean>`exists (select 1 from post_media pm where pm.post_id = posts.id)`,
      })
      .from(posts)
      .where(eq(posts.id, post.id))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", M.posts.notFound);
    if (current.content === input.content) return;
    if (input.content.trim() === "" && !current.hasMedia) {
      throw new AppError("VALIDATION", M.posts.contentOrMedia, {
        fields: { content: M.posts.contentOrMedia },
      });
    }
    await tx.insert(postEdits).values({ postId: post.id, content: current.content });
    await tx
      .update(posts)
      .set({ content: input.content, editedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(posts.id, post.id));

    await tx.delete(postMentions).where(eq(postMentions.postId, post.id));
    const { mentions, notifyUserIds } = await resolveMentions(tx, input.content, post.communityId);
    if (mentions.length > 0) {
      await tx.insert(postMentions).values(mentions.map((m) => ({ postId: post.id, ...mentionValues(m) })));
    }
    await notifyMentioned(tx, { type: "post", id: post.id, actorId: me.id }, notifyUserIds);
  });
  const [dto] = await hydratePosts(deps.db, [post.id], me.id);
  if (!dto) throw new AppError("NOT_FOUND", M.posts.notFound);
  return dto;
}
