import { sql } from "drizzle-orm";
import { bigint, check, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Site-wide settings; the row named 'default' holds them. A null link is not shown in the footer; a null
 * announcement shows no banner. The column defaults are the site's own (the row is made on an admin's first save).
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    settingName: text("setting_name").primaryKey(),
    siteName: text("site_name").notNull(),
    logoUrl: text("logo_url"),
    defaultTheme: text("default_theme").notNull().default("dark"),
    socialUrl: text("social_url").default("https://x.com/plugsandrugs"),
    partnerName: text("partner_name").notNull().default("Kolscan"),
    partnerUrl: text("partner_url").default("https://kolscan.io"),
    announcement: text("announcement"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("site_settings_default_theme_check", sql`${t.defaultTheme} in ('dark', 'light', 'system')`)],
);

/**
 * The admin overview's whole-site totals ('members', 'posts', 'comments'), so they are a sum of a few rows, not a
 * count of tables that grow without bound. Kept by statement-level triggers on profiles, posts and post_comments
 * (migration 0044_site_counts); never written by the app. Each total is spread over up to 16 rows, one per
 * slot of the writing connection (its backend pid), so writers on different connections do not queue on one row.
 */
export const siteCounts = pgTable(
  "site_counts",
  {
    total: text("total", { enum: ["members", "posts", "comments"] }).notNull(),
    slot: smallint("slot").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.total, t.slot] })],
);
