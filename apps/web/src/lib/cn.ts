import { type ClassValue, clsx } from "clsx";

/** Joins class names, skipping falsy ones: `cn("px-2", busy && "opacity-60")`. */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
