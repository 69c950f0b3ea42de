import { useSyncExternalStore } from "react";

export type TTheme = "dark" | "light";

/** localStorage key; public/theme-init.js reads the same key before the first paint. */
export const THEME_STORAGE_KEY = "theme";
const THEME_COLORS: Record<TTheme, string> = { dark: "#0a0c10", light: "#f6f7f9" };

const listeners = new Set<() => void>();

function readTheme(): TTheme {
  return document.documentElement.classList.contains("light") ? "light" : "dark";
}

function applyTheme(theme: TTheme) {
  const root = document.documentElement;
  root.classList.remove("dark", "light");
  root.classList.add(theme);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme]);
  for (const listener of listeners) listener();
}

/** Sets and remembers the theme. */
export function setTheme(theme: TTheme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked: the theme still applies for this visit.
  }
  applyTheme(theme);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the theme: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) applyTheme(event.newValue === "light" ? "light" : "dark");
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The current theme (dark by default) and a toggle; the class on <html> is the single source of truth. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, readTheme, () => "dark" as const);
  return { theme, toggleTheme: () => setTheme(theme === "dark" ? "light" : "dark") };
}
