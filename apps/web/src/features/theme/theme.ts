import type { TSiteTheme } from "@plugs/domain";
import { useEffect, useSyncExternalStore } from "react";

export type TTheme = "dark" | "light";

/** localStorage key of the reader's own choice; public/theme-init.js reads the same key before the first paint. */
export const THEME_STORAGE_KEY = "theme";
/**
 * localStorage key of the site's default theme as last read from the site settings ("dark", "light" or "system"),
 * so theme-init.js paints a reader with no choice of their own in it before the settings arrive.
 */
export const SITE_THEME_STORAGE_KEY = "theme-site-default";
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

function savedChoice(): TTheme | null {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return saved === "light" || saved === "dark" ? saved : null;
  } catch {
    return null;
  }
}

/** "system" as the device prefers it now. */
function resolveDefault(siteDefault: TSiteTheme): TTheme {
  if (siteDefault !== "system") return siteDefault;
  return window.matchMedia?.("(prefers-color-scheme: light)").matches ? "light" : "dark";
}

/**
 * Applies the site's default theme (admins set it in the site settings) when the reader has not chosen one, and
 * remembers it for theme-init.js; "system" follows the device, also when it changes while the page is open.
 */
export function useSiteDefaultTheme(siteDefault: TSiteTheme) {
  useEffect(() => {
    try {
      localStorage.setItem(SITE_THEME_STORAGE_KEY, siteDefault);
    } catch {
      // Storage blocked: the default still applies for this visit.
    }
    const follow = () => {
      if (savedChoice() !== null) return;
      const theme = resolveDefault(siteDefault);
      if (readTheme() !== theme) applyTheme(theme);
    };
    follow();
    if (siteDefault !== "system" || !window.matchMedia) return;
    const query = window.matchMedia("(prefers-color-scheme: light)");
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, [siteDefault]);
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
