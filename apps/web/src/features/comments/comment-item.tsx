import { M, MODERATION_M, type TComment, type TCommentThread } from "@plugs/domain";
import { Flag, Heart, MessageSquareReply, ShieldX, Trash2 } from "lucide-react";
import { Suspense, useState } from "react";
import { Link } from "react-router";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { lazyNamed } from "../../lib/lazy-named.ts";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { useSession } from "../auth/session.ts";
import { PostContent } from "../posts/post-content.tsx";
import { CommentAttachments } from "./comment-attachments.tsx";
import { ReplyForm } from "./comment-form.tsx";
import { CommentReactions } from "./comment-reactions.tsx";
import { useDeleteComment, useToggleCommentLike } from "./queries.ts";

const ReportDialog = lazyNamed(() => import("../moderation/moderation-dialogs.tsx"), "ReportDialog");
const RemoveDialog = lazyNamed(() => import("../moderation/moderation-dialogs.tsx"), "RemoveDialog");

const action =
  "inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg px-2 text-xs font-medium text-muted transition-colors hover:bg-surface-2 hover:text-foreground [&_svg]:size-4";

function DeleteCommentDialog({
  comment,
  postId,
  replyCount,
  open,
  onOpenChange,
}: {
  comment: TComment;
  postId: string;
  replyCount: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteComment(postId);
  return (
    <ConfirmDeleteDialog
      title="Delete this comment?"
      description={`${replyCount > 0 ? "Its replies go with it. " : ""}This cannot be undone.`}
      open={open}
      onOpenChange={onOpenChange}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(comment.id, { onSuccess: () => onOpenChange(false) })}
    />
  );
}

/** One comment: author, date, text, files, like, reactions, Reply and (for its author or an admin) Delete. */
export function CommentItem({
  comment,
  postId,
  replyCount = 0,
  onReply,
}: {
  comment: TComment;
  postId: string;
  /** A thread's replies, which its deletion takes with it. */
  replyCount?: number;
  onReply: (comment: TComment) => void;
}) {
  const { session } = useSession();
  const requireAuth = useRequireAuth();
  const like = useToggleCommentLike(postId);
  const [deleteOpen, setDeleteOpen] = useState(false);
  // null until first opened: the moderation dialogs' code loads then.
  const [reportOpen, setReportOpen] = useState<boolean | null>(null);
  const [removeOpen, setRemoveOpen] = useState<boolean | null>(null);
  // Its author deletes it; an admin removes someone else's (with a reason, restorable), never deletes it.
  const canDelete = !!session && session.user.id === comment.author.id;
  const canReport = !!session && session.user.id !== comment.author.id;
  const canRemove = canReport && session?.isAdmin === true;
  const profile = `/user/${encodeURIComponent(comment.author.username)}`;

  return (
    <article aria-label={`Comment by ${comment.author.username}`} className="flex gap-3">
      <Link to={profile} tabIndex={-1} aria-hidden className="shrink-0">
        <Avatar
          src={comment.author.avatarUrl}
          name={comment.author.displayName ?? comment.author.username}
          className="size-9"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="rounded-xl bg-surface-2 px-3 py-2">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <Link to={profile} className="text-sm font-semibold hover:underline">
              {comment.author.displayName ? (
                <>
                  {comment.author.displayName}{" "}
                  <span className="font-normal text-muted">@{comment.author.username}</span>
                </>
              ) : (
                comment.author.username
              )}
            </Link>
            <time dateTime={comment.createdAt} className="text-xs text-muted">
              {formatDate(comment.createdAt)}
            </time>
          </div>
          {comment.content ? (
            <p className="mt-1 text-sm">
              <PostContent text={comment.content} mentions={comment.mentions} />
            </p>
          ) : null}
          <CommentAttachments attachments={comment.attachments} />
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-1">
          <button
            type="button"
            aria-pressed={comment.likedByMe}
            aria-label={`${comment.likedByMe ? "Unlike" : "Like"} comment, ${comment.likesCount} ${comment.likesCount === 1 ? "like" : "likes"}`}
            onClick={() =>
              requireAuth(M.comments.loginToLike, () => {
                if (!like.isPending) like.mutate({ comment, like: !comment.likedByMe });
              })
            }
            className={cn(action, comment.likedByMe && "text-rug hover:text-rug")}
          >
            <Heart className={cn(comment.likedByMe && "fill-current")} aria-hidden />
            <span className="tabular-nums">{comment.likesCount}</span>
          </button>
          <button
            type="button"
            className={action}
            onClick={() => requireAuth(M.comments.signInToComment, () => onReply(comment))}
          >
            <MessageSquareReply aria-hidden /> Reply
          </button>
          {canDelete ? (
            <button
              type="button"
              className={cn(action, "hover:text-rug")}
              onClick={() => setDeleteOpen(true)}
              aria-label={`Delete comment by ${comment.author.username}`}
            >
              <Trash2 aria-hidden /> Delete
            </button>
          ) : null}
          {canReport ? (
            <button
              type="button"
              className={action}
              onClick={() => setReportOpen(true)}
              aria-label={MODERATION_M.reportComment}
            >
              <Flag aria-hidden /> Report
            </button>
          ) : null}
          {canRemove ? (
            <button
              type="button"
              className={cn(action, "hover:text-rug")}
              onClick={() => setRemoveOpen(true)}
              aria-label={`Remove comment by ${comment.author.username}`}
            >
              <ShieldX aria-hidden /> Remove
            </button>
          ) : null}
          <div className="ml-1">
            <CommentReactions comment={comment} postId={postId} />
          </div>
        </div>
        {canReport && reportOpen !== null ? (
          <Suspense fallback={null}>
            <ReportDialog type="comment" id={comment.id} open={reportOpen} onOpenChange={setReportOpen} />
          </Suspense>
        ) : null}
        {canRemove && removeOpen !== null ? (
          <Suspense fallback={null}>
            <RemoveDialog type="comment" id={comment.id} open={removeOpen} onOpenChange={setRemoveOpen} />
          </Suspense>
        ) : null}
        {canDelete ? (
          <DeleteCommentDialog
            comment={comment}
            postId={postId}
            replyCount={replyCount}
            open={deleteOpen}
            onOpenChange={setDeleteOpen}
          />
        ) : null}
      </div>
    </article>
  );
}

/** A top-level comment with its replies (one level) and, when asked for, the reply box. */
export function CommentThread({ thread, postId }: { thread: TCommentThread; postId: string }) {
  const [replyTo, setReplyTo] = useState<TComment | null>(null);
  return (
    <li className="flex flex-col gap-3">
      <CommentItem comment={thread} postId={postId} replyCount={thread.replies.length} onReply={setReplyTo} />
      {thread.replies.length > 0 || replyTo ? (
        <div className="ml-6 flex flex-col gap-3 border-l border-border pl-3 sm:ml-12 sm:pl-4">
          {thread.replies.length > 0 ? (
            <ul aria-label={`Replies to ${thread.author.username}`} className="flex flex-col gap-3">
              {thread.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem comment={reply} postId={postId} onReply={setReplyTo} />
                </li>
              ))}
            </ul>
          ) : null}
          {replyTo ? (
            <ReplyForm
              key={replyTo.id}
              postId={postId}
              parentId={replyTo.id}
              replyingTo={replyTo.author.username}
              onDone={() => setReplyTo(null)}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
