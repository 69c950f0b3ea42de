CREATE TABLE "kol_votes" (
	"kol_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"verdict" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kol_votes_pkey" PRIMARY KEY("kol_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "kols" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"avatar_url" text,
	"bio" text DEFAULT '' NOT NULL,
	"x_url" text,
	"telegram_url" text,
	"website_url" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"plug_votes" integer DEFAULT 0 NOT NULL,
	"rug_votes" integer DEFAULT 0 NOT NULL,
	"approved_reports" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 50 NOT NULL,
	"verdict" text DEFAULT 'unrated' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kols_tallies_not_negative" CHECK ("kols"."plug_votes" >= 0 and "kols"."rug_votes" >= 0 and "kols"."approved_reports" >= 0)
);
--> statement-breakpoint
CREATE TABLE "report_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"storage_path" text,
	"width" integer,
	"height" integer,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"kol_id" uuid NOT NULL,
	"kol_handle" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"contract_address" text,
	"tx_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"is_first_report" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kol_votes" ADD CONSTRAINT "kol_votes_kol_id_kols_id_fk" FOREIGN KEY ("kol_id") REFERENCES "public"."kols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kol_votes" ADD CONSTRAINT "kol_votes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kols" ADD CONSTRAINT "kols_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_evidence" ADD CONSTRAINT "report_evidence_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_kol_id_kols_id_fk" FOREIGN KEY ("kol_id") REFERENCES "public"."kols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reviewed_by_profiles_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kol_votes_user_idx" ON "kol_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kols_handle_lower_key" ON "kols" USING btree (lower("handle"));--> statement-breakpoint
CREATE INDEX "kols_handle_prefix_idx" ON "kols" USING btree (lower("handle") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "kols_name_prefix_idx" ON "kols" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "kols_score_idx" ON "kols" USING btree ("score" DESC NULLS FIRST,lower("handle"));--> statement-breakpoint
CREATE INDEX "kols_name_idx" ON "kols" USING btree (lower("name"),lower("handle"));--> statement-breakpoint
CREATE INDEX "kols_newest_idx" ON "kols" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "kols_verdict_score_idx" ON "kols" USING btree ("verdict","score" DESC NULLS FIRST,lower("handle"));--> statement-breakpoint
CREATE INDEX "report_evidence_report_position_idx" ON "report_evidence" USING btree ("report_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_first_per_reporter_key" ON "reports" USING btree ("reporter_id","kol_id") WHERE "reports"."is_first_report";--> statement-breakpoint
CREATE INDEX "reports_reporter_newest_idx" ON "reports" USING btree ("reporter_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_kol_status_newest_idx" ON "reports" USING btree ("kol_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_status_oldest_idx" ON "reports" USING btree ("status","created_at","id");--> statement-breakpoint
ALTER TABLE "post_mentions" ADD CONSTRAINT "post_mentions_mentioned_kol_id_kols_id_fk" FOREIGN KEY ("mentioned_kol_id") REFERENCES "public"."kols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_mentions_kol_idx" ON "post_mentions" USING btree ("mentioned_kol_id");