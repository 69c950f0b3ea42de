import { M_LEARN } from "@plugs/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { learnCourses, learnLessons, learnQuestions, pointsActivities } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";

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
  db: Pick<TDb, "select">,
  viewer: TViewer | null,
  idOrSlug: string,
  options: { forLearning?: boolean } = {},
): Promise<TCourseRow> {
  const [course] = await db
    .select()
    .from(learnCourses)
    .where(isUuid(idOrSlug) ? eq(learnCourses.id, idOrSlug) : eq(learnCourses.slug, idOrSlug.toLowerCase()));
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

/** How many questions each course's exam bank holds. */
export async function bankSizes(db: Pick<TDb, "select">, courseIds: string[]): Promise<Map<string, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: learnQuestions.courseId, n: sql<number>`count(*)::int` })
    .from(learnQuestions)
    .where(and(inArray(learnQuestions.courseId, courseIds), sql`${learnQuestions.lessonId} is null`))
    .groupBy(learnQuestions.courseId);
  return new Map(rows.map((r) => [r.courseId, r.n]));
}

/** Today's amounts of Learn's three activities (0 for one that is off), for the points a course offers. */
export async function learnPointAmounts(deps: Pick<TDeps, "db">) {
  const rows = await deps.db
    .select({ name: pointsActivities.name, points: pointsActivities.points, active: pointsActivities.active })
    .from(pointsActivities)
    .where(inArray(pointsActivities.name, ["lesson_completed", "quiz_passed", "exam_passed"]));
  const amount = (name: string) => {
    const row = rows.find((r) => r.name === name);
    return row?.active ? row.points : 0;
  };
  return { lesson: amount("lesson_completed"), quiz: amount("quiz_passed"), exam: amount("exam_passed") };
}
