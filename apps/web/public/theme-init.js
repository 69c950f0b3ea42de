// Runs before the first paint: puts the saved theme ("dark" by default) on <html> so a light-theme reader never
// sees a dark flash. Kept in sync with src/features/theme/theme.ts (same storage key and colours).
(() => {
  let theme = "dark";
  try {
    if (localStorage.getItem("theme") === "light") theme = "light";
  } catch {
    // Storage can be blocked (private modes, strict settings): the default theme applies.
  }
  const root = document.documentElement;
  root.classList.remove("dark", "light");
  root.classList.add(theme);
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute("content", theme === "light" ? "#f6f7f9" : "#0a0c10");
})();
