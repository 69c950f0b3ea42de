import type { TGif } from "@plugs/domain";
import { Film, X } from "lucide-react";
import { useEffect, useMemo } from "react";

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

/** The picked files and GIFs of a post being written, each with its Remove button. */
export function AttachmentPreviews({
  media,
  gifs,
  onRemoveFile,
  onRemoveGif,
}: {
  media: File[];
  gifs: TGif[];
  onRemoveFile: (index: number) => void;
  onRemoveGif: (index: number) => void;
}) {
  if (media.length + gifs.length === 0) return null;
  return (
    <ul className="grid grid-cols-4 gap-2" aria-label="Attachments">
      {media.map((file, i) => (
        <FilePreview key={fileKey(file)} file={file} onRemove={() => onRemoveFile(i)} />
      ))}
      {gifs.map((gif, i) => (
        <li key={gif.id} className="relative aspect-square overflow-hidden rounded-lg border border-border">
          <img src={gif.preview} alt={gif.title || "GIF"} className="size-full object-cover" />
          <span className="absolute bottom-1 left-1 rounded bg-black/65 px-1.5 text-[10px] font-bold text-white">
            GIF
          </span>
          <RemoveButton label={`Remove GIF ${gif.title}`} onClick={() => onRemoveGif(i)} />
        </li>
      ))}
    </ul>
  );
}
