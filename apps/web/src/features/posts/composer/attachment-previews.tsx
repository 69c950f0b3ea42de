import type { TGif } from "@plugs/domain";
import { ChevronLeft, ChevronRight, Film, X } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { cn } from "../../../lib/cn.ts";
import { AltTextDialog } from "./alt-text-dialog.tsx";
import type { TAttachmentKey } from "./use-attachments.ts";

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

/** A picked file's preview address, revoked when the file goes. */
function useObjectUrl(file: File): string {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return url;
}

const overlayButton =
  "inline-flex size-7 cursor-pointer items-center justify-center rounded-full bg-black/65 text-white hover:bg-black/85 disabled:cursor-default disabled:opacity-40";

type TTile = {
  name: string;
  previewUrl: string | null;
  alt: string;
  onRemove: () => void;
  onMove: ((by: number) => void) | null;
  first: boolean;
  last: boolean;
  onAlt: (text: string) => void;
  /** Upload progress (0-1) while the post is being sent. */
  progress: number | null;
  /** The server's reason for refusing this file. */
  refusal: string | null;
  badge?: string;
  children: ReactNode;
};

/** One attachment: its picture, Remove, its alt text, earlier/later, and its upload progress or refusal. */
function Tile({
  name,
  previewUrl,
  alt,
  onRemove,
  onMove,
  first,
  last,
  onAlt,
  progress,
  refusal,
  badge,
  children,
}: TTile) {
  const [editing, setEditing] = useState(false);
  return (
    <li
      className={cn(
        "relative aspect-square overflow-hidden rounded-lg border bg-surface-2",
        refusal ? "border-rug ring-2 ring-rug/60" : "border-border",
      )}
    >
      {children}
      {badge ? (
        <span className="absolute top-1 left-1 rounded bg-black/65 px-1.5 text-[10px] font-bold text-white">
          {badge}
        </span>
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${name}`}
        className={cn(overlayButton, "absolute top-1 right-1")}
      >
        <X className="size-4" aria-hidden />
      </button>
      <div className="absolute inset-x-1 bottom-1 flex items-center gap-1">
        <button
          type="button"
          onClick={() => setEditing(true)}
          aria-label={alt ? `Edit the alt text of ${name}` : `Add alt text to ${name}`}
          className={cn(
            "inline-flex h-7 cursor-pointer items-center rounded-full px-2 text-[11px] font-bold",
            alt ? "bg-accent text-accent-foreground" : "bg-black/65 text-white hover:bg-black/85",
          )}
        >
          ALT{alt ? " ✓" : ""}
        </button>
        {onMove ? (
          <span className="ml-auto flex gap-1">
            <button
              type="button"
              onClick={() => onMove(-1)}
              disabled={first}
              aria-label={`Move ${name} earlier`}
              className={overlayButton}
            >
              <ChevronLeft className="size-4" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => onMove(1)}
              disabled={last}
              aria-label={`Move ${name} later`}
              className={overlayButton}
            >
              <ChevronRight className="size-4" aria-hidden />
            </button>
          </span>
        ) : null}
      </div>
      {progress !== null ? (
        <div className="absolute inset-x-0 top-0 h-1 bg-black/40" aria-hidden>
          <div
            className="h-full bg-accent transition-[width]"
            style={{ width: `${Math.round(progress * 100)}%` }}
          />
        </div>
      ) : null}
      {refusal ? (
        <p className="absolute inset-x-1 top-9 rounded bg-rug px-1.5 py-0.5 text-center text-[11px] font-semibold text-rug-foreground">
          {refusal}
        </p>
      ) : null}
      {editing ? (
        <AltTextDialog
          open
          previewUrl={previewUrl}
          name={name}
          initial={alt}
          onSave={onAlt}
          onOpenChange={setEditing}
        />
      ) : null}
    </li>
  );
}

function FileTile({ file, ...tile }: Omit<TTile, "previewUrl" | "children" | "name"> & { file: File }) {
  const url = useObjectUrl(file);
  const video = file.type.startsWith("video/");
  return (
    <Tile {...tile} name={file.name} previewUrl={video ? null : url}>
      {video ? (
        <div className="flex size-full flex-col items-center justify-center gap-1 p-2 text-muted">
          <Film className="size-6" aria-hidden />
          <span className="w-full truncate text-center text-xs">{file.name}</span>
        </div>
      ) : (
        <img src={url} alt={tile.alt || file.name} className="size-full object-cover" />
      )}
    </Tile>
  );
}

/**
 * The picked files and GIFs of a post being written, in the order they will show: each with Remove, alt text,
 * earlier/later (files among files, GIFs among GIFs, which follow the files), and, while sending, its progress.
 */
export function AttachmentPreviews({
  media,
  gifs,
  onRemoveFile,
  onRemoveGif,
  onMoveFile,
  onMoveGif,
  altOf,
  onAlt,
  progressOf,
  refused,
}: {
  media: File[];
  gifs: TGif[];
  onRemoveFile: (index: number) => void;
  onRemoveGif: (index: number) => void;
  onMoveFile: (index: number, by: number) => void;
  onMoveGif: (index: number, by: number) => void;
  altOf: (key: TAttachmentKey) => string;
  onAlt: (key: TAttachmentKey, text: string) => void;
  progressOf: (file: File) => number | null;
  refused: { file: File; message: string } | null;
}) {
  if (media.length + gifs.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Attachments">
      {media.map((file, i) => (
        <FileTile
          key={fileKey(file)}
          file={file}
          alt={altOf(file)}
          onAlt={(text) => onAlt(file, text)}
          onRemove={() => onRemoveFile(i)}
          onMove={media.length > 1 ? (by) => onMoveFile(i, by) : null}
          first={i === 0}
          last={i === media.length - 1}
          progress={progressOf(file)}
          refusal={refused?.file === file ? refused.message : null}
        />
      ))}
      {gifs.map((gif, i) => (
        <Tile
          key={gif.id}
          name={`GIF ${gif.title || i + 1}`}
          previewUrl={gif.preview ?? gif.url}
          alt={altOf(gif.id)}
          onAlt={(text) => onAlt(gif.id, text)}
          onRemove={() => onRemoveGif(i)}
          onMove={gifs.length > 1 ? (by) => onMoveGif(i, by) : null}
          first={i === 0}
          last={i === gifs.length - 1}
          progress={null}
          refusal={null}
          badge="GIF"
        >
          <img
            src={gif.preview}
            alt={altOf(gif.id) || gif.title || "GIF"}
            className="size-full object-cover"
          />
        </Tile>
      ))}
    </ul>
  );
}
