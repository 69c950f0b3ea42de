ALTER TABLE "site_settings" ADD COLUMN "default_theme" text DEFAULT 'dark' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "social_url" text DEFAULT 'https://x.com/plugsandrugs';--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "partner_name" text DEFAULT 'Kolscan' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "partner_url" text DEFAULT 'https://kolscan.io';--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "announcement" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_default_theme_check" CHECK ("site_settings"."default_theme" in ('dark', 'light', 'system'));