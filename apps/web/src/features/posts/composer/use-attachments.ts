import {
  checkFileClaim,
  M,
  POST_LIMITS,
  type TCreatePostRequest,
  type TGif,
  type ZCreatePostRequest,
} from "@plugs/domain";
import { useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";

export type TPostForm = UseFormReturn<z.input<typeof ZCreatePostRequest>, unknown, TCreatePostRequest>;

/**
 * A post's files and GIFs (up to 4 together), kept in the form's `media` and `gifs` so the shared schema checks
 * them with the text. A refused pick is `fileError` (the spec's message); the others are still added.
 */
export function useAttachments(form: TPostForm) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const media = (form.watch("media") ?? []) as File[];
  const gifs = (form.watch("gifs") ?? []) as TGif[];
  const count = media.length + gifs.length;

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
    // The same file picked again must still fire a change.
    if (fileInput.current) fileInput.current.value = "";
  };

  const addGif = (gif: TGif) => {
    form.clearErrors();
    if (count >= POST_LIMITS.maxAttachments) {
      setFileError(M.posts.tooManyMedia);
      return;
    }
    setFileError(null);
    // The same GIF twice would be the same picture twice.
    if (!gifs.some((g) => g.id === gif.id)) form.setValue("gifs", [...gifs, gif]);
  };

  return {
    fileInput,
    media,
    gifs,
    count,
    full: count >= POST_LIMITS.maxAttachments,
    fileError,
    setFileError,
    addFiles,
    addGif,
    removeFile: (index: number) =>
      form.setValue(
        "media",
        media.filter((_, i) => i !== index),
      ),
    removeGif: (index: number) =>
      form.setValue(
        "gifs",
        gifs.filter((_, i) => i !== index),
      ),
  };
}
