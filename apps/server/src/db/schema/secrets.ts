import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Secrets the app generates for itself, one row per name. 'auth' is the session-signing secret when AUTH_SECRET is
 * unset (features/auth/secret.ts): the first instance to start inserts it, and the primary key keeps every other
 * instance on the same database to that one value.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
