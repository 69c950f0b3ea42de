import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { ApiError } from "../lib/api.ts";
import { cn } from "../lib/cn.ts";
import { PAGE_WIDTH } from "./page-width.ts";
import { Button } from "./ui/button.tsx";

/** What the state components read of a TanStack query. */
export type TQueryState<T> = {
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  data: T | undefined;
  refetch: () => unknown;
};

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

/**
 * A page whose query failed: `notFound` with the server's words for a 404 (unpublished, or a wrong link), else
 * 'Could not load the {what}' with Retry.
 */
export function PageLoadFailure({
  error,
  what,
  onRetry,
  busy,
  notFound,
}: {
  error: Error;
  what: string;
  onRetry: () => void;
  busy: boolean;
  notFound: (title: string) => ReactNode;
}) {
  if (error instanceof ApiError && error.status === 404) return notFound(error.message);
  return (
    <div className={PAGE_WIDTH.reading}>
      <LoadError title={`Could not load the ${what}`} onRetry={onRetry} busy={busy} />
    </div>
  );
}
