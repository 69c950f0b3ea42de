import type { TPost } from "@plugs/domain";
import * as Primitive from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, ImageOff, X } from "lucide-react";
import { useRef, useState } from "react";
import { Dialog, DialogContent, DialogTitle } from "../../components/ui/dialog.tsx";

// The dialogs of a post's media (post-media.tsx), loaded when first opened.

type TMedia = TPost["media"][number];

/** How far a finger must travel sideways for a swipe to step to the next picture. */
const SWIPE_PX = 50;

/**
 * The full-size pictures of a post over the page, one at a time: the arrows (buttons or the keyboard's left and
 * right) and a swipe step through them, Escape, a click on the backdrop or the close button closes. The picture's
 * alt text is its caption.
 */
export function ImagePreview({
  items,
  index,
  altOf,
  onIndexChange,
  onClose,
}: {
  items: TMedia[];
  /** The picture shown, or null when closed. */
  index: number | null;
  altOf: (media: TMedia) => string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const swipeFrom = useRef<number | null>(null);
  // A swipe ends in a click where it ended: that click is the swipe's, not one on the backdrop.
  const swiped = useRef(false);
  const media = index === null ? null : (items[index] ?? null);
  const failed = media !== null && failedUrl === media.url;
  const many = items.length > 1;
  const step = (by: number) => {
    if (index === null || !many) return;
    onIndexChange((index + by + items.length) % items.length);
  };
  return (
    <Primitive.Root open={media !== null} onOpenChange={(open) => !open && onClose()}>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-black/85 data-[state=open]:animate-fade-in" />
        <Primitive.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-4 outline-none sm:p-10"
          onClick={(event) => {
            if (swiped.current) {
              swiped.current = false;
              return;
            }
            // A click beside the picture is a click on the backdrop.
            if (event.target === event.currentTarget) onClose();
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowLeft") step(-1);
            else if (event.key === "ArrowRight") step(1);
          }}
          onPointerDown={(event) => {
            swipeFrom.current = event.clientX;
          }}
          onPointerUp={(event) => {
            const from = swipeFrom.current;
            swipeFrom.current = null;
            if (from === null || Math.abs(event.clientX - from) < SWIPE_PX) return;
            swiped.current = true;
            step(event.clientX < from ? 1 : -1);
          }}
        >
          <Primitive.Title className="sr-only">
            {many && index !== null ? `Image ${index + 1} of ${items.length}` : "Image preview"}
          </Primitive.Title>
          {media && !failed ? (
            <img
              src={media.url}
              alt={altOf(media)}
              draggable={false}
              onError={() => setFailedUrl(media.url)}
              className="max-h-[calc(100%-4rem)] max-w-full touch-pan-y rounded-lg object-contain shadow-panel select-none"
            />
          ) : media ? (
            <div className="rounded-2xl border border-border bg-surface p-8 text-center text-foreground">
              <ImageOff className="mx-auto size-8 text-muted" aria-hidden />
              <p className="mt-3 font-semibold">Failed to load image</p>
              <p className="mt-1 text-sm text-muted">The image could not be loaded</p>
            </div>
          ) : null}
          {media?.alt || many ? (
            <p className="max-w-2xl text-center text-sm text-white/90">
              {many && index !== null ? (
                <span className="font-semibold tabular-nums">
                  {index + 1} / {items.length}
                </span>
              ) : null}
              {many && media?.alt ? " · " : null}
              {media?.alt}
            </p>
          ) : null}
          {many ? (
            <>
              <StepButton label="Previous image" side="left" onClick={() => step(-1)} />
              <StepButton label="Next image" side="right" onClick={() => step(1)} />
            </>
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

function StepButton({
  label,
  side,
  onClick,
}: {
  label: string;
  side: "left" | "right";
  onClick: () => void;
}) {
  const Icon = side === "left" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`absolute top-1/2 ${side === "left" ? "left-2 sm:left-4" : "right-2 sm:right-4"} inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80`}
    >
      <Icon className="size-6" aria-hidden />
    </button>
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
