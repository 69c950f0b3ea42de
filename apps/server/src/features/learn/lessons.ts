import { M_LEARN, type TLessonCompletion, type TLessonDetail, videoEmbedUrl } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { learnCompletions, learnLessons } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { isoTimestamp } from "../../lib/row-date.ts";
import { awardPointsSafely, type TDbOrTx } from "../points/award-points.ts";
import { findCourse, quizSizes, type TCourseRow, type TLessonRow } from "./course-access.ts";
import { renderLessonCached } from "./markdown.ts";

/** A lesson of a course the viewer may see (the course by id or slug), or 404. */
export async function findLesson(
  db: Pick<TDb, "select" | "execute">,
  viewer: TViewer | null,
  lessonId: string,
  options: { forLearning?: boolean } = {},
): Promise<{ course: TCourseRow; lesson: TLessonRow }> {
  const [row] = await db
    .select({ courseId: learnLessons.courseId })
    .from(learnLessons)
    .where(eq(learnLessons.id, lessonId));
  if (!row) throw new AppError("NOT_FOUND", M_LEARN.lessonNotFound);
  const course = await findCourse(db, viewer, row.courseId, options);
  const [lesson] = await db.select().from(learnLessons).where(eq(learnLessons.id, lessonId));
  if (!lesson) throw new AppError("NOT_FOUND", M_LEARN.lessonNotFound);
  return { course, lesson };
}

type TLessonPageRow = {
  id: string;
  title: string;
  minutes: number;
  body: string;
  videoUrl: string | null;
  quizPassPercent: number;
  version: string;
  quizSize: number;
  done: boolean;
  quizPassed: boolean;
  outline: { id: string; title: string }[];
};

/** GET /api/learn/courses/:idOrSlug/lessons/:lessonId: the lesson rendered, its neighbours, the viewer's marks. */
export async function viewLesson(
  deps: TDeps,
  viewer: TViewer | null,
  courseIdOrSlug: string,
  lessonId: string,
): Promise<TLessonDetail> {
  const course = await findCourse(deps.db, viewer, courseIdOrSlug);
  const viewerId = viewer?.id ?? null;
  // One statement: this lesson of this course whole, with its quiz's size, the viewer's two marks (false for a
  // visitor) and the course's outline without bodies (for the neighbours and the position).
  const [lesson] = await queryRows<TLessonPageRow>(
    deps.db,
    sql`select l.id, l.title, l.minutes, l.body, l.video_url as "videoUrl",
        l.quiz_pass_percent as "quizPassPercent", ${isoTimestamp(sql`l.updated_at`)} as version,
        (select count(*)::int from learn_questions q where q.lesson_id = l.id) as "quizSize",
        exists (select 1 from learn_completions c where c.user_id = ${viewerId} and c.lesson_id = l.id) as done,
        exists (select 1 from learn_attempts a where a.user_id = ${viewerId} and a.course_id = l.course_id
          and a.kind = 'quiz' and a.passed and a.lesson_id = l.id) as "quizPassed",
        (select json_agg(json_build_object('id', o.id, 'title', o.title) order by o.position, o.id)
          from learn_lessons o where o.course_id = l.course_id) as outline
      from learn_lessons l where l.id = ${lessonId} and l.course_id = ${course.id}`,
  );
  const lessons = lesson?.outline ?? [];
  const index = lessons.findIndex((l) => l.id === lesson?.id);
  if (!lesson || index < 0) throw new AppError("NOT_FOUND", M_LEARN.lessonNotFound);
  const done = lesson.done;
  const quizPassed = lesson.quizPassed;
  const quizSize = lesson.quizSize;
  const link = (l: { id: string; title: string } | undefined) => (l ? { id: l.id, title: l.title } : null);
  return {
    id: lesson.id,
    courseId: course.id,
    courseSlug: course.slug,
    courseTitle: course.title,
    position: index + 1,
    lessonCount: lessons.length,
    title: lesson.title,
    minutes: lesson.minutes,
    html: renderLessonCached(`${lesson.id}:${lesson.version}`, lesson.body),
    videoEmbedUrl: lesson.videoUrl ? videoEmbedUrl(lesson.videoUrl) : null,
    previous: link(lessons[index - 1]),
    next: link(lessons[index + 1]),
    done,
    quiz:
      quizSize > 0
        ? { questionCount: quizSize, passPercent: lesson.quizPassPercent, passed: quizPassed }
        : null,
  };
}

/**
 * Records a finished lesson and pays lesson_completed, once per learner and lesson (the completion's key and the
 * ledger's). Inside the caller's transaction when given one. Returns the points paid now.
 */
export async function recordCompletion(
  deps: TDeps,
  db: TDbOrTx,
  userId: string,
  lesson: TLessonRow,
): Promise<number> {
  await db
    .insert(learnCompletions)
    .values({ userId, lessonId: lesson.id, courseId: lesson.courseId })
    .onConflictDoNothing();
  const award = await awardPointsSafely(
    deps,
    { userId, activity: "lesson_completed", referenceType: "lesson", referenceId: lesson.id },
    db,
  );
  return award?.points ?? 0;
}

/**
 * POST /api/learn/lessons/:lessonId/complete: a lesson without a quiz is done when its reader says so; a lesson with
 * one is done by passing it (so the points need the quiz).
 */
export async function completeLesson(
  deps: TDeps,
  viewer: TViewer,
  lessonId: string,
): Promise<TLessonCompletion> {
  const { lesson } = await findLesson(deps.db, viewer, lessonId, { forLearning: true });
  const quizSize = (await quizSizes(deps.db, [lesson.id])).get(lesson.id) ?? 0;
  if (quizSize > 0) throw new AppError("CONFLICT", M_LEARN.passQuizToComplete);
  const pointsEarned = await deps.db.transaction((tx) => recordCompletion(deps, tx, viewer.id, lesson));
  return { lessonId: lesson.id, done: true, pointsEarned };
}
