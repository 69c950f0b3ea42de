import { format } from "date-fns";

/** The product's one date format (spec: 'MMM d, yyyy • h:mm a'), e.g. "Nov 23, 2026 • 1:31 PM". */
export function formatDate(date: Date | string | number): string {
  return format(typeof date === "string" ? new Date(date) : date, "MMM d, yyyy • h:mm a");
}
