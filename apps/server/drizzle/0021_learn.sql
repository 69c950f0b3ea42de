CREATE TABLE "learn_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"lesson_id" uuid,
	"kind" text NOT NULL,
	"questions" jsonb NOT NULL,
	"pass_percent" integer NOT NULL,
	"answers" jsonb,
	"score" integer,
	"total" integer NOT NULL,
	"passed" boolean,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learn_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"attempt_id" uuid,
	"percent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learn_completions" (
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learn_completions_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "learn_courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"level" text NOT NULL,
	"minutes" integer NOT NULL,
	"cover_url" text,
	"published" boolean DEFAULT false NOT NULL,
	"exam_question_count" integer DEFAULT 10 NOT NULL,
	"exam_time_limit_minutes" integer DEFAULT 20 NOT NULL,
	"exam_pass_percent" integer DEFAULT 80 NOT NULL,
	"exam_cooldown_hours" integer DEFAULT 24 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learn_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"minutes" integer NOT NULL,
	"video_url" text,
	"quiz_pass_percent" integer DEFAULT 70 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learn_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"lesson_id" uuid,
	"position" integer NOT NULL,
	"prompt" text NOT NULL,
	"options" jsonb NOT NULL,
	"correct" jsonb NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learn_attempts" ADD CONSTRAINT "learn_attempts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_attempts" ADD CONSTRAINT "learn_attempts_course_id_learn_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."learn_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_attempts" ADD CONSTRAINT "learn_attempts_lesson_id_learn_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."learn_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_certificates" ADD CONSTRAINT "learn_certificates_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_certificates" ADD CONSTRAINT "learn_certificates_course_id_learn_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."learn_courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_certificates" ADD CONSTRAINT "learn_certificates_attempt_id_learn_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."learn_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_completions" ADD CONSTRAINT "learn_completions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_completions" ADD CONSTRAINT "learn_completions_lesson_id_learn_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."learn_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_completions" ADD CONSTRAINT "learn_completions_course_id_learn_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."learn_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_lessons" ADD CONSTRAINT "learn_lessons_course_id_learn_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."learn_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_questions" ADD CONSTRAINT "learn_questions_course_id_learn_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."learn_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_questions" ADD CONSTRAINT "learn_questions_lesson_id_learn_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."learn_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learn_attempts_user_course_idx" ON "learn_attempts" USING btree ("user_id","course_id","kind","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "learn_attempts_open_exam_key" ON "learn_attempts" USING btree ("user_id","course_id") WHERE "learn_attempts"."kind" = 'exam' and "learn_attempts"."submitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "learn_attempts_open_quiz_key" ON "learn_attempts" USING btree ("user_id","lesson_id") WHERE "learn_attempts"."kind" = 'quiz' and "learn_attempts"."submitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "learn_certificates_code_key" ON "learn_certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "learn_certificates_user_course_key" ON "learn_certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "learn_completions_user_course_idx" ON "learn_completions" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learn_courses_slug_key" ON "learn_courses" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "learn_courses_published_idx" ON "learn_courses" USING btree ("created_at","id") WHERE "learn_courses"."published";--> statement-breakpoint
CREATE INDEX "learn_courses_newest_idx" ON "learn_courses" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "learn_lessons_course_position_idx" ON "learn_lessons" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "learn_questions_lesson_position_idx" ON "learn_questions" USING btree ("lesson_id","position");--> statement-breakpoint
CREATE INDEX "learn_questions_bank_idx" ON "learn_questions" USING btree ("course_id","position") WHERE "learn_questions"."lesson_id" is null;--> statement-breakpoint
-- The points of Learn, paid once per learner and item (a lesson, a lesson's quiz, a course's exam); admins change
-- amounts and caps at /api/admin/points-activities like the others.
INSERT INTO "points_activities" ("name", "label", "points", "daily_cap", "description") VALUES
  ('lesson_completed', 'Lesson Completed', 10, 50, 'Finishing a lesson of a course'),
  ('quiz_passed', 'Quiz Passed', 20, 30, 'Passing a lesson''s quiz'),
  ('exam_passed', 'Exam Passed', 100, 5, 'Passing a course''s final exam')
ON CONFLICT ("name") DO NOTHING;
