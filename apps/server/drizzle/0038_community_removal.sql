ALTER TABLE "communities" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "removal_reason" text;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_removed_by_profiles_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communities_removed_idx" ON "communities" USING btree ("removed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "communities"."removed_at" is not null;