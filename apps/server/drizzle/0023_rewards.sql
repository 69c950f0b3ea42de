CREATE TABLE "giveaway_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"giveaway_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"points_spent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaway_winners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"giveaway_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"claim_status" text DEFAULT 'pending' NOT NULL,
	"claim_deadline" timestamp with time zone NOT NULL,
	"claim_contact" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"prize" text NOT NULL,
	"image_url" text,
	"winners_count" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"entry_cost" integer DEFAULT 0 NOT NULL,
	"min_account_age_days" integer DEFAULT 0 NOT NULL,
	"min_points" integer DEFAULT 0 NOT NULL,
	"require_verified_email" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"entries_count" integer DEFAULT 0 NOT NULL,
	"seed" text,
	"seed_hash" text,
	"entrants_hash" text,
	"proof" jsonb,
	"created_by" uuid,
	"published_at" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaways_winners_positive" CHECK ("giveaways"."winners_count" > 0),
	CONSTRAINT "giveaways_entry_cost_nonnegative" CHECK ("giveaways"."entry_cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_winners" ADD CONSTRAINT "giveaway_winners_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_winners" ADD CONSTRAINT "giveaway_winners_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_entries_giveaway_user_key" ON "giveaway_entries" USING btree ("giveaway_id","user_id");--> statement-breakpoint
CREATE INDEX "giveaway_entries_user_newest_idx" ON "giveaway_entries" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_winners_giveaway_position_key" ON "giveaway_winners" USING btree ("giveaway_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_winners_giveaway_user_key" ON "giveaway_winners" USING btree ("giveaway_id","user_id");--> statement-breakpoint
CREATE INDEX "giveaway_winners_user_newest_idx" ON "giveaway_winners" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "giveaways_slug_key" ON "giveaways" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "giveaways_status_ends_idx" ON "giveaways" USING btree ("status","ends_at","id");--> statement-breakpoint
CREATE INDEX "giveaways_newest_idx" ON "giveaways" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Points spent on a giveaway entry: each is a negative ledger line of this activity (its own amount is unused, 0).
INSERT INTO "points_activities" ("name", "label", "points", "daily_cap", "description") VALUES
  ('giveaway_entry', 'Giveaway Entry', 0, NULL, 'Points spent to enter a giveaway')
ON CONFLICT ("name") DO NOTHING;
