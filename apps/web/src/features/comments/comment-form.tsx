import { zodResolver } from "@hookform/resolvers/zod";
import { COMMENT_LIMITS, checkFileClaim, FILE_RULES, M, ZCreateCommentRequest } from "@plugs/domain";
import { Paperclip, Send, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Textarea } from "../../components/ui/input.tsx";
import { ApiError } from "../../lib/api.ts";
import { fileAccept } from "../../lib/file-accept.ts";
import { humanSize } from "./comment-attachments.tsx";
import { useCreateComment } from "./queries.ts";

// With the document extensions too: some systems give documents no MIME type.
const ACCEPT = fileAccept(["image", "document", "video"], ["document"]);

/** The browser's quick check; a file the browser cannot type is left for the server, which checks the bytes. */
function fileProblem(file: File): string | null {
  if (file.type === "") return file.size > FILE_RULES.document.maxBytes ? M.files.unsupported : null;
  return checkFileClaim(file, ["image", "document", "video"]);
}

/** The comment form under a post: text and up to four attachments; sends non-blank text or a file. */
export function CommentForm({ postId }: { postId: string }) {
  const create = useCreateComment(postId);
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZCreateCommentRequest),
    defaultValues: { content: "", parentId: null, attachments: [] as File[] },
  });
  const files = (form.watch("attachments") ?? []) as File[];
  const error =
    form.formState.errors.content?.message ?? form.formState.errors.attachments?.message ?? fileError;

  const addFiles = (list: FileList | null) => {
    setFileError(null);
    form.clearErrors();
    const next = [...files];
    for (const file of Array.from(list ?? [])) {
      if (next.length >= COMMENT_LIMITS.maxAttachments) {
        setFileError(M.comments.tooManyAttachments);
        break;
      }
      const problem = fileProblem(file);
      if (problem) {
        setFileError(problem);
        continue;
      }
      next.push(file);
    }
    form.setValue("attachments", next);
    if (fileInput.current) fileInput.current.value = "";
  };

  const submit = form.handleSubmit(async (values) => {
    if (create.isPending) return;
    try {
      await create.mutateAsync({ content: values.content, attachments: files });
      form.reset({ content: "", parentId: null, attachments: [] });
      setFileError(null);
    } catch (err) {
      // The toast says what went wrong; the field keeps the server's word next to the text.
      if (err instanceof ApiError && err.status > 0 && err.status < 500) setFileError(err.message);
    }
  });

  return (
    <form onSubmit={submit} aria-label="Add a comment" className="flex flex-col gap-2" noValidate>
      <label htmlFor={inputId} className="sr-only">
        Comment text
      </label>
      <Textarea
        id={inputId}
        rows={3}
        placeholder="Write a comment..."
        maxLength={COMMENT_LIMITS.maxContentLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...form.register("content")}
      />
      {files.length > 0 ? (
        <ul aria-label="Attached files" className="flex flex-wrap gap-2">
          {files.map((file, i) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="inline-flex max-w-full items-center gap-1.5 rounded-lg border border-border bg-surface-2 py-1 pr-1 pl-2.5 text-xs"
            >
              <span className="truncate">{file.name}</span>
              <span className="shrink-0 text-muted">{humanSize(file.size)}</span>
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                onClick={() =>
                  form.setValue(
                    "attachments",
                    files.filter((_, j) => j !== i),
                  )
                }
                className="inline-flex size-6 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-surface hover:text-foreground"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-rug">
          {error}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => addFiles(e.target.files)}
        />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => fileInput.current?.click()}
          disabled={files.length >= COMMENT_LIMITS.maxAttachments}
        >
          <Paperclip aria-hidden /> Attach
          <span className="text-muted tabular-nums">
            {files.length}/{COMMENT_LIMITS.maxAttachments}
          </span>
        </Button>
        <Button type="submit" size="sm" busy={create.isPending} busyLabel="Posting...">
          <Send aria-hidden /> Post Comment
        </Button>
      </div>
    </form>
  );
}

/** The reply box under a thread: sends only non-blank text (spec). */
export function ReplyForm({
  postId,
  parentId,
  replyingTo,
  onDone,
}: {
  postId: string;
  parentId: string;
  replyingTo: string;
  onDone: () => void;
}) {
  const create = useCreateComment(postId);
  const [text, setText] = useState("");
  const blank = text.trim() === "";
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (blank || create.isPending) return;
    try {
      await create.mutateAsync({ content: text, parentId });
      setText("");
      onDone();
    } catch {
      // The toast has told them; the text stays so nothing is lost.
    }
  };
  return (
    <form onSubmit={submit} aria-label={`Reply to ${replyingTo}`} className="mt-3 flex flex-col gap-2">
      <Textarea
        rows={2}
        aria-label="Reply text"
        placeholder={`Reply to @${replyingTo}...`}
        maxLength={COMMENT_LIMITS.maxContentLength}
        value={text}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") onDone();
        }}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={blank} busy={create.isPending} busyLabel="Replying...">
          Reply
        </Button>
      </div>
    </form>
  );
}
