import { M, postPreview, type TPost, ZUpdatePostRequest } from "@plugs/domain";
import { BadgeCheck, Eye, MoreHorizontal, Pencil, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { useSession } from "../auth/session.ts";
import { MentionTextarea } from "./composer/mention-textarea.tsx";
import { PostActions } from "./post-actions.tsx";
import { PostContent } from "./post-content.tsx";
import { PostHistoryDialog } from "./post-history-dialog.tsx";
import { MediaGrid } from "./post-media.tsx";
import { useDeletePost, useUpdatePost } from "./queries.ts";

const UNKNOWN_USER = "Unknown User";

function InlineEditor({ post, onDone }: { post: TPost; onDone: () => void }) {
  const [text, setText] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePost();
  const save = () => {
    if (update.isPending) return;
    const parsed = ZUpdatePostRequest.safeParse({ content: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.generic.unexpected);
      return;
    }
    if (parsed.data.content.trim() === "" && post.media.length === 0) {
      setError(M.posts.contentOrMedia);
      return;
    }
    update.mutate(
      { id: post.id, content: parsed.data.content },
      {
        onSuccess: onDone,
        onError: (err) => setError(err instanceof ApiError ? err.message : M.generic.unexpected),
      },
    );
  };
  return (
    <div className="mt-3">
      <MentionTextarea
        value={text}
        onChange={(value) => {
          setText(value);
          setError(null);
        }}
        aria-label="Edit post text"
        aria-invalid={error ? true : undefined}
        autoFocus
        onSubmitShortcut={save}
      />
      {error ? (
        <p role="alert" className="mt-1.5 text-xs font-medium text-rug">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button size="sm" onClick={save} busy={update.isPending} busyLabel="Saving...">
          Save
        </Button>
      </div>
    </div>
  );
}

function DeleteDialog({
  post,
  open,
  onOpenChange,
  onDeleted,
}: {
  post: TPost;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeletePost();
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogTitle>Delete this post?</DialogTitle>
        <DialogDescription>
          The post, its media, likes and comments will be removed for everyone. This cannot be undone.
        </DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            busyLabel="Deleting..."
            onClick={() =>
              remove.mutate(post.id, {
                onSuccess: () => {
                  onOpenChange(false);
                  onDeleted?.();
                },
              })
            }
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * One post as the feed, the Community Posts page and the post page show it. `variant="preview"` cuts long text at 300
 * characters with 'Read more'; `full` shows it all. Its author gets Edit and Delete.
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
  const [historyOpen, setHistoryOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const isAuthor = session?.user.id === post.author.id;
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
            <Avatar src={post.author.avatarUrl} name={post.author.username} className="size-10" />
          </Link>
        ) : (
          <Avatar src={null} name="?" className="size-10" />
        )}
        <div className="min-w-0 flex-1">
          <Heading id={`post-${post.id}-author`} className="flex items-center gap-1 text-sm font-semibold">
            {known ? (
              <Link
                to={`/user/${encodeURIComponent(post.author.username)}`}
                className="truncate hover:underline"
              >
                {post.author.username}
              </Link>
            ) : (
              <span className="truncate text-muted">{UNKNOWN_USER}</span>
            )}
            {post.author.isVerified ? (
              <BadgeCheck className="size-4 shrink-0 text-accent" aria-label="Verified" />
            ) : null}
          </Heading>
          <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
            <Link to={`/posts/${post.id}`} className="hover:underline">
              <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
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
        {isAuthor ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <button
                type="button"
                aria-label="Post options"
                className="-mt-1 -mr-2 inline-flex size-9 cursor-pointer items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-foreground"
              >
                <MoreHorizontal className="size-5" aria-hidden />
              </button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="min-w-40">
              <DropdownMenuItem onSelect={() => setEditing(true)}>
                <Pencil aria-hidden /> Edit
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setDeleteOpen(true)} className="text-rug [&_svg]:text-rug">
                <Trash2 aria-hidden /> Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </header>

      {editing ? (
        <InlineEditor post={post} onDone={() => setEditing(false)} />
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

      {post.editedAt ? (
        <PostHistoryDialog post={post} open={historyOpen} onOpenChange={setHistoryOpen} />
      ) : null}
      {isAuthor ? (
        <DeleteDialog
          post={post}
          open={deleteOpen}
          onOpenChange={setDeleteOpen}
          onDeleted={variant === "full" ? () => navigate("/plugfeed") : undefined}
        />
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
