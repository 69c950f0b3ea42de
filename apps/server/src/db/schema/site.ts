import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Site-wide settings; the row named 'default' holds the site's name and logo. */
export const siteSettings = pgTable("site_settings", {
  settingName: text("setting_name").primaryKey(),
  siteName: text("site_name").notNull(),
  logoUrl: text("logo_url"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
