CREATE TABLE "sweep_challenges" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sweep_paid_accounts" (
	"address" text PRIMARY KEY NOT NULL,
	"sweep_id" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sweep_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sweeps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"signature" text NOT NULL,
	"wallet" text NOT NULL,
	"accounts_closed" integer NOT NULL,
	"lamports_reclaimed" bigint NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sweep_challenges" ADD CONSTRAINT "sweep_challenges_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweep_paid_accounts" ADD CONSTRAINT "sweep_paid_accounts_sweep_id_sweeps_id_fk" FOREIGN KEY ("sweep_id") REFERENCES "public"."sweeps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweep_paid_accounts" ADD CONSTRAINT "sweep_paid_accounts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweep_wallets" ADD CONSTRAINT "sweep_wallets_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweeps" ADD CONSTRAINT "sweeps_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sweep_challenges_user_idx" ON "sweep_challenges" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "sweep_paid_accounts_sweep_idx" ON "sweep_paid_accounts" USING btree ("sweep_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sweep_wallets_address_key" ON "sweep_wallets" USING btree ("address");--> statement-breakpoint
CREATE INDEX "sweep_wallets_user_idx" ON "sweep_wallets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sweeps_signature_key" ON "sweeps" USING btree ("signature");--> statement-breakpoint
CREATE INDEX "sweeps_user_newest_idx" ON "sweeps" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);