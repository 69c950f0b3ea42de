CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "points_transactions_paid_created_idx" ON "points_transactions" USING btree ("created_at","points") WHERE "points_transactions"."points" > 0;--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "profiles_newest_idx" ON "profiles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);