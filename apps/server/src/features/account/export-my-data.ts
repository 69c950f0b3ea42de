import { M, type TMyDataExport } from "@plugs/domain";
import { desc, eq } from "drizzle-orm";
import { requireViewer, type TDeps, type TViewer } from "../../context.ts";
import {
  pointsActivities,
  pointsTransactions,
  postCommentLikes,
  postCommentReactions,
  postComments,
  postLikes,
  posts,
  profiles,
  reports,
  users,
} from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";

/**
 * At most this many rows of each kind go into one archive: every query is an index range read on the member's id,
 * bounded, so no member's archive can hold the server for long. A section that reached it is named in `truncated`.
 */
export const EXPORT_MAX_ROWS_PER_SECTION = 20_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The archive's list queries, each a range read on the member's id through the index named beside it (checked by
 * query-plans.test.ts), at most `cap` rows.
 */
export function exportQueries(db: TDeps["db"], userId: string, cap = EXPORT_MAX_ROWS_PER_SECTION) {
  // posts_author_newest_idx
  const myPosts = db
    .select({
      id: posts.id,
      content: posts.content,
      communityId: posts.communityId,
      likesCount: posts.likesCount,
      commentsCount: posts.commentsCount,
      viewsCount: posts.viewsCount,
      createdAt: posts.createdAt,
      editedAt: posts.editedAt,
    })
    .from(posts)
    .where(eq(posts.userId, userId))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(cap);
  // post_comments_user_idx
  const myComments = db
    .select({
      id: postComments.id,
      postId: postComments.postId,
      parentId: postComments.parentId,
      content: postComments.content,
      likesCount: postComments.likesCount,
      createdAt: postComments.createdAt,
    })
    .from(postComments)
    .where(eq(postComments.userId, userId))
    .limit(cap);
  // post_likes_user_idx
  const postLikeRows = db
    .select({ postId: postLikes.postId, createdAt: postLikes.createdAt })
    .from(postLikes)
    .where(eq(postLikes.userId, userId))
    .orderBy(desc(postLikes.createdAt))
    .limit(cap);
  // post_comment_likes_user_idx
  const commentLikeRows = db
    .select({ commentId: postCommentLikes.commentId, createdAt: postCommentLikes.createdAt })
    .from(postCommentLikes)
    .where(eq(postCommentLikes.userId, userId))
    .limit(cap);
  // post_comment_reactions_user_idx
  const reactionRows = db
    .select({
      commentId: postCommentReactions.commentId,
      emoji: postCommentReactions.emoji,
      createdAt: postCommentReactions.createdAt,
    })
    .from(postCommentReactions)
    .where(eq(postCommentReactions.userId, userId))
    .limit(cap);
  // points_transactions_user_newest_idx; the activity is one of a handful of rows
  const ledger = db
    .select({
      points: pointsTransactions.points,
      activity: pointsActivities.name,
      description: pointsTransactions.description,
      referenceType: pointsTransactions.referenceType,
      referenceId: pointsTransactions.referenceId,
      createdAt: pointsTransactions.createdAt,
    })
    .from(pointsTransactions)
    .innerJoin(pointsActivities, eq(pointsActivities.id, pointsTransactions.activityId))
    .where(eq(pointsTransactions.userId, userId))
    .orderBy(desc(pointsTransactions.createdAt))
    .limit(cap);
  // reports_reporter_newest_idx
  const myReports = db
    .select({
      id: reports.id,
      kolHandle: reports.kolHandle,
      category: reports.category,
      description: reports.description,
      contractAddress: reports.contractAddress,
      txHash: reports.txHash,
      status: reports.status,
      reviewReason: reports.reviewReason,
      reviewedAt: reports.reviewedAt,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(cap);

  return { myPosts, myComments, postLikeRows, commentLikeRows, reactionRows, ledger, myReports };
}

/**
 * GET /api/me/export: the member's own data as one JSON document. Only what they wrote or own: no password hash, no
 * session or verification tokens, no TOTP secret, no other member's e-mail (a report's reviewer is not named).
 */
export async function exportMyData(deps: TDeps, viewer: TViewer | null): Promise<TMyDataExport> {
  const me = requireViewer(viewer, M.auth.signInRequired);
  const { db } = deps;
  const cap = EXPORT_MAX_ROWS_PER_SECTION;
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, me.id));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, me.id));
  if (!account || !profile) throw new AppError("UNAUTHORIZED", M.auth.signInRequired);

  const q = exportQueries(db, me.id, cap);
  const [myPosts, myComments, postLikeRows, commentLikeRows, reactionRows, ledger, myReports] = [
    await q.myPosts,
    await q.myComments,
    await q.postLikeRows,
    await q.commentLikeRows,
    await q.reactionRows,
    await q.ledger,
    await q.myReports,
  ];
  const sections = {
    posts: myPosts,
    comments: myComments,
    postLikes: postLikeRows,
    commentLikes: commentLikeRows,
    commentReactions: reactionRows,
    pointsLedger: ledger,
    reports: myReports,
  };
  return {
    format: "plugs-and-rugs-export/1",
    exportedAt: new Date().toISOString(),
    account: {
      id: account.id,
      email: account.email,
      emailVerified: account.emailVerified,
      twoFactorEnabled: !!account.twoFactorEnabled,
      createdAt: account.createdAt.toISOString(),
    },
    profile: {
      username: profile.username,
      displayName: profile.displayName,
      bio: profile.bio,
      website: profile.website,
      xHandle: profile.xHandle,
      telegram: profile.telegram,
      avatarUrl: profile.avatarUrl,
      bannerUrl: profile.bannerUrl,
      isVerified: profile.isVerified,
      points: profile.points,
      followersCount: profile.followersCount,
      followingCount: profile.followingCount,
      createdAt: profile.createdAt.toISOString(),
    },
    posts: myPosts.map((p) => ({ ...p, createdAt: iso(p.createdAt), editedAt: iso(p.editedAt) })),
    comments: myComments.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    reactions: {
      postLikes: postLikeRows.map((r) => ({ postId: r.postId, createdAt: r.createdAt.toISOString() })),
      commentLikes: commentLikeRows.map((r) => ({
        commentId: r.commentId,
        createdAt: r.createdAt.toISOString(),
      })),
      commentReactions: reactionRows.map((r) => ({
        commentId: r.commentId,
        emoji: r.emoji,
        createdAt: r.createdAt.toISOString(),
      })),
    },
    points: {
      balance: profile.points,
      ledger: ledger.map((l) => ({ ...l, createdAt: iso(l.createdAt) })),
    },
    reports: myReports.map((r) => ({ ...r, reviewedAt: iso(r.reviewedAt), createdAt: iso(r.createdAt) })),
    truncated: Object.entries(sections)
      .filter(([, rows]) => rows.length >= cap)
      .map(([name]) => name),
  };
}
