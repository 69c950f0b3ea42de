CREATE TABLE "community_branding" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"community_id" uuid NOT NULL,
	"type" text NOT NULL,
	"storage_path" text NOT NULL,
	"public_url" text NOT NULL,
	"version" integer NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "rules_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "accepted_rules_version" integer;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "accepted_rules_hash" text;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "accepted_rules_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "community_branding" ADD CONSTRAINT "community_branding_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_branding" ADD CONSTRAINT "community_branding_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_branding_version_key" ON "community_branding" USING btree ("community_id","type","version");--> statement-breakpoint
CREATE UNIQUE INDEX "community_branding_active_key" ON "community_branding" USING btree ("community_id","type") WHERE "community_branding"."is_active";--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_added_by_profiles_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communities_popular_idx" ON "communities" USING btree ("member_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "communities_newest_idx" ON "communities" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "communities_name_trgm_idx" ON "communities" USING gin ("name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "communities_description_trgm_idx" ON "communities" USING gin ("community_description" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "community_members_list_idx" ON "community_members" USING btree ("community_id","status","joined_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "community_members_creators_idx" ON "community_members" USING btree ("community_id","joined_at") WHERE "community_members"."role" = 'creator' and "community_members"."status" = 'active';--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_member_count_not_negative" CHECK ("communities"."member_count" >= 0);