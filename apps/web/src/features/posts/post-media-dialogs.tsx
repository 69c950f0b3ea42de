import type { TPost } from "@plugs/domain";
import * as Primitive from "@radix-ui/react-dialog";
import { ImageOff, X } from "lucide-react";
import { useState } from "react";
import { Dialog, DialogContent, DialogTitle } from "../../components/ui/dialog.tsx";

// The dialogs of a post's media (post-media.tsx), loaded when first opened.

type TMedia = TPost["media"][number];

/** The full-size image over the page: Escape, a click on the backdrop or the close button closes it. */
export function ImagePreview({
  media,
  alt,
  onClose,
}: {
  media: TMedia | null;
  alt: string;
  onClose: () => void;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = media !== null && failedUrl === media.url;
  return (
    <Primitive.Root open={media !== null} onOpenChange={(open) => !open && onClose()}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-black/85 data-[state=open]:animate-fade-in" />
        <Primitive.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex items-center justify-center p-4 outline-none sm:p-10"
          onClick={(event) => {
            // A click beside the picture is a click on the backdrop.
            if (event.target === event.currentTarget) onClose();
          }}
        >
          <Primitive.Title className="sr-only">Image preview</Primitive.Title>
          {media && !failed ? (
            <img
              src={media.url}
              alt={alt}
              onError={() => setFailedUrl(media.url)}
              className="max-h-full max-w-full rounded-lg object-contain shadow-panel"
            />
          ) : media ? (
            <div className="rounded-2xl border border-border bg-surface p-8 text-center text-foreground">
              <ImageOff className="mx-auto size-8 text-muted" aria-hidden />
              <p className="mt-3 font-semibold">Failed to load image</p>
              <p className="mt-1 text-sm text-muted">The image could not be loaded</p>
            </div>
          ) : null}
          <Primitive.Close
            aria-label="Close preview"
            className="absolute top-4 right-4 inline-flex size-10 cursor-pointer items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
          >
            <X className="size-5" aria-hidden />
          </Primitive.Close>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}

/** A video full screen, with the browser's own controls. */
export function VideoFullscreen({
  url,
  open,
  onOpenChange,
}: {
  url: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} className="max-w-5xl bg-black p-2 sm:p-4">
        <DialogTitle className="sr-only">Video</DialogTitle>
        {/* biome-ignore lint/a11y/useMediaCaption: members' uploads come without captions */}
        <video src={url} controls autoPlay playsInline className="max-h-[80dvh] w-full rounded-lg" />
      </DialogContent>
    </Dialog>
  );
}
