import { Expand, Pause, Play, Volume2, VolumeX } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn.ts";
import { lazyNamed } from "../../lib/lazy-named.ts";

// The full-screen video is a dialog opened by a click: its code loads on first use.
const VideoFullscreen = lazyNamed(() => import("./post-media-dialogs.tsx"), "VideoFullscreen");

const VIDEO_VISIBLE = 0.5;
const DOUBLE_CLICK_MS = 300;

/**
 * A video with our controls: play/pause, mute, fullscreen in a dialog. In the feed it pauses itself once less than
 * half of it is visible. A click plays or pauses; a second click within 300 ms opens it full screen instead.
 */
export function VideoPlayer({ url, autoPause, label }: { url: string; autoPause: boolean; label: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  // null until first opened: the dialog's code loads then.
  const [fullscreen, setFullscreen] = useState<boolean | null>(null);
  const clickTimer = useRef<number | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!autoPause || !video) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry && entry.intersectionRatio < VIDEO_VISIBLE && !video.paused) video.pause();
      },
      { threshold: [0, VIDEO_VISIBLE, 1] },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [autoPause]);

  useEffect(
    () => () => {
      if (clickTimer.current) window.clearTimeout(clickTimer.current);
    },
    [],
  );

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => setPlaying(false));
    else video.pause();
  };
  const onVideoClick = () => {
    if (clickTimer.current) {
      window.clearTimeout(clickTimer.current);
      clickTimer.current = null;
      videoRef.current?.pause();
      setFullscreen(true);
      return;
    }
    clickTimer.current = window.setTimeout(() => {
      clickTimer.current = null;
      toggle();
    }, DOUBLE_CLICK_MS);
  };
  const control =
    "inline-flex size-9 cursor-pointer items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80";

  return (
    <div className="relative size-full bg-black">
      <video
        ref={videoRef}
        src={url}
        muted={muted}
        playsInline
        preload="metadata"
        onClick={onVideoClick}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        aria-label={label}
        className="size-full max-h-[400px] cursor-pointer object-contain"
      />
      <div className="absolute inset-x-2 bottom-2 flex items-center gap-2">
        <button
          type="button"
          className={control}
          onClick={toggle}
          aria-label={playing ? "Pause video" : "Play video"}
        >
          {playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
        </button>
        <button
          type="button"
          className={control}
          onClick={() => setMuted((m) => !m)}
          aria-label={muted ? "Unmute video" : "Mute video"}
        >
          {muted ? <VolumeX className="size-4" aria-hidden /> : <Volume2 className="size-4" aria-hidden />}
        </button>
        <button
          type="button"
          className={cn(control, "ml-auto")}
          onClick={() => {
            videoRef.current?.pause();
            setFullscreen(true);
          }}
          aria-label="Open video full screen"
        >
          <Expand className="size-4" aria-hidden />
        </button>
      </div>
      {fullscreen !== null ? (
        <Suspense fallback={null}>
          <VideoFullscreen url={url} open={fullscreen} onOpenChange={setFullscreen} />
        </Suspense>
      ) : null}
    </div>
  );
}
