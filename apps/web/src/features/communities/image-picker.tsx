import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef } from "react";
import { imageFileProblem } from "../../components/image-upload.tsx";
import { cn } from "../../lib/cn.ts";
import { fileAccept } from "../../lib/file-accept.ts";

const ACCEPT = fileAccept(["image"]);

/**
 * Picks one image and previews it in its final shape: a rounded square for an avatar, a 3:1 strip for a banner.
 * A file that is not an image or is too large is refused here with the shared message (the server checks the bytes).
 */
export function ImagePicker({
  label,
  shape,
  file,
  onChange,
  onProblem,
  error,
  disabled,
}: {
  label: string;
  shape: "avatar" | "banner";
  file: File | null;
  onChange: (file: File | null) => void;
  onProblem: (message: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const pick = (picked: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!picked) return;
    const problem = imageFileProblem(picked);
    if (problem) onProblem(problem);
    else onChange(picked);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div
        className={cn(
          "relative overflow-hidden border border-dashed bg-surface-2/50 focus-within:ring-2 focus-within:ring-ring/50",
          shape === "avatar" ? "size-24 rounded-2xl" : "aspect-[3/1] w-full rounded-xl",
          error ? "border-rug" : "border-border-strong",
        )}
      >
        {url ? (
          <img src={url} alt={`${label} preview`} className="size-full object-cover" />
        ) : (
          <span className="flex size-full flex-col items-center justify-center gap-1 text-xs text-muted">
            <ImagePlus className="size-5" aria-hidden />
            {shape === "banner" ? "3:1, e.g. 1500 × 500" : "Square"}
          </span>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => pick(event.target.files?.[0])}
          className="absolute inset-0 cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        {file && !disabled ? (
          <button
            type="button"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => onChange(null)}
            className="absolute top-1 right-1 inline-flex size-7 cursor-pointer items-center justify-center rounded-full bg-black/65 text-white hover:bg-black/85"
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-rug">
          {error}
        </p>
      ) : null}
    </div>
  );
}
