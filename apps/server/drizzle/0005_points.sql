CREATE TABLE "points_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"points" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"daily_cap" integer,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_activities_points_nonnegative" CHECK ("points_activities"."points" >= 0),
	CONSTRAINT "points_activities_daily_cap_positive" CHECK ("points_activities"."daily_cap" is null or "points_activities"."daily_cap" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_airdrops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"admin_id" uuid,
	"admin_username" text NOT NULL,
	"recipient_id" uuid,
	"recipient_username" text NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_airdrops_points_positive" CHECK ("points_airdrops"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"description" text NOT NULL,
	"reference_id" text,
	"reference_type" text,
	"activity_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_airdrops" ADD CONSTRAINT "points_airdrops_admin_id_profiles_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_airdrops" ADD CONSTRAINT "points_airdrops_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_airdrops" ADD CONSTRAINT "points_airdrops_transaction_id_points_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."points_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD CONSTRAINT "points_transactions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_transactions" ADD CONSTRAINT "points_transactions_activity_id_points_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."points_activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_activities_name_key" ON "points_activities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "points_airdrops_newest_idx" ON "points_airdrops" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "points_transactions_idempotency_key" ON "points_transactions" USING btree ("user_id","activity_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "points_transactions_user_newest_idx" ON "points_transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "points_transactions_user_activity_created_idx" ON "points_transactions" USING btree ("user_id","activity_id","created_at");--> statement-breakpoint
CREATE INDEX "points_transactions_created_user_points_idx" ON "points_transactions" USING btree ("created_at","user_id","points");--> statement-breakpoint
CREATE INDEX "profiles_leaderboard_idx" ON "profiles" USING btree ("points" DESC NULLS FIRST,lower("username"),"id") WHERE "profiles"."points" > 0 and not "profiles"."is_banned";