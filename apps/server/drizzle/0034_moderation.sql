CREATE TABLE "content_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid,
	"comment_id" uuid,
	"open_flags" integer DEFAULT 0 NOT NULL,
	"last_flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_items_one_target" CHECK (("moderation_items"."post_id" is null) <> ("moderation_items"."comment_id" is null)),
	CONSTRAINT "moderation_items_open_flags_not_negative" CHECK ("moderation_items"."open_flags" >= 0)
);
--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "removal_reason" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "removal_reason" text;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_item_id_moderation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."moderation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_flags" ADD CONSTRAINT "content_flags_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_comment_id_post_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_flags_item_user_key" ON "content_flags" USING btree ("item_id","user_id");--> statement-breakpoint
CREATE INDEX "content_flags_user_idx" ON "content_flags" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_post_key" ON "moderation_items" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_comment_key" ON "moderation_items" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "moderation_items_queue_idx" ON "moderation_items" USING btree ("open_flags" DESC NULLS FIRST,"last_flagged_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "moderation_items"."open_flags" > 0;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_removed_by_profiles_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_removed_by_profiles_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_comments_removed_idx" ON "post_comments" USING btree ("removed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "post_comments"."removed_at" is not null;--> statement-breakpoint
CREATE INDEX "posts_removed_idx" ON "posts" USING btree ("removed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."removed_at" is not null;