import { z } from "zod";

/** A numbered page of a list ("Page X of Y"): its items, how many there are in all, this page and the last. */
export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), pageCount: z.number() });
}

/** A keyset page of an infinite list: pass nextCursor back as `cursor` for the next page; null at the end. */
export function ZCursorPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/**
 * A numbered page ("Page X of Y") walked by keyset instead of an offset, so a deep page costs what the first does:
 * pass nextCursor or previousCursor back as `cursor` (page 1 has none, so Previous from page 2 sends no cursor).
 * The cursor carries the page's number; pageCount is at least page + 1 while a next page exists.
 */
export function ZKeysetPage<T extends z.ZodType>(item: T) {
  return ZPage(item).extend({ previousCursor: z.string().nullable(), nextCursor: z.string().nullable() });
}
