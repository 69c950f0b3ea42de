import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";
import { useTheme } from "../../features/theme/theme.ts";

export { toast } from "sonner";

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
  return (
    <Sonner
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
  );
}
