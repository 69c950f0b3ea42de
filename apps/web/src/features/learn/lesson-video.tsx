import { Play } from "lucide-react";
import { useState } from "react";

/**
 * A lesson's video: a play button in the video's frame until the learner asks for it, and only then the host's
 * player (autoplaying), so reading a lesson asks nothing of YouTube or Vimeo. The CSP lets only their players frame
 * here (http/security-headers.ts, VIDEO_EMBED_ORIGINS).
 */
export function LessonVideo({ src, title }: { src: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  const host = new URL(src).hostname.includes("vimeo") ? "Vimeo" : "YouTube";
  return (
    <div className="relative mt-6 aspect-video w-full overflow-hidden rounded-2xl border border-border bg-surface-2">
      {playing ? (
        <iframe
          src={`${src}?autoplay=1`}
          title={`Video: ${title}`}
          className="absolute inset-0 size-full"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 flex cursor-pointer flex-col items-center justify-center gap-3 text-foreground"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground shadow-lg transition group-hover:scale-105">
            <Play className="ml-1 size-7" aria-hidden />
          </span>
          <span className="font-medium">Play the lesson's video</span>
          <span className="text-sm text-muted">Plays from {host}</span>
        </button>
      )}
    </div>
  );
}
