import { type CSSProperties, Suspense, useEffect } from "react";
import type { ExternalToast } from "sonner";
import { useTheme } from "../../features/theme/theme.ts";
import { lazyNamed } from "../../lib/lazy-named.ts";
import { useDeferredLoad } from "../../lib/use-deferred-load.ts";

// Sonner is not part of the first load: its code arrives when the page is idle or with the first toast, whichever
// comes first. Sonner replays the toasts already raised when its toast area mounts, so none is lost on the way.
const loadSonner = () => import("sonner");
const SonnerToaster = lazyNamed(loadSonner, "Toaster");

type TToastKind = "success" | "error" | "info" | "warning";
const toastRequested = new Set<() => void>();

function raise(kind: TToastKind | null) {
  return (message: string, options?: ExternalToast) => {
    for (const listener of toastRequested) listener();
    void loadSonner().then(({ toast: sonner }) => (kind ? sonner[kind] : sonner)(message, options));
  };
}

/** Shows a toast: `toast.success(M.posts.created)`. */
export const toast = Object.assign(raise(null), {
  success: raise("success"),
  error: raise("error"),
  info: raise("info"),
  warning: raise("warning"),
});

// Sonner reads its colours from these variables; ours follow the theme.
const COLORS = {
  "--normal-bg": "var(--surface)",
  "--normal-text": "var(--foreground)",
  "--normal-border": "var(--border)",
  "--border-radius": "0.75rem",
} as CSSProperties;

/** The app's one toast area (spec: 5000 ms, one toast at a time), in the current theme. */
export function Toaster() {
  const { theme } = useTheme();
  const { load, ask } = useDeferredLoad();
  useEffect(() => {
    if (load) return;
    toastRequested.add(ask);
    return () => {
      toastRequested.delete(ask);
    };
  }, [load, ask]);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        theme={theme}
        duration={5000}
        visibleToasts={1}
        position="bottom-right"
        closeButton
        style={COLORS}
        toastOptions={{
          classNames: {
            toast: "font-sans shadow-panel!",
            success: "[&_[data-icon]]:text-plug",
            error: "[&_[data-icon]]:text-rug",
          },
        }}
      />
    </Suspense>
  );
}
