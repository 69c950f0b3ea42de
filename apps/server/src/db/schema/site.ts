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
 * Whole-site totals, so they are a sum of a few rows, not a count of tables that grow without bound: the admin
 * overview's 'members', 'posts' and 'comments', kept by statement-level triggers on profiles, posts and
 * post_comments (migration 0044_site_counts), and the all-time leaderboard's 'ranked' (members with points and no
 * ban), kept by row triggers on profiles that fire only when one comes onto the board or leaves it (0046); never
 * written by the app. Each total is spread over up to 16 rows, one per
 * slot of the writing connection (its backend pid), so writers on different connections do not queue on one row.
 */
export const siteCounts = pgTable(
  "site_counts",
  {
    total: text("total", { enum: ["members", "posts", "comments", "ranked"] }).notNull(),
    slot: smallint("slot").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.total, t.slot] })],
);
