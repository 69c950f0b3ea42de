CREATE TABLE "member_action_counts" (
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_action_counts_pkey" PRIMARY KEY("user_id","action")
);
--> statement-breakpoint
ALTER TABLE "member_action_counts" ADD CONSTRAINT "member_action_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;