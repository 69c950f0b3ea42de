import { randomBytes, randomInt } from "node:crypto";
import { formatWait, M_LEARN, type TAttempt, type TSubmitAttemptRequest } from "@plugs/domain";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import {
  learnAttempts,
  learnCertificates,
  learnCompletions,
  learnQuestions,
  type TAttemptQuestion,
} from "../../db/schema/index.ts";
import { AppError, isUniqueViolation } from "../../errors.ts";
import { awardPointsSafely } from "../points/award-points.ts";
import { courseLessons, findCourse, type TCourseRow } from "./course-access.ts";
import { findLesson, recordCompletion } from "./lessons.ts";
import { attemptEnd, examAttempts } from "./view-course.ts";

type TAttemptRow = typeof learnAttempts.$inferSelect;
type TQuestionRow = typeof learnQuestions.$inferSelect;

/** A fair shuffle (Fisher-Yates on crypto randomness), so the order cannot be predicted from earlier ones. */
function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function percentOf(score: number, total: number): number {
  return total === 0 ? 0 : Math.round((score * 100) / total);
}

/**
 * An attempt as its learner sees it. Before it is submitted: the questions and options in the attempt's order,
 * nothing else (no right answers, no explanations); after: each question's result and the score.
 */
function mapAttempt(
  attempt: TAttemptRow,
  questions: Map<string, TQuestionRow>,
  extra: { pointsEarned?: number; certificateCode?: string | null } = {},
): TAttempt {
  const submitted = attempt.submittedAt !== null;
  return {
    id: attempt.id,
    kind: attempt.kind,
    courseId: attempt.courseId,
    lessonId: attempt.lessonId,
    startedAt: attempt.createdAt.toISOString(),
    deadlineAt: attempt.deadlineAt?.toISOString() ?? null,
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    passPercent: attempt.passPercent,
    questions: attempt.questions.flatMap(({ questionId, optionIds, asked }) => {
      // A graded attempt shows each question as it was graded; an open one (or one graded before the questions
      // were kept) as it is now.
      const q = asked ? { id: questionId, ...asked } : questions.get(questionId);
      if (!q) return [];
      const chosen = attempt.answers?.[questionId] ?? [];
      return [
        {
          id: q.id,
          prompt: q.prompt,
          multiple: q.multiple,
          options: optionIds.flatMap((id) => {
            const option = q.options.find((o) => o.id === id);
            return option ? [{ id: option.id, text: option.text }] : [];
          }),
          result: submitted
            ? {
                correctOptionIds: q.correct,
                chosenOptionIds: chosen,
                correct: sameSet(chosen, q.correct),
                explanation: q.explanation,
              }
            : null,
        },
      ];
    }),
    score: attempt.score,
    total: attempt.total,
    percent: attempt.score === null ? null : percentOf(attempt.score, attempt.total),
    passed: attempt.passed,
    pointsEarned: extra.pointsEarned ?? 0,
    certificateCode: extra.certificateCode ?? null,
  };
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

async function questionsOf(deps: TDeps, attempt: TAttemptRow): Promise<Map<string, TQuestionRow>> {
  const ids = attempt.questions.filter((q) => !q.asked).map((q) => q.questionId);
  if (ids.length === 0) return new Map();
  const rows = await deps.db.select().from(learnQuestions).where(inArray(learnQuestions.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

async function present(deps: TDeps, attempt: TAttemptRow, extra?: Parameters<typeof mapAttempt>[2]) {
  return mapAttempt(attempt, await questionsOf(deps, attempt), extra);
}

/** Inserts an attempt, or (when a concurrent start won the one-open-attempt key) returns the open one. */
async function insertOrOpen(
  deps: TDeps,
  values: typeof learnAttempts.$inferInsert,
  findOpen: () => Promise<TAttemptRow | undefined>,
): Promise<{ attempt: TAttemptRow; created: boolean }> {
  try {
    const [attempt] = await deps.db.insert(learnAttempts).values(values).returning();
    if (attempt) return { attempt, created: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const open = await findOpen();
  if (!open) throw new AppError("CONFLICT", M_LEARN.alreadySubmitted);
  return { attempt: open, created: false };
}

/**
 * POST /api/learn/lessons/:lessonId/quiz/attempts: the learner's open attempt at this quiz, or a new one with every
 * question in order and each one's options shuffled. A reload gets the same attempt back.
 */
export async function startQuiz(deps: TDeps, viewer: TViewer, lessonId: string) {
  const { course, lesson } = await findLesson(deps.db, viewer, lessonId, { forLearning: true });
  const findOpen = async () =>
    (
      await deps.db
        .select()
        .from(learnAttempts)
        .where(
          and(
            eq(learnAttempts.userId, viewer.id),
            eq(learnAttempts.courseId, course.id),
            eq(learnAttempts.kind, "quiz"),
            eq(learnAttempts.lessonId, lesson.id),
            isNull(learnAttempts.submittedAt),
          ),
        )
    )[0];
  const open = await findOpen();
  if (open) return { attempt: await present(deps, open), created: false };
  const questions = await deps.db
    .select()
    .from(learnQuestions)
    .where(eq(learnQuestions.lessonId, lesson.id))
    .orderBy(learnQuestions.position, learnQuestions.id);
  if (questions.length === 0) throw new AppError("NOT_FOUND", M_LEARN.noQuiz);
  const { attempt, created } = await insertOrOpen(
    deps,
    {
      userId: viewer.id,
      courseId: course.id,
      lessonId: lesson.id,
      kind: "quiz",
      questions: questions.map((q) => ({ questionId: q.id, optionIds: shuffle(q.options.map((o) => o.id)) })),
      passPercent: lesson.quizPassPercent,
      total: questions.length,
    },
    findOpen,
  );
  return { attempt: await present(deps, attempt), created };
}

/** Closes an exam attempt left open past its deadline as failed with nothing counted; its end starts the cool-down. */
async function closeExpired(deps: TDeps, attempt: TAttemptRow): Promise<void> {
  await deps.db
    .update(learnAttempts)
    .set({ submittedAt: attempt.deadlineAt, answers: {}, score: 0, passed: false, updatedAt: new Date() })
    .where(and(eq(learnAttempts.id, attempt.id), isNull(learnAttempts.submittedAt)));
}

/**
 * POST /api/learn/courses/:idOrSlug/exam/attempts: the open exam attempt, or a new one once every lesson is done
 * and the cool-down after the last attempt is over: the course's number of questions drawn at random from its bank,
 * in random order with shuffled options, and a deadline the server keeps.
 */
export async function startExam(deps: TDeps, viewer: TViewer, idOrSlug: string) {
  const course = await findCourse(deps.db, viewer, idOrSlug, { forLearning: true });
  const bank = await deps.db
    .select({ id: learnQuestions.id, options: learnQuestions.options })
    .from(learnQuestions)
    .where(and(eq(learnQuestions.courseId, course.id), sql`${learnQuestions.lessonId} is null`))
    .orderBy(learnQuestions.position);
  if (bank.length === 0) throw new AppError("NOT_FOUND", M_LEARN.examNoQuestions);
  const [certificate] = await deps.db
    .select({ code: learnCertificates.code })
    .from(learnCertificates)
    .where(and(eq(learnCertificates.userId, viewer.id), eq(learnCertificates.courseId, course.id)));
  if (certificate) throw new AppError("CONFLICT", M_LEARN.examAlreadyPassed);
  await requireEveryLessonDone(deps, viewer, course);

  const now = new Date();
  const attempts = await examAttempts(deps.db, viewer.id, course.id);
  const open = attempts.find((a) => a.submittedAt === null);
  if (open && attemptEnd(open, now) === null) return { attempt: await present(deps, open), created: false };
  if (open) await closeExpired(deps, open);
  const lastEnd = attempts
    .map((a) => attemptEnd(a, now))
    .filter((d): d is Date => d !== null)
    .reduce<Date | null>((latest, d) => (!latest || d > latest ? d : latest), null);
  if (lastEnd) {
    const wait = lastEnd.getTime() + course.examCooldownHours * 3600_000 - now.getTime();
    if (wait > 0) throw new AppError("CONFLICT", M_LEARN.examCooldown(formatWait(wait / 1000)));
  }
  const drawn = shuffle(bank).slice(0, course.examQuestionCount);
  const { attempt, created } = await insertOrOpen(
    deps,
    {
      userId: viewer.id,
      courseId: course.id,
      kind: "exam",
      questions: drawn.map((q) => ({ questionId: q.id, optionIds: shuffle(q.options.map((o) => o.id)) })),
      passPercent: course.examPassPercent,
      total: drawn.length,
      deadlineAt: new Date(now.getTime() + course.examTimeLimitMinutes * 60_000),
    },
    async () => (await examAttempts(deps.db, viewer.id, course.id)).find((a) => a.submittedAt === null),
  );
  return { attempt: await present(deps, attempt), created };
}

async function requireEveryLessonDone(deps: TDeps, viewer: TViewer, course: TCourseRow): Promise<void> {
  const lessons = await courseLessons(deps.db, course.id);
  const done = await deps.db
    .select({ lessonId: learnCompletions.lessonId })
    .from(learnCompletions)
    .where(and(eq(learnCompletions.userId, viewer.id), eq(learnCompletions.courseId, course.id)));
  const doneIds = new Set(done.map((d) => d.lessonId));
  if (lessons.length === 0 || !lessons.every((l) => doneIds.has(l.id))) {
    throw new AppError("FORBIDDEN", M_LEARN.examLocked);
  }
}

async function ownAttempt(deps: TDeps, viewer: TViewer, attemptId: string): Promise<TAttemptRow> {
  const [attempt] = await deps.db
    .select()
    .from(learnAttempts)
    .where(and(eq(learnAttempts.id, attemptId), eq(learnAttempts.userId, viewer.id)));
  if (!attempt) throw new AppError("NOT_FOUND", M_LEARN.attemptNotFound);
  // An attempt at a course that was unpublished since is "not found", like the course.
  await findCourse(deps.db, viewer, attempt.courseId, { forLearning: true });
  return attempt;
}

/** GET /api/learn/attempts/:id: the learner's own attempt (another's is 404), results only once submitted. */
export async function viewAttempt(deps: TDeps, viewer: TViewer, attemptId: string): Promise<TAttempt> {
  const attempt = await ownAttempt(deps, viewer, attemptId);
  let certificateCode: string | null = null;
  if (attempt.kind === "exam" && attempt.passed) {
    const [certificate] = await deps.db
      .select({ code: learnCertificates.code })
      .from(learnCertificates)
      .where(and(eq(learnCertificates.userId, viewer.id), eq(learnCertificates.courseId, attempt.courseId)));
    certificateCode = certificate?.code ?? null;
  }
  return present(deps, attempt, { certificateCode });
}

/** The chosen options by question, checked against the attempt: every question answered, nothing foreign. */
function readAnswers(
  attempt: TAttemptRow,
  questions: Map<string, TQuestionRow>,
  input: TSubmitAttemptRequest,
): Record<string, string[]> {
  const answers: Record<string, string[]> = {};
  for (const answer of input.answers) {
    const asked = attempt.questions.find((q) => q.questionId === answer.questionId);
    if (!asked || answers[answer.questionId] !== undefined) {
      throw new AppError("VALIDATION", M_LEARN.answerUnknown);
    }
    const chosen = [...new Set(answer.optionIds)];
    if (chosen.some((id) => !asked.optionIds.includes(id)))
      throw new AppError("VALIDATION", M_LEARN.answerUnknown);
    if (chosen.length > 1 && !questions.get(answer.questionId)?.multiple) {
      throw new AppError("VALIDATION", M_LEARN.singleChoice);
    }
    answers[answer.questionId] = chosen;
  }
  // A question deleted since the attempt started is not shown, so it is neither asked for nor counted.
  const shown = attempt.questions.filter((q) => questions.has(q.questionId));
  if (shown.some((q) => (answers[q.questionId]?.length ?? 0) === 0)) {
    throw new AppError("VALIDATION", M_LEARN.answerEveryQuestion);
  }
  return answers;
}

function certificateCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * POST /api/learn/attempts/:id/submit: grades the answers on the server, once. A question counts when the options
 * chosen are exactly its right ones. Passing a quiz finishes its lesson (quiz_passed and lesson_completed); passing
 * the exam issues the certificate (exam_passed). Each is paid once per learner and item, however often it is passed
 * or however many submits race: only the one that closes the attempt goes on to pay. An exam's answers sent after
 * its deadline are not counted: the attempt is closed as failed and the answer says why.
 */
export async function submitAttempt(
  deps: TDeps,
  viewer: TViewer,
  attemptId: string,
  input: TSubmitAttemptRequest,
): Promise<TAttempt> {
  const attempt = await ownAttempt(deps, viewer, attemptId);
  if (attempt.submittedAt) throw new AppError("CONFLICT", M_LEARN.alreadySubmitted);
  if (attempt.kind === "exam" && attemptEnd(attempt) !== null) {
    await closeExpired(deps, attempt);
    throw new AppError("CONFLICT", M_LEARN.deadlinePassed);
  }
  const questions = await questionsOf(deps, attempt);
  const answers = readAnswers(attempt, questions, input);
  const shown = attempt.questions.flatMap((q) => questions.get(q.questionId) ?? []);
  const total = shown.length;
  const score = shown.filter((q) => sameSet(answers[q.id] ?? [], q.correct)).length;
  const passed = total > 0 && percentOf(score, total) >= attempt.passPercent;
  // The questions as graded, kept with the attempt (a question deleted since it started is neither counted nor kept).
  const graded: TAttemptQuestion[] = attempt.questions.flatMap((q) => {
    const row = questions.get(q.questionId);
    if (!row) return [];
    const { prompt, multiple, options, correct, explanation } = row;
    return [{ ...q, asked: { prompt, multiple, options, correct, explanation } }];
  });

  const outcome = await deps.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(learnAttempts)
      .set({
        answers,
        questions: graded,
        score,
        total,
        passed,
        submittedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(learnAttempts.id, attempt.id), isNull(learnAttempts.submittedAt)))
      .returning();
    if (!closed) return null;
    let points = 0;
    let code: string | null = null;
    if (passed && closed.kind === "quiz" && closed.lessonId) {
      const { lesson } = await findLesson(tx, viewer, closed.lessonId, { forLearning: true });
      const quiz = await awardPointsSafely(
        deps,
        { userId: viewer.id, activity: "quiz_passed", referenceType: "lesson_quiz", referenceId: lesson.id },
        tx,
      );
      points += (quiz?.points ?? 0) + (await recordCompletion(deps, tx, viewer.id, lesson));
    }
    if (passed && closed.kind === "exam") {
      await tx
        .insert(learnCertificates)
        .values({
          code: certificateCode(),
          userId: viewer.id,
          courseId: closed.courseId,
          attemptId: closed.id,
          percent: percentOf(score, closed.total),
        })
        .onConflictDoNothing({ target: [learnCertificates.userId, learnCertificates.courseId] });
      const [certificate] = await tx
        .select({ code: learnCertificates.code })
        .from(learnCertificates)
        .where(and(eq(learnCertificates.userId, viewer.id), eq(learnCertificates.courseId, closed.courseId)));
      code = certificate?.code ?? null;
      const exam = await awardPointsSafely(
        deps,
        { userId: viewer.id, activity: "exam_passed", referenceType: "course", referenceId: closed.courseId },
        tx,
      );
      points += exam?.points ?? 0;
    }
    return { closed, points, code };
  });
  if (!outcome) throw new AppError("CONFLICT", M_LEARN.alreadySubmitted);
  return mapAttempt(outcome.closed, questions, {
    pointsEarned: outcome.points,
    certificateCode: outcome.code,
  });
}
