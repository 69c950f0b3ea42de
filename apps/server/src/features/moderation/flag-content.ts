import { M, MODERATION_M, type TFlagRequest, ZFlagRequest } from "@plugs/domain";
import { sql } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { AppError } from "../../errors.ts";
import { requireAccessibleComment } from "../comments/comment-access.ts";
import { findAccessiblePost } from "../posts/visibility.ts";

/**
 * A member flags a post or comment they can see and did not write: one flag per member and item (the unique key
 * content_flags_item_user_key; a second is 409), and the item's open_flags moves up in the same transaction. The
 * item is "not found" when the member may not see it (removed, banned author, another community's).
 */
export async function flagContent(
  deps: TDeps,
  viewer: TViewer | null,
  type: "post" | "comment",
  id: string,
  body: TFlagRequest,
): Promise<void> {
  const me = requireViewer(viewer, M.auth.signInRequired);
  const input = ZFlagRequest.parse(body);
  let authorId: string;
  if (type === "post") {
    const post = await findAccessiblePost(deps.db, id, me.id);
    if (!post) throw new AppError("NOT_FOUND", M.posts.notFound);
    authorId = post.userId;
  } else {
    authorId = (await requireAccessibleComment(deps.db, id, me.id)).comment.userId;
  }
  if (authorId === me.id) throw new AppError("FORBIDDEN", MODERATION_M.ownContent);
  const target = type === "post" ? sql.raw("post_id") : sql.raw("comment_id");
  await deps.db.transaction(async (tx) => {
    const [item] = await queryRows<{ id: string }>(
      tx,
      sql`insert into moderation_items (${target}) values (${id})
          on conflict (${target}) do update set updated_at = now() returning id`,
    );
    if (!item) throw new Error("moderation item not written");
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`insert into content_flags (item_id, user_id, reason, details)
          values (${item.id}, ${me.id}, ${input.reason}, ${input.details ?? null})
          on conflict (item_id, user_id) do nothing returning id`,
    );
    if (inserted.length === 0) throw new AppError("CONFLICT", MODERATION_M.alreadyReported);
    await tx.execute(
      sql`update moderation_items set open_flags = open_flags + 1, last_flagged_at = now(), updated_at = now()
          where id = ${item.id}`,
    );
  });
}
