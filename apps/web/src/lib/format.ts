import { useSyncExternalStore } from "react";

// The one place dates are written. Intl rather than a date library: the browser already has it, so no page loads
// one. Parts, not format(), so the spacing never depends on the ICU version.
const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
};
const LOCAL_PARTS = new Intl.DateTimeFormat("en-US", DATE_OPTIONS);
const UTC_PARTS = new Intl.DateTimeFormat("en-US", { ...DATE_OPTIONS, timeZone: "UTC" });
const DAY_OPTIONS: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };
const DAY_PARTS = new Intl.DateTimeFormat("en-US", DAY_OPTIONS);
const UTC_DAY_PARTS = new Intl.DateTimeFormat("en-US", { ...DAY_OPTIONS, timeZone: "UTC" });

function partsOf(format: Intl.DateTimeFormat, date: Date | string | number): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(new Date(date))) parts[type] = value;
  return parts;
}

function formatWith(format: Intl.DateTimeFormat, date: Date | string | number): string {
  const parts = partsOf(format, date);
  return `${parts.month} ${parts.day}, ${parts.year} • ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

/** The product's one date format (spec: 'MMM d, yyyy • h:mm a'), e.g. "Nov 23, 2026 • 1:31 PM", on the viewer's clock. */
export function formatDate(date: Date | string | number): string {
  return formatWith(LOCAL_PARTS, date);
}

/** A day without its time, e.g. "Nov 23, 2026" (joined dates), on the viewer's clock. */
export function formatDay(date: Date | string | number): string {
  return dayWith(DAY_PARTS, date);
}

function dayWith(format: Intl.DateTimeFormat, date: Date | string | number): string {
  const parts = partsOf(format, date);
  return `${parts.month} ${parts.day}, ${parts.year}`;
}

function formatUtcDate(date: Date | string | number): string {
  return formatWith(UTC_PARTS, date);
}

const neverChanges = () => () => {};

/**
 * formatDate for a component the server may render first (entry-server.tsx): the server cannot know the viewer's
 * time zone, so it writes UTC, and the browser hydrates with the same text before switching to the viewer's clock
 * (a server snapshot that differs from the client's re-renders right after hydration, with no mismatch).
 */
export function useFormatDate(): (date: Date | string | number) => string {
  return useSyncExternalStore(
    neverChanges,
    () => formatDate,
    () => formatUtcDate,
  );
}

const formatUtcDay = (date: Date | string | number) => dayWith(UTC_DAY_PARTS, date);

/** formatDay for a component the server may render first: UTC on the server and while hydrating (as useFormatDate). */
export function useFormatDay(): (date: Date | string | number) => string {
  return useSyncExternalStore(
    neverChanges,
    () => formatDay,
    () => formatUtcDay,
  );
}

/**
 * A place on a points board, e.g. "#1,204"; past the count the server stops at (POINTS_LIMITS.rankCountCap people
 * ahead) "#10,000+".
 */
export function formatPlace(rank: number, capped: boolean): string {
  return `#${rank.toLocaleString("en-US")}${capped ? "+" : ""}`;
}
