CREATE INDEX "learn_attempts_course_idx" ON "learn_attempts" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "learn_attempts_lesson_idx" ON "learn_attempts" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "learn_completions_course_idx" ON "learn_completions" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "learn_completions_lesson_idx" ON "learn_completions" USING btree ("lesson_id");