// Intl rather than date-fns here: the browser already has it, and the first load of every page with a date saves
// date-fns's format (5 KB gzipped). Parts, not format(), so the spacing never depends on the ICU version.
const DATE_PARTS = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** The product's one date format (spec: 'MMM d, yyyy • h:mm a'), e.g. "Nov 23, 2026 • 1:31 PM". */
export function formatDate(date: Date | string | number): string {
  const parts: Record<string, string> = {};
  for (const { type, value } of DATE_PARTS.formatToParts(new Date(date))) parts[type] = value;
  return `${parts.month} ${parts.day}, ${parts.year} • ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}
