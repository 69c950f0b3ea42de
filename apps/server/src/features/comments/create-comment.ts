import { randomUUID } from "node:crypto";
import { EXTERNAL_GIF_TYPE, M, MODERATION_M, type TComment, type TCreateCommentRequest } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { requireVerifiedMember, type TDeps, type TViewer } from "../../context.ts";
import { answersInOrder } from "../../db/answers-in-order.ts";
import { commentMentions, postCommentAttachments, postComments, posts } from "../../db/schema/index.ts";
import { AppError, isForeignKeyViolation } from "../../errors.ts";
import { EXTERNAL_PATH_PREFIX, removeStoredFiles, saveUploadedFiles } from "../media/save-upload.ts";
import { mentionNotices, mentionValues, resolveMentions } from "../mentions/resolve-mentions.ts";
import { notify, type TNotifyInput } from "../notifications/notify.ts";
import { findAccessiblePost } from "../posts/visibility.ts";
import { findComment } from "./comment-access.ts";
import { hydrateComments } from "./comment-dto.ts";

/**
 * Comments on a post (or replies to a comment on it). Authorization first: a visitor gets 401, a post the viewer may
 * not see is 404, and a community post needs active membership. A reply to a reply joins its parent's thread (one
 * reply level). Files are stored first; the comment, its attachments, mentions, notifications and
 * posts.comments_count are then written in one transaction, which reads the comment back; if it fails, the stored
 * files are removed again.
 */
export async function createComment(
  deps: TDeps,
  viewer: TViewer | null,
  postId: string,
  input: TCreateCommentRequest & { attachments: File[] },
): Promise<TComment> {
  const me = requireVerifiedMember(viewer, M.comments.loginToComment);
  const post = await findAccessiblePost(deps.db, postId, me.id);
  if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);
  const isReply = Boolean(input.parentId);
  if (!post.canInteract) {
    throw new AppError("FORBIDDEN", isReply ? M.comments.memberToReply : M.comments.memberToComment);
  }
  if (post.suspended) throw new AppError("FORBIDDEN", MODERATION_M.communitySuspended);

  let parentId: string | null = null;
  /** The author of the comment answered (a reply to a reply answers that reply's author). */
  let repliedToUserId: string | null = null;
  if (input.parentId) {
    const parent = await findComment(deps.db, input.parentId);
    if (!parent?.shown || parent.postId !== post.id) throw new AppError("NOT_FOUND", M.comments.notFound);
    parentId = parent.parentId ?? parent.id;
    repliedToUserId = parent.userId;
  }

  const commentId = randomUUID();
  const { mentions, notifyUserIds } = await resolveMentions(deps.db, input.content, post.communityId);
  // Those mentioned; the post's author hears of comments on it, a comment's author of replies to it (notify skips
  // your own).
  const told: TNotifyInput[] = [
    ...mentionNotices({ type: "comment", id: commentId, postId: post.id, actorId: me.id }, notifyUserIds),
    { kind: "comment", userId: post.userId, actorId: me.id, postId: post.id, commentId },
  ];
  if (repliedToUserId && repliedToUserId !== post.userId) {
    told.push({ kind: "reply", userId: repliedToUserId, actorId: me.id, postId: post.id, commentId });
  }
  // Images, documents and videos, checked by their bytes (HTML named report.pdf is refused); images re-encoded.
  // One folder per comment (the spec's comment_attachments).
  const saved = await saveUploadedFiles(deps, {
    folder: `comment_attachments/${commentId}`,
    files: input.attachments,
    allowedKinds: ["image", "document", "video"],
  });
  const attached = [
    ...saved.map((file) => ({
      fileName: file.originalName,
      filePath: file.path,
      fileUrl: file.url,
      fileType: file.mime,
      fileSize: file.size,
    })),
    // GIPHY's GIFs stay on GIPHY: their URL, no bytes of ours (as on posts).
    ...input.gifs.map((gif, i) => ({
      fileName: gif.title || "GIF",
      filePath: `${EXTERNAL_PATH_PREFIX}${commentId}/${i}`,
      fileUrl: gif.url,
      fileType: EXTERNAL_GIF_TYPE,
      fileSize: 0,
    })),
  ];
  let comment: TComment | undefined;
  try {
    comment = await deps.db.transaction(async (tx) => {
      // Nothing below needs an answer from above, so all are sent before the first answer comes back (pipeline
      // mode, db/client.ts): one round trip instead of one each. Each is sent when called, and PostgreSQL runs them
      // in this order. A reply's foreign key takes its parent's key-share lock first, before the post's row: the
      // order in which deleting a thread takes them, so the two wait for each other instead of deadlocking. The
      // post's row comes late, so concurrent comments on one post wait the least; the comment is read back last.
      const [, , , , , [written]] = await answersInOrder([
        tx
          .insert(postComments)
          .values({ id: commentId, postId: post.id, userId: me.id, parentId, content: input.content })
          .execute(),
        attached.length > 0
          ? tx
              .insert(postCommentAttachments)
              .values(attached.map((file, position) => ({ ...file, commentId, position })))
              .execute()
          : null,
        mentions.length > 0
          ? tx
              .insert(commentMentions)
              .values(mentions.map((m) => ({ commentId, ...mentionValues(m) })))
              .execute()
          : null,
        notify(tx, told),
        tx
          .update(posts)
          .set({ commentsCount: sql`${posts.commentsCount} + 1` })
          .where(eq(posts.id, post.id))
          .execute(),
        hydrateComments(tx, [commentId], me.id),
      ] as const);
      return written;
    });
  } catch (err) {
    await removeStoredFiles(
      deps,
      saved.map((f) => f.path),
    );
    // The post or the parent comment was deleted between the checks and the insert.
    if (isForeignKeyViolation(err)) {
      throw new AppError("NOT_FOUND", parentId ? M.comments.notFound : M.posts.notFound);
    }
    throw err;
  }
  if (!comment) throw new AppError("NOT_FOUND", M.comments.notFound);
  return comment;
}
