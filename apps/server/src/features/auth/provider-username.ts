import { randomInt } from "node:crypto";
import { AUTH_LIMITS, USERNAME_PATTERN, ZDisplayName } from "@plugs/domain";
import { sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { profiles } from "../../db/schema/index.ts";

/*
 * An account made by a sign-in provider has no username typed by its owner: it gets one from the name the provider
 * gave (else the e-mail's local part), made of the characters usernames allow, with digits added when taken. The
 * owner can change it in their profile.
 */

const FALLBACK = "member";
/** Room for "_" and six digits within the username's maximum. */
const BASE_MAX = AUTH_LIMITS.usernameMax - 7;

/** A username's letters from free text: accents dropped, spaces and punctuation removed ("Ana María" → AnaMaria). */
export function usernameBase(text: string | null | undefined): string | null {
  const letters = (text ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_]/g, "")
    .slice(0, BASE_MAX);
  return letters.length >= AUTH_LIMITS.usernameMin && USERNAME_PATTERN.test(letters) ? letters : null;
}

/** A username nobody has (any case) at the time of asking; the profile's unique index settles a race. */
export async function freeUsername(db: Pick<TDb, "select">, hints: (string | null | undefined)[]) {
  const base = hints.map(usernameBase).find((b) => b !== null) ?? FALLBACK;
  const candidates = [
    base,
    ...Array.from({ length: 4 }, () => `${base}_${randomInt(1000, 10_000)}`),
    ...Array.from({ length: 4 }, () => `${base}_${randomInt(100_000, 1_000_000)}`),
  ];
  const taken = await db
    .select({ username: sql<string>`lower(${profiles.username})` })
    .from(profiles)
    .where(
      sql`lower(${profiles.username}) in (${sql.join(
        candidates.map((c) => sql`${c.toLowerCase()}`),
        sql`, `,
      )})`,
    );
  const takenSet = new Set(taken.map((row) => row.username));
  return candidates.find((c) => !takenSet.has(c.toLowerCase())) ?? candidates.at(-1) ?? FALLBACK;
}

/** The provider's name as the profile's display name, when it is one our rules accept. */
export function providerDisplayName(name: string | null | undefined): string | null {
  const parsed = ZDisplayName.safeParse(name?.trim());
  return parsed.success && parsed.data ? parsed.data : null;
}
