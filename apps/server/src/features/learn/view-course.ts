import { LEARN_LIMITS, M_LEARN, type TCourseDetail, type TExamInfo } from "@plugs/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { learnAttempts, learnCompletions } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { courseLessons, findCourse, quizSizes, type TCourseRow } from "./course-access.ts";
import { courseCardColumns, mapCourseCardRow, type TCourseCardRow } from "./list-courses.ts";

type TAttemptRow = typeof learnAttempts.$inferSelect;

/** When an exam attempt ended: its submit, or its deadline for one left open past it. Null while it is open. */
export function attemptEnd(attempt: TAttemptRow, now = new Date()): Date | null {
  if (attempt.submittedAt) return attempt.submittedAt;
  const deadline = attempt.deadlineAt;
  if (deadline && deadline.getTime() + LEARN_LIMITS.deadlineGraceSeconds * 1000 < now.getTime())
    return deadline;
  return null;
}

/** A learner's exam attempts at a course, newest first. */
export function examAttempts(
  db: Pick<TDb, "select">,
  userId: string,
  courseId: string,
): Promise<TAttemptRow[]> {
  return db
    .select()
    .from(learnAttempts)
    .where(
      and(
        eq(learnAttempts.userId, userId),
        eq(learnAttempts.courseId, courseId),
        eq(learnAttempts.kind, "exam"),
      ),
    )
    .orderBy(desc(learnAttempts.createdAt));
}

/** The exam's rules and where the learner stands: open attempt, cool-down, attempts used, best score. */
export function examInfo(
  course: TCourseRow,
  bankSize: number,
  unlocked: boolean,
  attempts: TAttemptRow[],
  passed: boolean,
  now = new Date(),
): TExamInfo {
  const open = attempts.find((a) => attemptEnd(a, now) === null) ?? null;
  const ends = attempts.map((a) => attemptEnd(a, now)).filter((d): d is Date => d !== null);
  const lastEnd = ends.reduce<Date | null>((latest, d) => (!latest || d > latest ? d : latest), null);
  const retake = lastEnd ? new Date(lastEnd.getTime() + course.examCooldownHours * 3600_000) : null;
  const percents = attempts
    .filter((a) => a.score !== null)
    .map((a) => Math.round(((a.score ?? 0) * 100) / a.total));
  return {
    questionCount: Math.min(course.examQuestionCount, bankSize),
    timeLimitMinutes: course.examTimeLimitMinutes,
    passPercent: course.examPassPercent,
    cooldownHours: course.examCooldownHours,
    available: bankSize > 0,
    unlocked,
    openAttemptId: open?.id ?? null,
    retakeAt: !passed && !open && retake && retake > now ? retake.toISOString() : null,
    attemptsUsed: attempts.length,
    bestPercent: percents.length > 0 ? Math.max(...percents) : null,
  };
}

/** GET /api/learn/courses/:idOrSlug: the card, the outline with the viewer's done marks, and the exam's rules. */
export async function viewCourse(
  deps: TDeps,
  viewer: TViewer | null,
  idOrSlug: string,
): Promise<TCourseDetail> {
  const course = await findCourse(deps.db, viewer, idOrSlug);
  const [lessons, [card]] = await Promise.all([
    courseLessons(deps.db, course.id),
    queryRows<TCourseCardRow>(
      deps.db,
      sql`select ${courseCardColumns(viewer?.id ?? null)} from learn_courses c where c.id = ${course.id}`,
    ),
  ]);
  if (!card) throw new AppError("NOT_FOUND", M_LEARN.courseNotFound);
  const quizzes = await quizSizes(
    deps.db,
    lessons.map((l) => l.id),
  );
  const courseCard = mapCourseCardRow(card, viewer !== null);
  const progress = courseCard.progress;
  const done = viewer
    ? new Set(
        (
          await deps.db
            .select({ lessonId: learnCompletions.lessonId })
            .from(learnCompletions)
            .where(and(eq(learnCompletions.userId, viewer.id), eq(learnCompletions.courseId, course.id)))
        ).map((r) => r.lessonId),
      )
    : new Set<string>();
  const attempts = viewer ? await examAttempts(deps.db, viewer.id, course.id) : [];
  const unlocked = viewer !== null && lessons.length > 0 && lessons.every((l) => done.has(l.id));
  return {
    ...courseCard,
    lessons: lessons.map((l, i) => ({
      id: l.id,
      position: i + 1,
      title: l.title,
      minutes: l.minutes,
      hasQuiz: (quizzes.get(l.id) ?? 0) > 0,
      done: done.has(l.id),
    })),
    exam: examInfo(course, card.bank_size, unlocked, attempts, progress?.certificateCode != null),
  };
}
