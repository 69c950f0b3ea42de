import { checkFileClaim, FILE_RULES, M } from "@plugs/domain";
import { ImageUp, Trash2, X } from "lucide-react";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { refusalMessage } from "../lib/api.ts";
import { cn } from "../lib/cn.ts";
import { fileAccept } from "../lib/file-accept.ts";
import { UploadCancelled } from "../lib/upload.ts";
import { Button, type TButtonSize } from "./ui/button.tsx";
import { Progress } from "./ui/progress.tsx";
import { toast } from "./ui/toaster.tsx";

/** Why a picked file cannot go up as an image (the spec's words), or null. The server checks the bytes again. */
export function imageFileProblem(file: File): string | null {
  return file.type.startsWith("image/") ? checkFileClaim(file, ["image"]) : M.files.selectImage;
}

export type TImageUpload = {
  input: RefObject<HTMLInputElement | null>;
  /** The file going up, as an object URL (for a preview in its final shape); null when idle. */
  preview: string | null;
  busy: boolean;
  /** 0..1 of the body sent. */
  progress: number;
  error: string | null;
  pick: (file: File | undefined) => void;
  cancel: () => void;
};

/**
 * One image replaced at a time: a picked file is checked here by type and size, sent by `send` with progress
 * (Cancel aborts it), and `done` is toasted when the server has it; a refusal shows the server's words.
 */
export function useImageUpload({
  send,
  done,
}: {
  send: (
    file: File,
    options: { onProgress: (fraction: number) => void; signal: AbortSignal },
  ) => Promise<unknown>;
  done: string;
}): TImageUpload {
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = async (picked: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!picked) return;
    const problem = imageFileProblem(picked);
    setError(problem);
    if (problem) return;
    const controller = new AbortController();
    abort.current = controller;
    setFile(picked);
    setProgress(0);
    try {
      await send(picked, { onProgress: setProgress, signal: controller.signal });
      toast.success(done);
    } catch (err) {
      if (err instanceof UploadCancelled) return;
      setError(refusalMessage(err, "Failed to upload image"));
    } finally {
      abort.current = null;
      setFile(null);
    }
  };

  return {
    input,
    preview,
    busy: file !== null,
    progress,
    error,
    pick: (picked) => void pick(picked),
    cancel: () => abort.current?.abort(),
  };
}

/**
 * The controls of a `useImageUpload`: the pick button (and Cancel while busy), the hidden file input named
 * '<Name> image', the progress bar or the formats hint, and the error. They sit in the caller's flex column, next to
 * whatever picture the caller shows.
 */
export function ImageUploadControls({
  upload,
  name,
  action,
  size,
}: {
  upload: TImageUpload;
  /** What the image is, lower case: 'avatar', 'banner'. */
  name: string;
  /** The pick button's words, e.g. 'Change avatar'. */
  action: string;
  size?: TButtonSize;
}) {
  const percent = Math.round(upload.progress * 100);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size={size}
          onClick={() => upload.input.current?.click()}
          disabled={upload.busy}
        >
          <ImageUp aria-hidden /> {action}
        </Button>
        {upload.busy ? (
          <Button variant="ghost" size={size} onClick={upload.cancel}>
            <X aria-hidden /> Cancel
          </Button>
        ) : null}
      </div>
      <input
        ref={upload.input}
        type="file"
        accept={fileAccept(["image"])}
        className="sr-only"
        tabIndex={-1}
        aria-label={`${name.charAt(0).toUpperCase()}${name.slice(1)} image`}
        onChange={(event) => upload.pick(event.target.files?.[0])}
      />
      {upload.busy ? (
        <div className="flex items-center gap-3">
          <Progress value={upload.progress} label={`Uploading ${name}`} className="max-w-xs" />
          <span className="text-xs text-muted tabular-nums">{percent}%</span>
        </div>
      ) : (
        <p className="text-xs text-muted">JPEG, PNG, GIF or WebP, up to {FILE_RULES.image.megabytes} MB.</p>
      )}
      {upload.error ? (
        <p role="alert" className="text-xs font-medium text-rug">
          {upload.error}
        </p>
      ) : null}
    </>
  );
}

/**
 * An admin's one picture (a cover, a giveaway's image): the stored one, or the file going up, or a dashed 'No …'
 * box, beside the upload controls and, when there is a picture and a way to drop it, its Remove button.
 */
export function ImageUploadCard({
  upload,
  current,
  alt,
  empty,
  aspect,
  name,
  noun,
  remove,
}: {
  upload: TImageUpload;
  /** The stored picture's address. */
  current: string | null;
  alt: string;
  /** What the box says without a picture, e.g. 'No cover'. */
  empty: string;
  /** The picture's shape, a Tailwind aspect class. */
  aspect: string;
  /** For ImageUploadControls: what the image is, lower case. */
  name: string;
  /** The buttons' noun: 'cover' makes 'Upload cover', 'Change cover' and 'Remove cover'. */
  noun: string;
  remove?: { pending: boolean; onRemove: () => void };
}) {
  const shown = upload.preview ?? current;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      {shown ? (
        <img
          src={shown}
          alt={alt}
          className={cn(aspect, "w-full rounded-xl border border-border object-cover sm:w-56")}
        />
      ) : (
        <div
          className={cn(
            aspect,
            "flex w-full items-center justify-center rounded-xl border border-dashed border-border text-xs text-muted sm:w-56",
          )}
        >
          {empty}
        </div>
      )}
      <div className="flex flex-col gap-2">
        <ImageUploadControls
          upload={upload}
          name={name}
          action={current ? `Change ${noun}` : `Upload ${noun}`}
          size="sm"
        />
        {remove && current && !upload.busy ? (
          <Button
            variant="ghost"
            size="sm"
            className="w-fit"
            busy={remove.pending}
            busyLabel="Removing..."
            onClick={remove.onRemove}
          >
            <Trash2 aria-hidden /> Remove {noun}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
