import { randomUUID } from "node:crypto";
import { EXTERNAL_GIF_TYPE, M, MODERATION_M, type TCreatePostRequest, type TPost } from "@plugs/domain";
import { and, eq, isNull } from "drizzle-orm";
import { requireVerifiedMember, type TDeps, type TViewer } from "../../context.ts";
import { communities, communityMembers, postMedia, postMentions, posts } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { EXTERNAL_PATH_PREFIX, removeStoredFiles, saveUploadedFiles } from "../media/save-upload.ts";
import { mentionValues, notifyMentioned, resolveMentions } from "../mentions/resolve-mentions.ts";
import { publishEvent } from "../realtime/publish.ts";
import { hydratePosts } from "./post-dto.ts";

/**
 * May this user post into this community? Throws the spec's message when not. (A banned account never gets here:
 * the session middleware signs it out on its next request.)
 */
async function checkCanPostIn(deps: TDeps, viewer: TViewer, communityId: string | null) {
  if (!communityId) return;
  const [row] = await deps.db
    .select({ id: communities.id, status: communityMembers.status, suspendedAt: communities.suspendedAt })
    .from(communities)
    .leftJoin(
      communityMembers,
      and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, viewer.id)),
    )
    .where(and(eq(communities.id, communityId), isNull(communities.removedAt)));
  if (!row) throw new AppError("NOT_FOUND", M.posts.communityNotFound);
  if (row.status !== "active") throw new AppError("FORBIDDEN", M.posts.joinToCreate);
  if (row.suspendedAt) throw new AppError("FORBIDDEN", MODERATION_M.communitySuspended);
}

/**
 * Creates a post with its files, GIFs and mentions. Files are stored first (checked by their bytes, images
 * re-encoded), then the post and everything about it is written in one transaction; if anything fails, the stored
 * files are removed again, so a failed post leaves nothing behind.
 */
export async function createPost(
  deps: TDeps,
  viewer: TViewer | null,
  input: TCreatePostRequest & { media: File[] },
): Promise<TPost> {
  const me = requireVerifiedMember(viewer, M.posts.loginToCreate);
  const communityId = input.communityId ?? null;
  await checkCanPostIn(deps, me, communityId);

  const postId = randomUUID();
  // Images and videos only, checked by their bytes; images re-encoded. One folder per post (the spec's post_media).
  const saved = await saveUploadedFiles(deps, {
    folder: `post_media/${postId}`,
    files: input.media,
    allowedKinds: ["image", "video"],
    field: "media",
  });
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(posts).values({ id: postId, userId: me.id, content: input.content, communityId });
      const stamp = Date.now();
      const media = [
        ...saved.map((file) => ({
          mediaUrl: file.url,
          mediaType: file.mime,
          storagePath: file.path,
          width: file.width,
          height: file.height,
        })),
        ...input.gifs.map((gif, i) => ({
          mediaUrl: gif.url,
          mediaType: EXTERNAL_GIF_TYPE,
          storagePath: `${EXTERNAL_PATH_PREFIX}${stamp + i}`,
          width: gif.width,
          height: gif.height,
        })),
      ].map((m, position) => ({ ...m, postId, position, altText: input.mediaAlt[position] || null }));
      if (media.length > 0) await tx.insert(postMedia).values(media);

      const { mentions, notifyUserIds } = await resolveMentions(tx, input.content, communityId);
      if (mentions.length > 0) {
        await tx.insert(postMentions).values(mentions.map((m) => ({ postId, ...mentionValues(m) })));
      }
      await notifyMentioned(tx, { type: "post", id: postId, actorId: me.id }, notifyUserIds);
      // The feed's "new posts" signal, sent when this transaction commits.
      await publishEvent(tx, { type: "post", postId, authorId: me.id, communityId });
    });
  } catch (err) {
    await removeStoredFiles(
      deps,
      saved.map((f) => f.path),
    );
    throw err;
  }
  const [post] = await hydratePosts(deps.db, [postId], me.id);
  if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);
  return post;
}
