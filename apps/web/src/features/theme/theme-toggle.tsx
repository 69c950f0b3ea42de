import { Moon, Sun } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { useTheme } from "./theme.ts";

/** Icon button for the top bar. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={`Switch to ${next} theme`}>
      {theme === "dark" ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </Button>
  );
}

/** Full-width row for the mobile menu: says which theme is on and switches it. */
export function ThemeToggleRow() {
  const { theme, toggleTheme } = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={`Theme: ${theme}. Switch to ${next} theme`}
      className="flex w-full items-center justify-between rounded-lg px-3 py-2.5 text-sm font-medium hover:bg-surface-2"
    >
      <span className="flex items-center gap-3">
        {theme === "dark" ? (
          <Moon className="size-4 text-muted" aria-hidden />
        ) : (
          <Sun className="size-4 text-muted" aria-hidden />
        )}
        Theme
      </span>
      <span className="rounded-md border border-border bg-surface-2 px-2 py-0.5 text-xs text-muted capitalize">
        {theme}
      </span>
    </button>
  );
}
