ALTER TABLE "giveaways" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "giveaways" ADD COLUMN "community_id" uuid;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;