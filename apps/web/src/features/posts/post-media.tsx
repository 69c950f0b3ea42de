import type { TPost } from "@plugs/domain";
import { ImageOff } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn.ts";
import { lazyNamed } from "../../lib/lazy-named.ts";
import { VideoPlayer } from "./video-player.tsx";

type TMedia = TPost["media"][number];

// The image preview is a dialog opened by a click: its code loads on first use.
const ImagePreview = lazyNamed(() => import("./post-media-dialogs.tsx"), "ImagePreview");

const LAZY_MARGIN = "200px";

const isVideo = (m: TMedia) => m.type.startsWith("video/");

/** Calls `onVisible` once the element comes within `rootMargin` of the viewport. */
function useNearViewport<T extends Element>(rootMargin: string) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [rootMargin, near]);
  return { ref, near };
}

function ImagePlaceholder({ className }: { className?: string }) {
  return (
    <div
      className={cn("flex size-full min-h-32 items-center justify-center bg-surface-2 text-muted", className)}
    >
      <ImageOff className="size-8" aria-hidden />
      <span className="sr-only">Image unavailable</span>
    </div>
  );
}

/** An image fetched only when it is 200 px from the viewport; a placeholder stands in if it fails. */
function LazyImage({ media, alt, onOpen }: { media: TMedia; alt: string; onOpen: () => void }) {
  const { ref, near } = useNearViewport<HTMLButtonElement>(LAZY_MARGIN);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <button
      ref={ref}
      type="button"
      onClick={onOpen}
      aria-label={`Open image: ${alt}`}
      className="group relative block size-full cursor-zoom-in overflow-hidden bg-surface-2"
    >
      {failed ? (
        <ImagePlaceholder />
      ) : near ? (
        <img
          src={media.url}
          alt={alt}
          width={media.width ?? undefined}
          height={media.height ?? undefined}
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          className={cn(
            "size-full max-h-[400px] object-cover transition-opacity duration-300",
            loaded ? "opacity-100" : "opacity-0",
          )}
        />
      ) : null}
    </button>
  );
}

/** A post's pictures, GIFs and videos: one, two side by side, or a 2x2 grid, never taller than 400 px. */
export function MediaGrid({
  media,
  author,
  autoPause,
}: {
  media: TMedia[];
  author: string;
  autoPause: boolean;
}) {
  const [preview, setPreview] = useState<number | null>(null);
  const [previewUsed, setPreviewUsed] = useState(false);
  if (media.length === 0) return null;
  // The author's alt text, else where the attachment sits.
  const alt = (m: TMedia) => m.alt ?? `Attachment ${media.indexOf(m) + 1} of ${media.length} by ${author}`;
  // The viewer steps through the pictures (videos play in place).
  const pictures = media.filter((m) => !isVideo(m));
  return (
    <>
      <div
        className={cn(
          "mt-3 grid max-h-[400px] gap-1 overflow-hidden rounded-xl border border-border",
          media.length > 1 && "grid-cols-2",
          media.length > 2 && "grid-rows-2",
        )}
        style={media.length > 2 ? { height: 400 } : undefined}
      >
        {media.map((m, i) => (
          <div
            key={m.id}
            className={cn(
              "relative min-h-0 overflow-hidden",
              media.length === 1 ? "max-h-[400px]" : media.length === 2 ? "h-[260px] sm:h-[320px]" : "",
              media.length === 3 && i === 0 && "row-span-2",
            )}
          >
            {isVideo(m) ? (
              <VideoPlayer url={m.url} autoPause={autoPause} label={alt(m)} />
            ) : (
              <LazyImage
                media={m}
                alt={alt(m)}
                onOpen={() => {
                  setPreview(pictures.indexOf(m));
                  setPreviewUsed(true);
                }}
              />
            )}
          </div>
        ))}
      </div>
      {previewUsed ? (
        <Suspense fallback={null}>
          <ImagePreview
            items={pictures}
            index={preview}
            altOf={alt}
            onIndexChange={setPreview}
            onClose={() => setPreview(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
