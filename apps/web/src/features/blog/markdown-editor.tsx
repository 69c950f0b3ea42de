import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { ImageUploadControls, useImageUpload } from "../../components/image-upload.tsx";
import { MarkdownPane } from "../../components/markdown-pane.tsx";
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
    <MarkdownPane
      value={value}
      onChange={onChange}
      controlProps={controlProps}
      preview={preview}
      empty="The article's text appears here as readers will see it."
      size="lg"
      proseClassName={ARTICLE_EXTRAS}
      textareaRef={textarea}
      tools={<ImageUploadControls upload={upload} name="article" action="Insert image" size="sm" />}
    />
  );
}
