import { and, eq, inArray, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { userRoles, users } from "../../db/schema/index.ts";

type TTx = Pick<TDb, "insert" | "update" | "delete" | "select">;

/**
 * Grants the admin role: user_roles is what our API checks; users.role mirrors it for better-auth's admin plugin.
 * Idempotent.
 */
export async function grantAdmin(db: TTx, userIds: string[]) {
  if (userIds.length === 0) return;
  await db
    .insert(userRoles)
    .values(userIds.map((userId) => ({ userId, role: "admin" as const })))
    .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] });
  await db.update(users).set({ role: "admin" }).where(inArray(users.id, userIds));
}

export async function revokeAdmin(db: TTx, userId: string) {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  await db.update(users).set({ role: "user" }).where(eq(users.id, userId));
}

/** The accounts with these e-mails (compared lowercased), for ADMIN_EMAILS and the admin script. */
export async function findUserIdsByEmail(
  db: TTx,
  emails: string[],
): Promise<{ id: string; email: string }[]> {
  if (emails.length === 0) return [];
  const lowered = emails.map((e) => e.toLowerCase());
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lowered));
}

/** ADMIN_EMAILS at start: every existing account on the list becomes an admin (sign-up covers later ones). */
export async function grantConfiguredAdmins(db: TDb, adminEmails: string[]): Promise<number> {
  const found = await findUserIdsByEmail(db, adminEmails);
  await grantAdmin(
    db,
    found.map((u) => u.id),
  );
  return found.length;
}
