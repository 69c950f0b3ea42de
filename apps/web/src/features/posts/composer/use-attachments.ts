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

/** An attachment's identity while the post is written: the File object, or the GIF's id. */
export type TAttachmentKey = File | string;

/** Moves the item at `index` by `by` places (-1 earlier, 1 later), within the list's ends. */
function moved<T>(items: T[], index: number, by: number): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * A post's files and GIFs (up to 4 together), kept in the form's `media` and `gifs` so the shared schema checks
 * them with the text, in the order the author puts them; each with its alt text. Files come from the picker, a
 * paste or a drop. A refused pick is `fileError` (the spec's message); the others are still added. A file the
 * server refused is marked with its reason until the attachments change.
 */
export function useAttachments(form: TPostForm) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [alts, setAlts] = useState<Map<TAttachmentKey, string>>(new Map());
  const [refused, setRefused] = useState<{ file: File; message: string } | null>(null);
  const media = (form.watch("media") ?? []) as File[];
  const gifs = (form.watch("gifs") ?? []) as TGif[];
  const count = media.length + gifs.length;

  const setMedia = (next: File[]) => {
    setRefused(null);
    form.setValue("media", next);
  };

  const addFiles = (files: Iterable<File> | null) => {
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
    setMedia(next);
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
    removeFile: (index: number) => setMedia(media.filter((_, i) => i !== index)),
    removeGif: (index: number) =>
      form.setValue(
        "gifs",
        gifs.filter((_, i) => i !== index),
      ),
    moveFile: (index: number, by: number) => setMedia(moved(media, index, by)),
    moveGif: (index: number, by: number) => form.setValue("gifs", moved(gifs, index, by)),
    altOf: (key: TAttachmentKey) => alts.get(key) ?? "",
    setAlt: (key: TAttachmentKey, text: string) =>
      setAlts((current) => new Map(current).set(key, text.trim())),
    /** The alt texts to send: one per attachment, files then GIFs, in their order ("" for none). */
    mediaAlt: () => [...media, ...gifs.map((g) => g.id)].map((key) => alts.get(key) ?? ""),
    /** The file the server refused (`media.{index}` in its answer's fields), with its reason. */
    refused,
    markRefused: (fields: Record<string, string> | undefined) => {
      const entry = Object.entries(fields ?? {}).find(([key]) => /^media\.\d+$/.test(key));
      const file = entry ? media[Number(entry[0].slice("media.".length))] : undefined;
      setRefused(file && entry ? { file, message: entry[1] } : null);
    },
    reset: () => {
      setAlts(new Map());
      setRefused(null);
    },
  };
}
