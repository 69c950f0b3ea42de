import { slugify } from "@plugs/domain";
import { or, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { communities } from "../../db/schema/index.ts";

/**
 * The slug for a new community: the spec's rule, made unique with -2, -3, ... ("Crypto Club" and "crypto  club"
 * both slugify to crypto-club). Call it inside the create's transaction, under its slug lock.
 */
export async function freeSlug(db: Pick<TDb, "select">, name: string): Promise<string> {
  const base = slugify(name) || "community";
  const likeBase = base.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ slug: communities.slug })
    .from(communities)
    .where(or(sql`${communities.slug} = ${base}`, sql`${communities.slug} like ${`${likeBase}-%`}`));
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
