import type { TCourseCard, TCourseListQuery, TCourseProgress } from "@plugs/domain";
import { LEARN_LIMITS } from "@plugs/domain";
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { learnCertificates, learnCompletions, learnCourses, learnLessons } from "../../db/schema/index.ts";
import { bankSizes, learnPointAmounts, type TCourseRow } from "./course-access.ts";

type TCourseStats = { lessonCount: number; quizCount: number; bankSize: number };

/** A course's card: its facts, the points it offers at today's amounts, and the viewer's progress. */
export function mapCourseCard(
  course: TCourseRow,
  stats: TCourseStats,
  amounts: { lesson: number; quiz: number; exam: number },
  progress: TCourseProgress | null,
): TCourseCard {
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    description: course.description,
    level: course.level,
    minutes: course.minutes,
    coverUrl: course.coverUrl,
    lessonCount: stats.lessonCount,
    points:
      stats.lessonCount * amounts.lesson +
      stats.quizCount * amounts.quiz +
      (stats.bankSize > 0 ? amounts.exam : 0),
    progress,
  };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Lesson and quiz counts and bank sizes of these courses, in three grouped reads. */
export async function courseStats(
  deps: Pick<TDeps, "db">,
  courseIds: string[],
): Promise<Map<string, TCourseStats>> {
  const stats = new Map(courseIds.map((id) => [id, { lessonCount: 0, quizCount: 0, bankSize: 0 }]));
  if (courseIds.length === 0) return stats;
  const lessons = await deps.db
    .select({
      courseId: learnLessons.courseId,
      n: sql<number>`count(*)::int`,
      quizzes: sql<number>`count(*) filter (where exists (select 1 from learn_questions q where q.lesson_id = learn_lessons.id))::int`,
    })
    .from(learnLessons)
    .where(inArray(learnLessons.courseId, courseIds))
    .groupBy(learnLessons.courseId);
  for (const row of lessons) {
    const s = stats.get(row.courseId);
    if (s) Object.assign(s, { lessonCount: row.n, quizCount: row.quizzes });
  }
  for (const [courseId, n] of await bankSizes(deps.db, courseIds)) {
    const s = stats.get(courseId);
    if (s) s.bankSize = n;
  }
  return stats;
}

/** The viewer's progress in these courses: lessons done, and the certificate that completes a course. */
export async function courseProgress(
  deps: Pick<TDeps, "db">,
  viewer: TViewer,
  courseIds: string[],
  stats: Map<string, TCourseStats>,
): Promise<Map<string, TCourseProgress>> {
  if (courseIds.length === 0) return new Map();
  const done = await deps.db
    .select({ courseId: learnCompletions.courseId, n: sql<number>`count(*)::int` })
    .from(learnCompletions)
    .where(and(eq(learnCompletions.userId, viewer.id), inArray(learnCompletions.courseId, courseIds)))
    .groupBy(learnCompletions.courseId);
  const certificates = await deps.db
    .select({
      courseId: learnCertificates.courseId,
      code: learnCertificates.code,
      at: learnCertificates.createdAt,
    })
    .from(learnCertificates)
    .where(and(eq(learnCertificates.userId, viewer.id), inArray(learnCertificates.courseId, courseIds)));
  return new Map(
    courseIds.map((id) => {
      const certificate = certificates.find((c) => c.courseId === id);
      return [
        id,
        {
          lessonsDone: done.find((d) => d.courseId === id)?.n ?? 0,
          lessonCount: stats.get(id)?.lessonCount ?? 0,
          completedAt: certificate?.at.toISOString() ?? null,
          certificateCode: certificate?.code ?? null,
        },
      ];
    }),
  );
}

/** GET /api/learn/courses: the published courses, oldest first, by level and a search, with the viewer's progress. */
export async function listCourses(deps: TDeps, viewer: TViewer | null, query: TCourseListQuery) {
  const search = query.search?.trim();
  const pattern = search ? `%${escapeLike(search)}%` : null;
  const courses = await deps.db
    .select()
    .from(learnCourses)
    .where(
      and(
        eq(learnCourses.published, true),
        query.level ? eq(learnCourses.level, query.level) : undefined,
        pattern
          ? or(ilike(learnCourses.title, pattern), ilike(learnCourses.description, pattern))
          : undefined,
      ),
    )
    .orderBy(asc(learnCourses.createdAt), asc(learnCourses.id))
    .limit(LEARN_LIMITS.coursesShown);
  const ids = courses.map((c) => c.id);
  const [stats, amounts] = await Promise.all([courseStats(deps, ids), learnPointAmounts(deps)]);
  const progress = viewer
    ? await courseProgress(deps, viewer, ids, stats)
    : new Map<string, TCourseProgress>();
  return {
    items: courses.map((c) =>
      mapCourseCard(
        c,
        stats.get(c.id) ?? { lessonCount: 0, quizCount: 0, bankSize: 0 },
        amounts,
        progress.get(c.id) ?? null,
      ),
    ),
  };
}
