import { type ReactNode, type Ref, useState } from "react";
import { cn } from "../lib/cn.ts";
import { PROSE } from "./prose.ts";
import { Textarea } from "./ui/input.tsx";
import { Spinner } from "./ui/spinner.tsx";
import { Tabs, TabsList, TabsTrigger } from "./ui/tabs.tsx";

const SIZES = {
  md: { rows: 16, height: "min-h-80" },
  lg: { rows: 18, height: "min-h-96" },
} as const;

/**
 * Markdown beside the server's rendering of it (one or the other, by Write and Preview tabs, on a phone). The
 * caller fetches the preview (debounced) and may put `tools` under the text, e.g. an image upload.
 */
export function MarkdownPane({
  value,
  onChange,
  controlProps,
  preview,
  empty,
  size = "md",
  proseClassName,
  textareaRef,
  tools,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The label's id and the error wiring from Field. */
  controlProps: { id: string; "aria-invalid"?: true; "aria-describedby"?: string };
  preview: { isFetching: boolean; isError: boolean; error: Error | null; data?: { html: string } };
  /** What the preview says while the text is empty. */
  empty: string;
  size?: keyof typeof SIZES;
  /** Classes added to PROSE for the rendered HTML. */
  proseClassName?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
  tools?: ReactNode;
}) {
  const [view, setView] = useState<"write" | "preview">("write");
  const { rows, height } = SIZES[size];
  return (
    <div className="flex flex-col gap-3">
      <div className="lg:hidden">
        <Tabs value={view} onValueChange={(next) => setView(next as "write" | "preview")}>
          <TabsList aria-label="Editor view">
            <TabsTrigger value="write">Write</TabsTrigger>
            <TabsTrigger value="preview">Preview</TabsTrigger>
          </TabsList>
        </Tabs>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className={cn("flex flex-col gap-2", view === "write" ? "flex" : "hidden lg:flex")}>
          <Textarea
            {...controlProps}
            ref={textareaRef}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            rows={rows}
            spellCheck
            className={cn(height, "font-mono text-[13px]")}
          />
          {tools}
        </div>
        <section
          aria-label="Preview"
          aria-busy={preview.isFetching}
          className={cn(
            "relative overflow-auto rounded-lg border border-border bg-surface p-4",
            height,
            view === "preview" ? "block" : "hidden lg:block",
          )}
        >
          <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted uppercase">
            Preview {preview.isFetching ? <Spinner className="size-3" label="Updating preview" /> : null}
          </p>
          {value.trim() === "" ? (
            <p className="mt-3 text-sm text-muted">{empty}</p>
          ) : preview.isError ? (
            <p role="alert" className="mt-3 text-sm text-rug">
              {preview.error?.message}
            </p>
          ) : preview.data ? (
            <div
              className={cn("-mt-2", PROSE, proseClassName)}
              // The server's own rendering and sanitizing, as readers get it.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server
              dangerouslySetInnerHTML={{ __html: preview.data.html }}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
