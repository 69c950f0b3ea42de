import { zodResolver } from "@hookform/resolvers/zod";
import { M, POST_LIMITS, type TGif, ZCreatePostRequest } from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { ImagePlus } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { fileAccept } from "../../../lib/file-accept.ts";
import { createPost, UploadCancelled } from "../api.ts";
import { refreshAfterCreate } from "../queries.ts";
import { AttachmentPreviews } from "./attachment-previews.tsx";
import { GifButton } from "./gif-button.tsx";
import { MentionTextarea } from "./mention-textarea.tsx";
import { useAttachments } from "./use-attachments.ts";

const ACCEPT = fileAccept(["image", "video"]);

/**
 * Writing a post: text with @mention suggestions, up to 4 images, videos or GIFs (picked, pasted or dropped, put in
 * order, each with alt text), and upload progress (the whole and each file's) that can be cancelled. The shared schema checks it here; the server checks it again (and the files by their bytes).
 */
export function CreatePostForm({
  communityId,
  onCreated,
  onCancel,
  autoFocus = false,
  createdMessage = M.posts.created,
}: {
  communityId?: string;
  /** The success toast outside a community (a community's post always says it went there). */
  createdMessage?: string;
  onCreated?: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const inFlight = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);

  const form = useForm({
    resolver: zodResolver(ZCreatePostRequest),
    defaultValues: { content: "", communityId: communityId ?? null, media: [] as File[], gifs: [] as TGif[] },
  });
  const attachments = useAttachments(form);
  const { media, fileError, setFileError } = attachments;
  const busy = progress !== null;
  const error = form.formState.errors.content?.message ?? form.formState.errors.media?.message ?? fileError;

  useEffect(() => () => inFlight.current?.abort(), []);

  const submit = form.handleSubmit(async (values) => {
    // Spec: a second submit while one is in progress is ignored.
    if (inFlight.current) return;
    setFileError(null);
    const body = new FormData();
    body.set("content", values.content);
    if (values.communityId) body.set("communityId", values.communityId);
    for (const file of media) body.append("media", file);
    if (values.gifs.length > 0) body.set("gifs", JSON.stringify(values.gifs));
    const mediaAlt = attachments.mediaAlt();
    if (mediaAlt.some(Boolean)) body.set("mediaAlt", JSON.stringify(mediaAlt));
    const controller = new AbortController();
    inFlight.current = controller;
    setProgress(0);
    try {
      await createPost(body, { onProgress: setProgress, signal: controller.signal });
      form.reset({ content: "", communityId: communityId ?? null, media: [], gifs: [] });
      attachments.reset();
      setFileError(null);
      toast.success(values.communityId ? M.posts.createdInCommunity : createdMessage, {
        description: media.length > 0 ? M.posts.mediaUploaded : undefined,
      });
      refreshAfterCreate(queryClient);
      onCreated?.();
    } catch (err) {
      if (err instanceof UploadCancelled) {
        toast(M.posts.uploadCancelled);
      } else if (err instanceof ApiError && err.status !== 0 && err.status < 500) {
        if (err.fields?.content) {
          form.setError("content", { message: err.fields.content });
          toast.error(M.posts.createError(err.message));
        } else {
          setFileError(err.message);
          attachments.markRefused(err.fields);
          // With files attached, a refused body (a file's type, size, pixels or bytes, or their count) is an upload
          // error; the rest (a community left, a limit reached) refuse the post.
          const aboutFiles = media.length > 0 && [400, 413, 415].includes(err.status);
          toast.error(aboutFiles ? M.posts.mediaUploadError(err.message) : M.posts.createError(err.message));
        }
      } else {
        toast.error(M.posts.createFailed);
      }
    } finally {
      inFlight.current = null;
      setProgress(null);
    }
  });

  // Each file's share of the upload: the body carries the files in order, so the bytes sent so far fill them in turn.
  const progressOf = (file: File): number | null => {
    if (progress === null) return null;
    const total = media.reduce((sum, f) => sum + f.size, 0) || 1;
    const sent = progress * total;
    const start = media.slice(0, media.indexOf(file)).reduce((sum, f) => sum + f.size, 0);
    return Math.min(1, Math.max(0, (sent - start) / (file.size || 1)));
  };
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Create a post"
      className={cn(
        "relative flex flex-col gap-3 rounded-xl",
        dragging && "ring-2 ring-accent ring-offset-4 ring-offset-surface",
      )}
      // Pictures pasted into the text, or dropped anywhere on the form, are attached as if picked.
      onPaste={(event) => {
        if (busy || event.clipboardData.files.length === 0) return;
        event.preventDefault();
        attachments.addFiles(event.clipboardData.files);
      }}
      onDragOver={(event) => {
        if (busy || !hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        setDragging(false);
        if (busy || !hasFiles(event)) return;
        event.preventDefault();
        attachments.addFiles(event.dataTransfer.files);
      }}
    >
      {dragging ? (
        <p className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-xl bg-surface/90 text-sm font-semibold text-accent">
          Drop images or videos to attach them
        </p>
      ) : null}
      <Controller
        control={form.control}
        name="content"
        render={({ field }) => (
          <MentionTextarea
            className="min-h-28"
            value={field.value ?? ""}
            onChange={(value) => {
              field.onChange(value);
              if (form.formState.errors.content) form.clearErrors("content");
            }}
            onBlur={field.onBlur}
            aria-label="Post text"
            placeholder="What's happening in crypto? Use @ to mention someone."
            aria-invalid={error ? true : undefined}
            // Read-only rather than disabled: what was written stays readable while it uploads.
            readOnly={busy}
            autoFocus={autoFocus}
            onSubmitShortcut={() => void submit()}
          />
        )}
      />

      <AttachmentPreviews
        media={media}
        gifs={attachments.gifs}
        onRemoveFile={attachments.removeFile}
        onRemoveGif={attachments.removeGif}
        onMoveFile={attachments.moveFile}
        onMoveGif={attachments.moveGif}
        altOf={attachments.altOf}
        onAlt={attachments.setAlt}
        progressOf={progressOf}
        refused={attachments.refused}
      />

      {error ? (
        <p role="alert" className="text-sm font-medium text-rug">
          {error}
        </p>
      ) : null}

      {busy ? (
        <div className="flex items-center gap-3 rounded-xl border border-border bg-surface-2/50 p-3">
          <div className="flex-1">
            <p className="mb-1.5 text-xs font-medium text-muted">
              {media.length > 0 ? `Uploading... ${Math.round((progress ?? 0) * 100)}%` : "Posting..."}
            </p>
            <Progress value={progress ?? 0} label="Upload progress" />
          </div>
          <Button variant="secondary" size="sm" onClick={() => inFlight.current?.abort()}>
            Cancel upload
          </Button>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-1">
        <input
          ref={attachments.fileInput}
          id={fileInputId}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => attachments.addFiles(event.target.files)}
          aria-label="Add images or videos"
        />
        <Button
          variant="ghost"
          size="sm"
          disabled={busy || attachments.full}
          onClick={() => attachments.fileInput.current?.click()}
        >
          <ImagePlus aria-hidden /> Media
        </Button>
        <GifButton disabled={busy || attachments.full} onPick={attachments.addGif} />
        <span className="ml-1 text-xs text-muted tabular-nums" aria-live="polite">
          {attachments.count}/{POST_LIMITS.maxAttachments}
        </span>
        <div className="ml-auto flex gap-2">
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" busy={busy} busyLabel="Posting...">
            Post
          </Button>
        </div>
      </div>
    </form>
  );
}
