import { M_SLUG, SLUG_PATTERN, slugify } from "@plugs/domain";
import { AppError, isUniqueViolation } from "../errors.ts";

/**
 * The slug an admin typed, or, left out or empty, one made from the title. A title with no Latin letter or digit
 * makes no slug: the slug field's error then asks for one.
 */
export function slugOrFromTitle(slug: string | undefined, title: string, max: number): string {
  const out = slug || slugify(title, max);
  if (!SLUG_PATTERN.test(out)) {
    throw new AppError("VALIDATION", M_SLUG.invalid, { fields: { slug: M_SLUG.invalid } });
  }
  return out;
}

/** A write's `.catch`: a unique violation (the slug is someone else's) becomes a 409 on the slug field. */
export function slugTaken(message: string) {
  return (err: unknown): never => {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", message, { fields: { slug: message } });
    throw err;
  };
}
