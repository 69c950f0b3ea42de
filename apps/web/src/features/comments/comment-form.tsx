import { zodResolver } from "@hookform/resolvers/zod";
import {
  COMMENT_LIMITS,
  checkFileClaim,
  FILE_RULES,
  M,
  type TGif,
  ZCreateCommentRequest,
} from "@plugs/domain";
import { Paperclip, Send, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { ApiError } from "../../lib/api.ts";
import { fileAccept } from "../../lib/file-accept.ts";
import { GifButton } from "../posts/composer/gif-button.tsx";
import { MentionTextarea } from "../posts/composer/mention-textarea.tsx";
import { humanSize } from "./comment-attachments.tsx";
import { useCreateComment } from "./queries.ts";

// With the document extensions too: some systems give documents no MIME type.
const ACCEPT = fileAccept(["image", "document", "video"], ["document"]);

/** The browser's quick check; a file the browser cannot type is left for the server, which checks the bytes. */
function fileProblem(file: File): string | null {
  if (file.type === "") return file.size > FILE_RULES.document.maxBytes ? M.files.unsupported : null;
  return checkFileClaim(file, ["image", "document", "video"]);
}

/**
 * The comment form under a post: text with @mention suggestions, and up to four files and GIPHY GIFs together;
 * sends non-blank text, a file or a GIF.
 */
export function CommentForm({ postId }: { postId: string }) {
  const create = useCreateComment(postId);
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZCreateCommentRequest),
    defaultValues: { content: "", parentId: null, attachments: [] as File[], gifs: [] as TGif[] },
  });
  const files = (form.watch("attachments") ?? []) as File[];
  const gifs = (form.watch("gifs") ?? []) as TGif[];
  const attached = files.length + gifs.length;
  const full = attached >= COMMENT_LIMITS.maxAttachments;
  const error =
    form.formState.errors.content?.message ?? form.formState.errors.attachments?.message ?? fileError;

  const addFiles = (list: FileList | null) => {
    setFileError(null);
    form.clearErrors();
    const next = [...files];
    for (const file of Array.from(list ?? [])) {
      if (next.length + gifs.length >= COMMENT_LIMITS.maxAttachments) {
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

  const addGif = (gif: TGif) => {
    setFileError(null);
    form.clearErrors();
    if (full) setFileError(M.comments.tooManyAttachments);
    // The same GIF twice would be the same picture twice.
    else if (!gifs.some((g) => g.id === gif.id)) form.setValue("gifs", [...gifs, gif]);
  };

  const submit = form.handleSubmit(async (values) => {
    if (create.isPending) return;
    try {
      await create.mutateAsync({ content: values.content, attachments: files, gifs });
      form.reset({ content: "", parentId: null, attachments: [], gifs: [] });
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
      <Controller
        control={form.control}
        name="content"
        render={({ field }) => (
          <MentionTextarea
            id={inputId}
            rows={3}
            placeholder="Write a comment... Use @ to mention someone."
            maxLength={COMMENT_LIMITS.maxContentLength}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            value={field.value ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            onSubmitShortcut={() => void submit()}
          />
        )}
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
      {gifs.length > 0 ? (
        <ul aria-label="Attached GIFs" className="flex flex-wrap gap-2">
          {gifs.map((gif) => (
            <li key={gif.id} className="relative size-20 overflow-hidden rounded-lg border border-border">
              <img src={gif.preview} alt={gif.title || "GIF"} className="size-full object-cover" />
              <button
                type="button"
                aria-label={`Remove GIF ${gif.title}`}
                onClick={() =>
                  form.setValue(
                    "gifs",
                    gifs.filter((g) => g.id !== gif.id),
                  )
                }
                className="absolute top-1 right-1 inline-flex size-6 cursor-pointer items-center justify-center rounded-full bg-black/70 text-white hover:bg-black"
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
      <div className="flex flex-wrap items-center justify-between gap-2">
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
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => fileInput.current?.click()}
            disabled={full}
          >
            {/* A phone's row has room for the icon only; the name stays for screen readers. */}
            <Paperclip aria-hidden /> <span className="max-sm:sr-only">Attach</span>
          </Button>
          <GifButton disabled={full} onPick={addGif} />
          <span className="ml-1 text-xs text-muted tabular-nums" aria-live="polite">
            {attached}/{COMMENT_LIMITS.maxAttachments}
          </span>
        </div>
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
  const submit = async (e?: React.FormEvent) => {
    e?.preventDefault();
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
      <MentionTextarea
        rows={2}
        aria-label="Reply text"
        placeholder={`Reply to @${replyingTo}...`}
        maxLength={COMMENT_LIMITS.maxContentLength}
        value={text}
        autoFocus
        onChange={setText}
        onSubmitShortcut={() => void submit()}
        onKeyDown={(e) => {
          // Escape closes open suggestions first (the textarea handles it); a second Escape closes the reply.
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
