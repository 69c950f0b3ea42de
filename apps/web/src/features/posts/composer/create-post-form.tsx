import { zodResolver } from "@hookform/resolvers/zod";
import { checkFileClaim, M, POST_LIMITS, type TGif, ZCreatePostRequest } from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Film, ImagePlus, Sticker, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { fileAccept } from "../../../lib/file-accept.ts";
import { createPost, UploadCancelled } from "../api.ts";
import { refreshAfterCreate, useGifStatus } from "../queries.ts";
import { GifPickerDialog } from "./gif-picker-dialog.tsx";
import { MentionTextarea } from "./mention-textarea.tsx";

const ACCEPT = fileAccept(["image", "video"]);

// Picked files have no id of their own; the same File object keeps its key while others come and go.
const fileKeys = new WeakMap<File, string>();
let nextFileKey = 0;
function fileKey(file: File): string {
  let key = fileKeys.get(file);
  if (!key) {
    nextFileKey += 1;
    key = `file-${nextFileKey}`;
    fileKeys.set(file, key);
  }
  return key;
}

/** A picked file with its preview address (revoked when it goes). */
function FilePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <li className="relative aspect-square overflow-hidden rounded-lg border border-border bg-surface-2">
      {file.type.startsWith("video/") ? (
        <div className="flex size-full flex-col items-center justify-center gap-1 p-2 text-muted">
          <Film className="size-6" aria-hidden />
          <span className="w-full truncate text-center text-xs">{file.name}</span>
        </div>
      ) : (
        <img src={url} alt={file.name} className="size-full object-cover" />
      )}
      <RemoveButton label={`Remove ${file.name}`} onClick={onRemove} />
    </li>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="absolute top-1 right-1 inline-flex size-7 cursor-pointer items-center justify-center rounded-full bg-black/65 text-white hover:bg-black/85"
    >
      <X className="size-4" aria-hidden />
    </button>
  );
}

/**
 * Writing a post: text with @mention suggestions, up to 4 images, videos or GIFs, and an upload progress bar that
 * can be cancelled. The shared schema checks it here; the server checks it again (and the files by their bytes).
 */
export function CreatePostForm({
  communityId,
  onCreated,
  onCancel,
  autoFocus = false,
}: {
  communityId?: string;
  onCreated?: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const inFlight = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [gifOpen, setGifOpen] = useState(false);
  const gifStatus = useGifStatus();
  const gifsOff = gifStatus.data?.configured === false;

  const form = useForm({
    resolver: zodResolver(ZCreatePostRequest),
    defaultValues: { content: "", communityId: communityId ?? null, media: [] as File[], gifs: [] as TGif[] },
  });
  const media = (form.watch("media") ?? []) as File[];
  const gifs = (form.watch("gifs") ?? []) as TGif[];
  const attached = media.length + gifs.length;
  const busy = progress !== null;
  const error = form.formState.errors.content?.message ?? form.formState.errors.media?.message ?? fileError;

  useEffect(() => () => inFlight.current?.abort(), []);

  const addFiles = (files: FileList | null) => {
    setFileError(null);
    form.clearErrors();
    const next = [...media];
    for (const file of Array.from(files ?? [])) {
      if (next.length + gifs.length >= POST_LIMITS.maxAttachments) {
        setFileError(M.posts.tooManyMedia);
        break;
      }
      const problem = checkFileClaim(file, ["image", "video"]);
      if (problem) {
        setFileError(problem);
        continue;
      }
      next.push(file);
    }
    form.setValue("media", next);
    if (fileInput.current) fileInput.current.value = "";
  };

  const addGif = (gif: TGif) => {
    form.clearErrors();
    if (attached >= POST_LIMITS.maxAttachments) {
      setFileError(M.posts.tooManyMedia);
      return;
    }
    setFileError(null);
    // The same GIF twice would be the same picture twice.
    if (!gifs.some((g) => g.id === gif.id)) form.setValue("gifs", [...gifs, gif]);
  };

  const submit = form.handleSubmit(async (values) => {
    // Spec: a second submit while one is in progress is ignored.
    if (inFlight.current) return;
    setFileError(null);
    const body = new FormData();
    body.set("content", values.content);
    if (values.communityId) body.set("communityId", values.communityId);
    for (const file of media) body.append("media", file);
    if (values.gifs.length > 0) body.set("gifs", JSON.stringify(values.gifs));
    const controller = new AbortController();
    inFlight.current = controller;
    setProgress(0);
    try {
      await createPost(body, { onProgress: setProgress, signal: controller.signal });
      form.reset({ content: "", communityId: communityId ?? null, media: [], gifs: [] });
      setFileError(null);
      toast.success(values.communityId ? M.posts.createdInCommunity : M.posts.created);
      refreshAfterCreate(queryClient);
      onCreated?.();
    } catch (err) {
      if (err instanceof UploadCancelled) {
        toast(M.posts.uploadCancelled);
      } else if (err instanceof ApiError && err.status !== 0 && err.status < 500) {
        if (err.fields?.content) form.setError("content", { message: err.fields.content });
        else setFileError(err.message);
        toast.error(err.message);
      } else {
        toast.error(M.posts.createFailed);
      }
    } finally {
      inFlight.current = null;
      setProgress(null);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create a post" className="flex flex-col gap-3">
      <Controller
        control={form.control}
        name="content"
        render={({ field }) => (
          <MentionTextarea
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

      {attached > 0 ? (
        <ul className="grid grid-cols-4 gap-2" aria-label="Attachments">
          {media.map((file, i) => (
            <FilePreview
              key={fileKey(file)}
              file={file}
              onRemove={() =>
                form.setValue(
                  "media",
                  media.filter((_, j) => j !== i),
                )
              }
            />
          ))}
          {gifs.map((gif, i) => (
            <li
              key={gif.id}
              className="relative aspect-square overflow-hidden rounded-lg border border-border"
            >
              <img src={gif.preview} alt={gif.title || "GIF"} className="size-full object-cover" />
              <span className="absolute bottom-1 left-1 rounded bg-black/65 px-1.5 text-[10px] font-bold text-white">
                GIF
              </span>
              <RemoveButton
                label={`Remove GIF ${gif.title}`}
                onClick={() =>
                  form.setValue(
                    "gifs",
                    gifs.filter((_, j) => j !== i),
                  )
                }
              />
            </li>
          ))}
        </ul>
      ) : null}

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
          ref={fileInput}
          id={fileInputId}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => addFiles(event.target.files)}
          aria-label="Add images or videos"
        />
        <Button
          variant="ghost"
          size="sm"
          disabled={busy || attached >= POST_LIMITS.maxAttachments}
          onClick={() => fileInput.current?.click()}
        >
          <ImagePlus aria-hidden /> Media
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy || attached >= POST_LIMITS.maxAttachments}
          aria-disabled={gifsOff || undefined}
          title={gifsOff ? M.gifs.notConfigured : undefined}
          aria-label={gifsOff ? `GIF: ${M.gifs.notConfigured}` : "Add a GIF"}
          className={cn(gifsOff && "opacity-60")}
          onClick={() => (gifsOff ? toast.info(M.gifs.notConfigured) : setGifOpen(true))}
        >
          <Sticker aria-hidden /> GIF
        </Button>
        <span className="ml-1 text-xs text-muted tabular-nums" aria-live="polite">
          {attached}/{POST_LIMITS.maxAttachments}
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
      {gifsOff ? <p className="-mt-1 text-xs text-muted">{M.gifs.notConfigured}</p> : null}
      <GifPickerDialog open={gifOpen} onOpenChange={setGifOpen} onPick={addGif} />
    </form>
  );
}
