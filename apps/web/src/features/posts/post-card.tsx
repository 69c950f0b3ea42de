import { postPreview, type TPost } from "@plugs/domain";
import { BadgeCheck, Eye, Users } from "lucide-react";
import { Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { DateTime } from "../../components/date-time.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { cn } from "../../lib/cn.ts";
import { lazyNamed } from "../../lib/lazy-named.ts";
import { useSession } from "../auth/session.ts";
import { PostActions } from "./post-actions.tsx";
import { PostContent } from "./post-content.tsx";
import { MediaGrid } from "./post-media.tsx";
import { PostOptionsButton } from "./post-options-button.tsx";

// What only the author or a click needs (the options menu, the editor and its schema, the dialogs) loads when
// drawn, so a visitor's feed does not carry it.
const PostAuthorMenu = lazyNamed(() => import("./post-author-tools.tsx"), "PostAuthorMenu");
const InlineEditor = lazyNamed(() => import("./post-author-tools.tsx"), "InlineEditor");
const DeleteDialog = lazyNamed(() => import("./post-author-tools.tsx"), "DeleteDialog");
const PostHistoryDialog = lazyNamed(() => import("./post-history-dialog.tsx"), "PostHistoryDialog");
const ReportDialog = lazyNamed(() => import("../moderation/moderation-dialogs.tsx"), "ReportDialog");
const RemoveDialog = lazyNamed(() => import("../moderation/moderation-dialogs.tsx"), "RemoveDialog");

const UNKNOWN_USER = "Unknown User";

/**
 * One post as the feed, the Community Posts page and the post page show it. `variant="preview"` cuts long text at 300
 * characters with 'Read more'; `full` shows it all. Its author gets Edit and Delete, other members Report this post,
 * admins Report this post and Remove post (never Delete: a removal is restorable and its author is told why).
 */
export function PostCard({
  post,
  variant = "preview",
  autoPauseVideo = false,
  headingLevel = "h2",
}: {
  post: TPost;
  variant?: "preview" | "full";
  autoPauseVideo?: boolean;
  headingLevel?: "h1" | "h2" | "h3";
}) {
  const { session } = useSession();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  // null until first opened: the dialogs' code loads then.
  const [historyOpen, setHistoryOpen] = useState<boolean | null>(null);
  const [deleteOpen, setDeleteOpen] = useState<boolean | null>(null);
  const [reportOpen, setReportOpen] = useState<boolean | null>(null);
  const [removeOpen, setRemoveOpen] = useState<boolean | null>(null);
  const isAuthor = session?.user.id === post.author.id;
  const isAdmin = session?.isAdmin === true;
  // Its author edits and deletes it; an admin removes someone else's (with a reason the author is told, restorable
  // for 30 days, in the audit log), never deletes it; any other member may report it.
  const canDelete = isAuthor;
  const canRemove = isAdmin && !isAuthor;
  const canReport = !!session && !isAuthor;
  const known = post.author.username !== UNKNOWN_USER;
  const preview =
    variant === "preview" ? postPreview(post.content) : { text: post.content, truncated: false };
  const Heading = headingLevel;

  return (
    <article
      aria-labelledby={`post-${post.id}-author`}
      className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-5"
    >
      <header className="flex items-start gap-3">
        {known ? (
          <Link to={`/user/${encodeURIComponent(post.author.username)}`} tabIndex={-1} aria-hidden>
            <Avatar
              src={post.author.avatarUrl}
              name={post.author.displayName ?? post.author.username}
              className="size-10"
            />
          </Link>
        ) : (
          <Avatar src={null} name="?" className="size-10" />
        )}
        <div className="min-w-0 flex-1">
          <Heading id={`post-${post.id}-author`} className="flex items-center gap-1 text-sm font-semibold">
            {known ? (
              <Link
                to={`/user/${encodeURIComponent(post.author.username)}`}
                className="flex min-w-0 items-baseline gap-1.5 hover:underline"
              >
                {post.author.displayName ? (
                  <>
                    <span className="truncate">{post.author.displayName}</span>
                    <span className="truncate font-normal text-muted">@{post.author.username}</span>
                  </>
                ) : (
                  <span className="truncate">{post.author.username}</span>
                )}
              </Link>
            ) : (
              <span className="truncate text-muted">{UNKNOWN_USER}</span>
            )}
            {post.author.isVerified ? (
              <BadgeCheck className="size-4 shrink-0 text-accent" aria-label="Verified" />
            ) : null}
          </Heading>
          {/* mt-1.5: the date link sits 24 px (centre to centre) below the author's, a finger's width apart. */}
          <p className="mt-1.5 flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
            <Link to={`/posts/${post.id}`} className="hover:underline">
              <DateTime value={post.createdAt} />
            </Link>
            {post.editedAt ? (
              <>
                <span aria-hidden>·</span>
                <button
                  type="button"
                  onClick={() => setHistoryOpen(true)}
                  className="cursor-pointer underline decoration-dotted underline-offset-2 hover:text-foreground"
                  aria-label="edited: see earlier versions"
                >
                  edited
                </button>
              </>
            ) : null}
            {post.community ? (
              <>
                <span aria-hidden>·</span>
                <Link
                  to={`/communities/${encodeURIComponent(post.community.slug)}`}
                  className="inline-flex items-center gap-1 font-medium text-accent hover:underline"
                >
                  <Users className="size-3" aria-hidden />
                  {post.community.name}
                </Link>
              </>
            ) : null}
          </p>
        </div>
        {session ? (
          <Suspense fallback={<PostOptionsButton disabled />}>
            <PostAuthorMenu
              onEdit={isAuthor ? () => setEditing(true) : undefined}
              onDelete={canDelete ? () => setDeleteOpen(true) : undefined}
              onReport={canReport ? () => setReportOpen(true) : undefined}
              onRemove={canRemove ? () => setRemoveOpen(true) : undefined}
            />
          </Suspense>
        ) : null}
      </header>

      {editing ? (
        <Suspense fallback={null}>
          <InlineEditor post={post} onDone={() => setEditing(false)} />
        </Suspense>
      ) : preview.text ? (
        <div className={cn("mt-3 text-[15px] leading-relaxed", variant === "full" && "text-base")}>
          <PostContent text={preview.text} mentions={post.mentions} />
          {preview.truncated ? (
            <>
              {" "}
              <Link to={`/posts/${post.id}`} className="font-semibold text-accent hover:underline">
                Read more
              </Link>
            </>
          ) : null}
        </div>
      ) : null}

      <MediaGrid media={post.media} author={post.author.username} autoPause={autoPauseVideo} />

      {variant === "full" ? (
        <p className="mt-3 inline-flex items-center gap-1.5 text-xs text-muted">
          <Eye className="size-3.5" aria-hidden />
          {post.viewsCount} {post.viewsCount === 1 ? "view" : "views"}
        </p>
      ) : null}
      <PostActions post={post} />

      {post.editedAt && historyOpen !== null ? (
        <Suspense fallback={null}>
          <PostHistoryDialog post={post} open={historyOpen} onOpenChange={setHistoryOpen} />
        </Suspense>
      ) : null}
      {canReport && reportOpen !== null ? (
        <Suspense fallback={null}>
          <ReportDialog type="post" id={post.id} open={reportOpen} onOpenChange={setReportOpen} />
        </Suspense>
      ) : null}
      {canRemove && removeOpen !== null ? (
        <Suspense fallback={null}>
          <RemoveDialog
            type="post"
            id={post.id}
            open={removeOpen}
            onOpenChange={setRemoveOpen}
            onRemoved={variant === "full" ? () => navigate("/plugfeed") : undefined}
          />
        </Suspense>
      ) : null}
      {canDelete && deleteOpen !== null ? (
        <Suspense fallback={null}>
          <DeleteDialog
            post={post}
            open={deleteOpen}
            onOpenChange={setDeleteOpen}
            onDeleted={variant === "full" ? () => navigate("/plugfeed") : undefined}
          />
        </Suspense>
      ) : null}
    </article>
  );
}

/** The shape of a post while the list loads. */
export function PostCardSkeleton() {
  return (
    <div aria-hidden className="animate-pulse rounded-2xl border border-border bg-surface p-4 sm:p-5">
      <div className="flex items-center gap-3">
        <div className="size-10 rounded-full bg-surface-2" />
        <div className="flex-1 space-y-2">
          <div className="h-3 w-32 rounded bg-surface-2" />
          <div className="h-2.5 w-44 rounded bg-surface-2" />
        </div>
      </div>
      <div className="mt-4 space-y-2">
        <div className="h-3 w-full rounded bg-surface-2" />
        <div className="h-3 w-5/6 rounded bg-surface-2" />
        <div className="h-3 w-2/3 rounded bg-surface-2" />
      </div>
      <div className="mt-4 h-8 w-40 rounded bg-surface-2" />
    </div>
  );
}
