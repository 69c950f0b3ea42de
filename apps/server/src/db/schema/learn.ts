import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles.ts";

// The same list as @plugs/domain COURSE_LEVELS (drizzle-kit reads this file on its own).
const LEVELS = ["beginner", "intermediate", "advanced"] as const;

/** A course: its lessons, its exam bank and the exam's rules. Learners see only published ones. */
export const learnCourses = pgTable(
  "learn_courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    level: text("level", { enum: LEVELS }).notNull(),
    minutes: integer("minutes").notNull(),
    coverUrl: text("cover_url"),
    published: boolean("published").notNull().default(false),
    examQuestionCount: integer("exam_question_count").notNull().default(10),
    examTimeLimitMinutes: integer("exam_time_limit_minutes").notNull().default(20),
    examPassPercent: integer("exam_pass_percent").notNull().default(80),
    examCooldownHours: integer("exam_cooldown_hours").notNull().default(24),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("learn_courses_slug_key").on(t.slug),
    // /learn: the published courses, oldest first (the order the admin published them in).
    index("learn_courses_published_idx").on(t.createdAt, t.id).where(sql`${t.published}`),
    // The admin's list: every course, newest first.
    index("learn_courses_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** A lesson of a course, in `position` order, with its Markdown body (rendered by the server when read). */
export const learnLessons = pgTable(
  "learn_lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => learnCourses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    minutes: integer("minutes").notNull(),
    videoUrl: text("video_url"),
    quizPassPercent: integer("quiz_pass_percent").notNull().default(70),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A course's outline, in order.
  (t) => [index("learn_lessons_course_position_idx").on(t.courseId, t.position)],
);

/**
 * A question: of a lesson's quiz (lesson_id set) or of the course's exam bank (lesson_id null). `options` are
 * `{id, text}` (ids are stable, so an attempt can keep its shuffled order); `correct` holds the right ids and never
 * leaves the server before the attempt that asked it is submitted.
 */
export const learnQuestions = pgTable(
  "learn_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => learnCourses.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id").references(() => learnLessons.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    prompt: text("prompt").notNull(),
    options: jsonb("options").$type<{ id: string; text: string }[]>().notNull(),
    correct: jsonb("correct").$type<string[]>().notNull(),
    multiple: boolean("multiple").notNull().default(false),
    explanation: text("explanation").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A lesson's quiz, in order.
    index("learn_questions_lesson_position_idx").on(t.lessonId, t.position),
    // A course's exam bank (and its size).
    index("learn_questions_bank_idx").on(t.courseId, t.position).where(sql`${t.lessonId} is null`),
  ],
);

/** A question of an attempt: its options' order, and once graded the question as it was then. */
export type TAttemptQuestion = {
  questionId: string;
  optionIds: string[];
  asked?: {
    prompt: string;
    multiple: boolean;
    options: { id: string; text: string }[];
    correct: string[];
    explanation: string;
  };
};

/**
 * One try at a quiz (lesson_id set) or the exam (lesson_id null). The questions and each one's option order are
 * fixed when it starts, so a reload shows the same; answers, score and the outcome are written once, on submit.
 */
export const learnAttempts = pgTable(
  "learn_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => learnCourses.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id").references(() => learnLessons.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["quiz", "exam"] }).notNull(),
    /**
     * The questions asked, in order, each with its options' order: `[{questionId, optionIds}]`; once submitted, each
     * also holds the question as it was graded (`asked`), so a later edit of the bank leaves past results as they were.
     */
    questions: jsonb("questions").$type<TAttemptQuestion[]>().notNull(),
    passPercent: integer("pass_percent").notNull(),
    answers: jsonb("answers").$type<Record<string, string[]>>(),
    score: integer("score"),
    total: integer("total").notNull(),
    passed: boolean("passed"),
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A learner's attempts at one course's quizzes and exam, newest first (the outline, cool-down, best score).
    index("learn_attempts_user_course_idx").on(t.userId, t.courseId, t.kind, t.createdAt.desc().nullsFirst()),
    // One open exam attempt per learner and course, and one open attempt per quiz.
    uniqueIndex("learn_attempts_open_exam_key")
      .on(t.userId, t.courseId)
      .where(sql`${t.kind} = 'exam' and ${t.submittedAt} is null`),
    uniqueIndex("learn_attempts_open_quiz_key")
      .on(t.userId, t.lessonId)
      .where(sql`${t.kind} = 'quiz' and ${t.submittedAt} is null`),
    // A course's or a lesson's attempts: whether learners started it (the admin's delete check) and the cascades.
    index("learn_attempts_course_idx").on(t.courseId),
    index("learn_attempts_lesson_idx").on(t.lessonId),
  ],
);

/** A lesson a learner finished (marked complete, or passed its quiz); once per learner and lesson. */
export const learnCompletions = pgTable(
  "learn_completions",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    lessonId: uuid("lesson_id")
      .notNull()
      .references(() => learnLessons.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => learnCourses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    // A learner's progress in a course.
    index("learn_completions_user_course_idx").on(t.userId, t.courseId),
    // A course's or a lesson's completions: the admin's delete check and the cascades.
    index("learn_completions_course_idx").on(t.courseId),
    index("learn_completions_lesson_idx").on(t.lessonId),
  ],
);

/** A passed exam: one per learner and course, verified by anyone at /learn/certificates/{code}. */
export const learnCertificates = pgTable(
  "learn_certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // A course with certificates is never deleted (unpublished instead), so restrict.
    courseId: uuid("course_id")
      .notNull()
      .references(() => learnCourses.id, { onDelete: "restrict" }),
    attemptId: uuid("attempt_id").references(() => learnAttempts.id, { onDelete: "set null" }),
    percent: integer("percent").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("learn_certificates_code_key").on(t.code),
    uniqueIndex("learn_certificates_user_course_key").on(t.userId, t.courseId),
  ],
);
