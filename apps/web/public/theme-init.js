// Runs before the first paint: puts the reader's saved theme on <html>, else the site's default as last read from the
// site settings ("system" follows the device), else dark, so a light-theme reader never sees a dark flash. Kept in
// sync with src/features/theme/theme.ts (same storage keys and colours).
(() => {
  let theme = "dark";
  try {
    const saved = localStorage.getItem("theme");
    const siteDefault = localStorage.getItem("theme-site-default");
    if (saved === "light" || saved === "dark") theme = saved;
    else if (siteDefault === "light") theme = "light";
    else if (siteDefault === "system" && window.matchMedia("(prefers-color-scheme: light)").matches)
      theme = "light";
  } catch {
    // Storage can be blocked (private modes, strict settings): the default theme applies.
  }
  const root = document.documentElement;
  root.classList.remove("dark", "light");
  root.classList.add(theme);
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute("content", theme === "light" ? "#f6f7f9" : "#0a0c10");
})();
