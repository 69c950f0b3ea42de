import type { TPost } from "@plugs/domain";
import { LoadError } from "../../components/load-error.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatDate } from "../../lib/format.ts";
import { usePostEdits } from "./queries.ts";

/** Every version of a post's text: the current one, then the earlier ones, newest first. */
export function PostHistoryDialog({
  post,
  open,
  onOpenChange,
}: {
  post: TPost;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const edits = usePostEdits(post.id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogTitle>Edit history</DialogTitle>
        <DialogDescription>Earlier versions of this post, newest first.</DialogDescription>
        <ol className="mt-4 flex flex-col gap-3">
          <li className="rounded-xl border border-accent/40 bg-accent-soft p-3">
            <p className="text-xs font-semibold text-accent">
              Current version{post.editedAt ? ` · ${formatDate(post.editedAt)}` : ""}
            </p>
            <p className="mt-1.5 whitespace-pre-wrap break-words text-sm">{post.content}</p>
          </li>
          {edits.isPending ? (
            <li className="flex justify-center py-4 text-accent">
              <Spinner label="Loading earlier versions" />
            </li>
          ) : edits.isError ? (
            <li>
              <LoadError
                look="inset"
                title="Failed to load earlier versions"
                onRetry={() => void edits.refetch()}
                busy={edits.isFetching}
              />
            </li>
          ) : edits.data.length === 0 ? (
            <li className="text-sm text-muted">No earlier versions.</li>
          ) : (
            edits.data.map((edit, i) => (
              <li key={edit.id} className="rounded-xl border border-border p-3">
                <p className="text-xs font-semibold text-muted">
                  {i === edits.data.length - 1 ? "Original" : "Earlier version"} · replaced{" "}
                  {formatDate(edit.editedAt)}
                </p>
                <p className="mt-1.5 whitespace-pre-wrap break-words text-sm">
                  {edit.content || "(no text)"}
                </p>
              </li>
            ))
          )}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
