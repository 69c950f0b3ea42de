import { z } from "zod";

/** A numbered page of a list ("Page X of Y"): its items, how many there are in all, this page and the last. */
export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), pageCount: z.number() });
}

/** A keyset page of an infinite list: pass nextCursor back as `cursor` for the next page; null at the end. */
export function ZCursorPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
