import { EXTERNAL_GIF_TYPE, kindOfMime, type TCommentAttachment } from "@plugs/domain";
import { Download, FileText } from "lucide-react";

/** Bytes as a person reads them: "840 B", "12.4 KB", "3.1 MB". */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Images and GIPHY GIFs inline, videos with controls, documents as downloads (never rendered in the page). */
export function CommentAttachments({ attachments }: { attachments: TCommentAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attachments" className="mt-2 flex flex-col gap-2">
      {attachments.map((a) => {
        const kind = a.fileType === EXTERNAL_GIF_TYPE ? "image" : kindOfMime(a.fileType);
        if (kind === "image") {
          return (
            <li key={a.id}>
              <a href={a.fileUrl} target="_blank" rel="noopener noreferrer" className="inline-block">
                <img
                  src={a.fileUrl}
                  alt={a.fileName}
                  loading="lazy"
                  className="max-h-72 max-w-full rounded-lg border border-border object-contain"
                />
              </a>
            </li>
          );
        }
        if (kind === "video") {
          return (
            <li key={a.id}>
              {/* biome-ignore lint/a11y/useMediaCaption: people's uploads come without caption tracks. */}
              <video
                src={a.fileUrl}
                controls
                preload="metadata"
                aria-label={a.fileName}
                className="max-h-80 w-full max-w-md rounded-lg border border-border bg-black"
              />
            </li>
          );
        }
        return (
          <li key={a.id}>
            <a
              href={a.fileUrl}
              download={a.fileName}
              className="inline-flex max-w-full items-center gap-2.5 rounded-lg border border-border bg-surface px-3 py-2 text-sm hover:border-border-strong"
            >
              <FileText className="size-5 shrink-0 text-accent" aria-hidden />
              <span className="min-w-0 truncate font-medium">{a.fileName}</span>
              <span className="shrink-0 text-xs text-muted">{humanSize(a.fileSize)}</span>
              <Download className="size-4 shrink-0 text-muted" aria-hidden />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
