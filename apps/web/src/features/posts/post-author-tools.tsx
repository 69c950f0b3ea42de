import { M, MODERATION_M, type TPost, ZUpdatePostRequest } from "@plugs/domain";
import { Flag, Pencil, ShieldX, Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { refusalMessage } from "../../lib/api.ts";
import { MentionTextarea } from "./composer/mention-textarea.tsx";
import { PostOptionsButton } from "./post-options-button.tsx";
import { useDeletePost, useUpdatePost } from "./queries.ts";

// The post card's menu and author tools, loaded only for a signed-in viewer (post-card.tsx).

/**
 * The post's menu: Edit and Delete for its author; Report this post for other members; Remove post (with a reason,
 * restorable) for an admin on someone else's.
 */
export function PostAuthorMenu({
  onEdit,
  onDelete,
  onReport,
  onRemove,
}: {
  onEdit?: () => void;
  onDelete?: () => void;
  onReport?: () => void;
  onRemove?: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <PostOptionsButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40">
        {onEdit ? (
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden /> Edit
          </DropdownMenuItem>
        ) : null}
        {onReport ? (
          <DropdownMenuItem onSelect={onReport}>
            <Flag aria-hidden /> {MODERATION_M.reportPost}
          </DropdownMenuItem>
        ) : null}
        {onRemove ? (
          <DropdownMenuItem onSelect={onRemove} className="text-rug [&_svg]:text-rug">
            <ShieldX aria-hidden /> Remove post
          </DropdownMenuItem>
        ) : null}
        {onDelete ? (
          <DropdownMenuItem onSelect={onDelete} className="text-rug [&_svg]:text-rug">
            <Trash2 aria-hidden /> Delete
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function InlineEditor({ post, onDone }: { post: TPost; onDone: () => void }) {
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
        onError: (err) => {
          const message = refusalMessage(err, M.generic.unexpected);
          setError(message);
          toast.error(M.posts.updateError(message));
        },
      },
    );
  };
  return (
    <div className="mt-3">
      <MentionTextarea
        className="min-h-28"
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

export function DeleteDialog({
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
    <ConfirmDeleteDialog
      title="Delete this post?"
      description="The post, its media, likes and comments will be removed for everyone. This cannot be undone."
      open={open}
      onOpenChange={onOpenChange}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(post.id, {
          onSuccess: () => {
            onOpenChange(false);
            onDeleted?.();
          },
        })
      }
    />
  );
}
