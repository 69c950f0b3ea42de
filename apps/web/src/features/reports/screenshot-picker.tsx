import { FILE_RULES, KOL_LIMITS, M } from "@plugs/domain";
import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { imageFileProblem } from "../../components/image-upload.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { fileAccept } from "../../lib/file-accept.ts";

function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

/**
 * Screenshots for a report: up to 4 images, each checked as it is picked (type and size, with the spec's messages;
 * the server checks the bytes again), shown as thumbnails that can be removed.
 */
export function ScreenshotPicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const add = (picked: FileList | null) => {
    const next = [...files];
    let problem: string | null = null;
    for (const file of Array.from(picked ?? [])) {
      const refused = imageFileProblem(file);
      if (refused) problem = refused;
      // The same file picked twice is kept once.
      else if (next.some((f) => fileKey(f) === fileKey(file))) continue;
      else if (next.length >= KOL_LIMITS.screenshots) problem = M.reports.tooManyScreenshots;
      else next.push(file);
    }
    setError(problem);
    onChange(next);
    if (input.current) input.current.value = "";
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className={buttonClasses({
            variant: "secondary",
            size: "sm",
            className: "has-[:focus-visible]:outline-2",
          })}
        >
          <ImagePlus aria-hidden /> Add screenshots
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={fileAccept(["image"])}
          multiple
          className="sr-only"
          disabled={files.length >= KOL_LIMITS.screenshots}
          onChange={(e) => add(e.target.files)}
        />
        <span className="text-xs text-muted">
          {files.length} of {KOL_LIMITS.screenshots} · JPEG, PNG, GIF or WebP, {FILE_RULES.image.megabytes} MB
          each
        </span>
      </div>
      {error ? (
        <p role="alert" className="text-xs font-medium text-rug">
          {error}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {files.map((file, i) => (
            <li key={fileKey(file)} className="relative overflow-hidden rounded-lg border border-border">
              <img
                src={previews[i]}
                alt={`Screenshot ${i + 1}: ${file.name}`}
                className="aspect-video w-full object-cover"
              />
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                className="absolute top-1 right-1 cursor-pointer rounded-full bg-background/80 p-1 text-foreground hover:bg-background"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
