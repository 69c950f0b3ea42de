import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ImageUploadControls, useImageUpload } from "../../components/image-upload.tsx";
import { PROSE } from "../../components/prose.ts";
import { Textarea } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { cn } from "../../lib/cn.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { previewMarkdown, uploadBlogImage } from "./api.ts";
import { ARTICLE_EXTRAS } from "./blog-parts.tsx";
import { blogKeys } from "./queries.ts";

/** The body rendered by the server exactly as readers will get it, once the typing pauses. */
function usePreview(body: string) {
  const settled = useDebouncedValue(body, 500);
  return useQuery({
    queryKey: [...blogKeys.admin, "preview", settled],
    queryFn: ({ signal }) => previewMarkdown(settled, signal),
    enabled: settled.trim() !== "",
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * The article's Markdown beside its live preview (one or the other, by tab, on a phone), with an image upload that
 * puts the stored image's Markdown where the cursor was.
 */
export function MarkdownEditor({
  value,
  onChange,
  controlProps,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The label's id and the error wiring from Field. */
  controlProps: { id: string; "aria-invalid"?: true; "aria-describedby"?: string };
}) {
  const [view, setView] = useState<"write" | "preview">("write");
  const textarea = useRef<HTMLTextAreaElement>(null);
  const latest = useRef(value);
  latest.current = value;
  const preview = usePreview(value);

  const insert = (markdown: string) => {
    const text = latest.current;
    const at = textarea.current?.selectionStart ?? text.length;
    const before = text.slice(0, at);
    const after = text.slice(at);
    const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
    const next = `${before}${lead}${markdown}\n\n${after.replace(/^\n+/, "")}`;
    onChange(next);
  };
  const upload = useImageUpload({
    send: async (file, options) => {
      const image = await uploadBlogImage(file, options);
      insert(image.markdown);
    },
    done: "Image added to the text",
  });

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
            ref={textarea}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            rows={18}
            spellCheck
            className="min-h-96 font-mono text-[13px]"
          />
          <ImageUploadControls upload={upload} name="article" action="Insert image" size="sm" />
        </div>
        <section
          aria-label="Preview"
          aria-busy={preview.isFetching}
          className={cn(
            "relative min-h-96 overflow-auto rounded-lg border border-border bg-surface p-4",
            view === "preview" ? "block" : "hidden lg:block",
          )}
        >
          <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted uppercase">
            Preview {preview.isFetching ? <Spinner className="size-3" label="Updating preview" /> : null}
          </p>
          {value.trim() === "" ? (
            <p className="mt-3 text-sm text-muted">The article's text appears here as readers will see it.</p>
          ) : preview.isError ? (
            <p role="alert" className="mt-3 text-sm text-rug">
              {preview.error.message}
            </p>
          ) : preview.data ? (
            <div
              className={cn("-mt-2", PROSE, ARTICLE_EXTRAS)}
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
