import { Megaphone, X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useSite } from "./queries.ts";

/** localStorage key holding the announcement this browser dismissed: a new text shows again. */
const DISMISSED_KEY = "announcement-dismissed";

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** What was dismissed in this tab, for a browser that blocks storage. */
let dismissedHere: string | null = null;

function readDismissed(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY) ?? dismissedHere;
  } catch {
    return dismissedHere;
  }
}

/**
 * The site-wide announcement from the site settings, under the navigation on every page, as plain text. Dismissing
 * it hides that text in this browser; when an admin writes another, it shows again.
 */
export function AnnouncementBanner() {
  const { announcement } = useSite();
  // The server renders as if nothing was dismissed; the browser then reads its own choice (no hydration mismatch).
  const dismissed = useSyncExternalStore(subscribe, readDismissed, () => null);
  if (!announcement || dismissed === announcement) return null;
  const dismiss = () => {
    dismissedHere = announcement;
    try {
      localStorage.setItem(DISMISSED_KEY, announcement);
    } catch {
      // Storage blocked: hidden in this tab only.
    }
    for (const listener of listeners) listener();
  };
  return (
    <section aria-label="Announcement" className="border-b border-accent/30 bg-accent/10 text-sm">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-2 sm:px-6">
        <Megaphone className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
        <p className="min-w-0 flex-1 break-words">{announcement}</p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss announcement"
          className="-my-1 shrink-0 rounded-md p-1 text-muted hover:bg-surface-2 hover:text-foreground"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </section>
  );
}
