/** A timestamp column of a raw SQL row: node-postgres and PGlite give a Date, a string when parsed as text. */
export function rowDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}
