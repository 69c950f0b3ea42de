import { useSyncExternalStore } from "react";

/** Whether the CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below the spec's mobile breakpoint (768 px). */
export function useIsMobile(): boolean {
  return useMediaQuery("(max-width: 767.98px)");
}
