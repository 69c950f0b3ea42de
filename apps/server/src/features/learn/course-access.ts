import { M_LEARN } from "@plugs/domain";
import { eq, inArray, sql } from "drizzle-orm";
import type { TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { type learnCourses, learnLessons, learnQuestions } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { rowDate } from "../../lib/row-date.ts";

export type TCourseRow = typeof learnCourses.$inferSelect;
export type TLessonRow = typeof learnLessons.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path value is a uuid (an id) rather than a slug. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A course by its id or slug, as the viewer may see it: a draft is "not found" to everyone but admins, and with
 * `forLearning` (taking a quiz or the exam) to admins too.
 */
export async function findCourse(
  db: Pick<TDb, "execute">,
  viewer: TViewer | null,
  idOrSlug: string,
  options: { forLearning?: boolean } = {},
): Promise<TCourseRow> {
  // Plain SQL: a course is read on every Learn page, and building Drizzle's select of its every column cost more
  // than running it.
  const [row] = await queryRows<TCourseRow>(
    db,
    sql`select id, slug, title, description, level, minutes, cover_url as "coverUrl", published,
        exam_question_count as "examQuestionCount", exam_time_limit_minutes as "examTimeLimitMinutes",
        exam_pass_percent as "examPassPercent", exam_cooldown_hours as "examCooldownHours",
        created_at as "createdAt", updated_at as "updatedAt"
      from learn_courses where ${isUuid(idOrSlug) ? sql`id = ${idOrSlug}` : sql`slug = ${idOrSlug.toLowerCase()}`}`,
  );
  const course = row && { ...row, createdAt: rowDate(row.createdAt), updatedAt: rowDate(row.updatedAt) };
  const seesDrafts = viewer?.isAdmin === true && !options.forLearning;
  if (!course || (!course.published && !seesDrafts)) throw new AppError("NOT_FOUND", M_LEARN.courseNotFound);
  return course;
}

/** A course's lessons in order. */
export function courseLessons(db: Pick<TDb, "select">, courseId: string): Promise<TLessonRow[]> {
  return db
    .select()
    .from(learnLessons)
    .where(eq(learnLessons.courseId, courseId))
    .orderBy(learnLessons.position, learnLessons.id);
}

/** How many quiz questions each of these lessons has (lessons without a quiz are left out). */
export async function quizSizes(db: Pick<TDb, "select">, lessonIds: string[]): Promise<Map<string, number>> {
  if (lessonIds.length === 0) return new Map();
  const rows = await db
    .select({ lessonId: learnQuestions.lessonId, n: sql<number>`count(*)::int` })
    .from(learnQuestions)
    .where(inArray(learnQuestions.lessonId, lessonIds))
    .groupBy(learnQuestions.lessonId);
  return new Map(rows.map((r) => [r.lessonId ?? "", r.n]));
}

/** Today's amounts of Learn's three activities (0 for one that is off), for the points a course offers. */
export type TLearnAmounts = { lesson: number; quiz: number; exam: number };

/** Those amounts as one JSON value, read inside a larger statement. */
export const learnAmountsJson = sql`(select json_build_object(
    'lesson', coalesce(max(a.points) filter (where a.name = 'lesson_completed' and a.active), 0),
    'quiz', coalesce(max(a.points) filter (where a.name = 'quiz_passed' and a.active), 0),
    'exam', coalesce(max(a.points) filter (where a.name = 'exam_passed' and a.active), 0))
  from points_activities a where a.name in ('lesson_completed', 'quiz_passed', 'exam_passed'))`;
