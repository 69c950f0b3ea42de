import { RefreshCw } from "lucide-react";
import { cn } from "../lib/cn.ts";
import { Button } from "./ui/button.tsx";

const LOOKS = {
  /** A page's list: a tinted card. */
  panel: { box: "rounded-2xl border border-rug/30 bg-rug-soft p-6", title: "", retry: "mt-4" },
  /** A list inside a card or sheet: a smaller tinted box. */
  inset: { box: "rounded-xl border border-rug/30 bg-rug-soft p-4 text-sm", title: "", retry: "mt-3" },
  /** A list inside a popover, which is box enough. */
  plain: { box: "px-4 py-8", title: "text-sm", retry: "mt-3" },
} as const;

/**
 * A list or page that failed to load: what failed, in the rug colour, and Retry (busy while it refetches). Every
 * failed-to-load state is one of these, so they all look and read alike.
 */
export function LoadError({
  title,
  onRetry,
  busy,
  look = "panel",
  retryLabel = "Retry",
  className,
}: {
  title: string;
  onRetry: () => void;
  busy?: boolean;
  look?: keyof typeof LOOKS;
  /** The spec names some buttons otherwise ('Try Again' for GIFs). */
  retryLabel?: string;
  className?: string;
}) {
  const classes = LOOKS[look];
  return (
    <div role="alert" className={cn("text-center", classes.box, className)}>
      <p className={cn("font-semibold text-rug", classes.title)}>{title}</p>
      <Button
        variant="secondary"
        size="sm"
        className={classes.retry}
        onClick={onRetry}
        busy={busy}
        busyLabel="Retrying..."
      >
        <RefreshCw aria-hidden /> {retryLabel}
      </Button>
    </div>
  );
}
