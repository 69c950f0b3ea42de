import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
