CREATE TABLE "blog_article_tags" (
	"article_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "blog_article_tags_article_id_tag_id_pk" PRIMARY KEY("article_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "blog_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"cover_path" text,
	"cover_width" integer,
	"cover_height" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"featured" boolean DEFAULT false NOT NULL,
	"reading_minutes" integer DEFAULT 1 NOT NULL,
	"category_id" uuid,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "blog_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_images" (
	"url" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_article_tags" ADD CONSTRAINT "blog_article_tags_article_id_blog_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."blog_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_article_tags" ADD CONSTRAINT "blog_article_tags_tag_id_blog_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."blog_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD CONSTRAINT "blog_articles_category_id_blog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD CONSTRAINT "blog_articles_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_images" ADD CONSTRAINT "blog_images_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_slug_history" ADD CONSTRAINT "blog_slug_history_article_id_blog_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."blog_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_article_tags_tag_idx" ON "blog_article_tags" USING btree ("tag_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_articles_slug_key" ON "blog_articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_articles_published_idx" ON "blog_articles" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "blog_articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "blog_articles_category_published_idx" ON "blog_articles" USING btree ("category_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "blog_articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "blog_articles_featured_idx" ON "blog_articles" USING btree ("published_at" DESC NULLS FIRST) WHERE "blog_articles"."status" = 'published' and "blog_articles"."featured";--> statement-breakpoint
CREATE INDEX "blog_articles_scheduled_idx" ON "blog_articles" USING btree ("publish_at") WHERE "blog_articles"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "blog_articles_updated_idx" ON "blog_articles" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blog_articles_search_idx" ON "blog_articles" USING gin ("search") WITH (fastupdate=off);--> statement-breakpoint
CREATE UNIQUE INDEX "blog_categories_slug_key" ON "blog_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_slug_history_article_idx" ON "blog_slug_history" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_tags_slug_key" ON "blog_tags" USING btree ("slug");