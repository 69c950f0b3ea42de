import { randomUUID } from "node:crypto";
import {
  LEARN_LIMITS,
  M_LEARN,
  type TAdminCourse,
  type TAdminCourseList,
  type TLessonPreview,
  type ZCourseInput,
  type ZCoursePatch,
  type ZLessonInput,
  type ZLessonPatch,
  type ZQuestionInput,
} from "@plugs/domain";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import {
  learnAttempts,
  learnCertificates,
  learnCompletions,
  learnCourses,
  learnLessons,
  learnQuestions,
} from "../../db/schema/index.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import { slugTaken } from "../../lib/slug.ts";
import { changedFields, recordAdminAction } from "../admin/record-admin-action.ts";
import { saveUploadedFile } from "../media/save-upload.ts";
import { courseLessons } from "./course-access.ts";
import { courseCardColumns, mapCourseCardRow, type TCourseCardRow } from "./list-courses.ts";
import { renderLessonMarkdown } from "./markdown.ts";

/*
 * The admins' authoring of courses (the API behind the /admin/learn screens). Edits keep what learners did:
 * attempts keep their questions by id, completions and certificates stay.
 */

async function courseById(deps: TDeps, id: string) {
  const [course] = await deps.db.select().from(learnCourses).where(eq(learnCourses.id, id));
  if (!course) throw new AppError("NOT_FOUND", M_LEARN.courseNotFound);
  return course;
}

type TAdminCourseRow = TCourseCardRow & {
  published: boolean;
  exam_question_count: number;
  exam_time_limit_minutes: number;
  exam_pass_percent: number;
  exam_cooldown_hours: number;
  lessons: Omit<TAdminCourse["lessons"][number], "position">[];
  questions: (Omit<TAdminCourse["questions"][number], "options" | "correct"> & {
    options: { id: string; text: string }[];
    correct: string[];
  })[];
};

/**
 * GET /api/admin/learn/courses/:id: everything about a course, drafts and right answers included. One statement:
 * the course's card columns with its lessons and questions as JSON (a course's whole text is one answer, and
 * Drizzle's mapping of each lesson's and question's fields was most of its cost).
 */
export async function adminCourse(deps: TDeps, viewer: TViewer | null, id: string): Promise<TAdminCourse> {
  requireAdmin(viewer);
  const [course] = await queryRows<TAdminCourseRow>(
    deps.db,
    sql`select ${courseCardColumns(null)}, c.published, c.exam_question_count, c.exam_time_limit_minutes,
        c.exam_pass_percent, c.exam_cooldown_hours,
        coalesce((select json_agg(json_build_object('id', l.id, 'title', l.title, 'body', l.body,
            'minutes', l.minutes, 'videoUrl', l.video_url, 'quizPassPercent', l.quiz_pass_percent)
            order by l.position, l.id)
          from learn_lessons l where l.course_id = c.id), '[]') as lessons,
        coalesce((select json_agg(json_build_object('id', q.id, 'lessonId', q.lesson_id, 'prompt', q.prompt,
            'options', q.options, 'correct', q.correct, 'multiple', q.multiple, 'explanation', q.explanation)
            order by q.position, q.id)
          from learn_questions q where q.course_id = c.id), '[]') as questions
      from learn_courses c where c.id = ${id}`,
  );
  if (!course) throw new AppError("NOT_FOUND", M_LEARN.courseNotFound);
  return {
    ...mapCourseCardRow(course, false),
    published: course.published,
    examQuestionCount: course.exam_question_count,
    examTimeLimitMinutes: course.exam_time_limit_minutes,
    examPassPercent: course.exam_pass_percent,
    examCooldownHours: course.exam_cooldown_hours,
    lessons: course.lessons.map((l, i) => ({ ...l, position: i + 1 })),
    questions: course.questions.map((q) => ({
      id: q.id,
      lessonId: q.lessonId,
      prompt: q.prompt,
      options: q.options.map((o) => o.text),
      correct: q.correct.map((id) => q.options.findIndex((o) => o.id === id)),
      multiple: q.multiple,
      explanation: q.explanation,
    })),
  };
}

/** GET /api/admin/learn/courses: every course, drafts too, newest first (at most 100), in one statement. */
export async function listAdminCourses(deps: TDeps, viewer: TViewer | null): Promise<TAdminCourseList> {
  requireAdmin(viewer);
  const rows = await queryRows<TCourseCardRow & { published: boolean }>(
    deps.db,
    sql`select ${courseCardColumns(null)}, c.published from learn_courses c
      order by c.created_at desc nulls first, c.id desc nulls first limit ${sqlInt(LEARN_LIMITS.coursesShown)}`,
  );
  return { items: rows.map((row) => ({ ...mapCourseCardRow(row, false), published: row.published })) };
}

/** POST /api/admin/learn/courses: a new course (a draft unless `published`). */
export async function createCourse(
  deps: TDeps,
  viewer: TViewer | null,
  input: z.output<typeof ZCourseInput>,
) {
  const admin = requireAdmin(viewer);
  const row = await deps.db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(learnCourses)
        .values({ ...input, coverUrl: input.coverUrl || null })
        .returning();
      if (created) {
        await recordAdminAction(tx, {
          actorId: admin.id,
          action: "learn.course_create",
          targetType: "course",
          targetId: created.id,
          summary: `Created the course "${created.title}"`,
          detail: { after: { slug: created.slug, title: created.title, published: created.published } },
        });
      }
      return created;
    })
    .catch(slugTaken(M_LEARN.slugTaken));
  if (!row) throw new AppError("INTERNAL", "Course not created");
  return adminCourse(deps, viewer, row.id);
}

/** PATCH /api/admin/learn/courses/:id: any of a course's fields; `published: false` unpublishes it. */
export async function updateCourse(
  deps: TDeps,
  viewer: TViewer | null,
  id: string,
  input: z.output<typeof ZCoursePatch>,
) {
  const admin = requireAdmin(viewer);
  const before = await courseById(deps, id);
  const { coverUrl, ...rest } = input;
  await deps.db
    .transaction(async (tx) => {
      const [after] = await tx
        .update(learnCourses)
        .set({
          ...rest,
          ...(coverUrl !== undefined ? { coverUrl: coverUrl || null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(learnCourses.id, id))
        .returning();
      if (!after) return;
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: "learn.course_update",
        targetType: "course",
        targetId: id,
        summary: `Edited the course "${after.title}"`,
        detail: changedFields(before, after, [
          "slug",
          "title",
          "description",
          "level",
          "minutes",
          "coverUrl",
          "published",
          "examQuestionCount",
          "examTimeLimitMinutes",
          "examPassPercent",
          "examCooldownHours",
        ]),
      });
    })
    .catch(slugTaken(M_LEARN.slugTaken));
  return adminCourse(deps, viewer, id);
}

/** Moves a course's lessons so that `lessonId` sits at `position` (1-based), renumbering the rest in order. */
async function placeLesson(db: TDb, courseId: string, lessonId: string, position: number | undefined) {
  const lessons = (await courseLessons(db, courseId)).filter((l) => l.id !== lessonId);
  const at = Math.min(Math.max((position ?? lessons.length + 1) - 1, 0), lessons.length);
  const order = [...lessons.slice(0, at).map((l) => l.id), lessonId, ...lessons.slice(at).map((l) => l.id)];
  // One statement for the whole order, not one per lesson.
  const positions = JSON.stringify(order.map((id, i) => ({ id, position: i + 1 })));
  await db.execute(
    sql`update learn_lessons l set position = o.position
        from json_to_recordset(${positions}::json) as o(id uuid, position int)
        where l.id = o.id and l.course_id = ${courseId}`,
  );
}

/** POST /api/admin/learn/courses/:id/lessons: a new lesson, at `position` or last. */
export async function createLesson(
  deps: TDeps,
  viewer: TViewer | null,
  courseId: string,
  input: z.output<typeof ZLessonInput>,
) {
  const admin = requireAdmin(viewer);
  await courseById(deps, courseId);
  const { position, ...fields } = input;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(learnLessons)
      .values({ ...fields, courseId, position: 1_000_000 })
      .returning();
    if (!row) throw new AppError("INTERNAL", "Lesson not created");
    await placeLesson(tx, courseId, row.id, position);
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "learn.lesson_create",
      targetType: "lesson",
      targetId: row.id,
      summary: `Added the lesson "${row.title}"`,
      detail: { courseId, position: position ?? null },
    });
  });
  return adminCourse(deps, viewer, courseId);
}

/** PATCH /api/admin/learn/lessons/:id: a lesson's fields, or its place (`position`). */
export async function updateLesson(
  deps: TDeps,
  viewer: TViewer | null,
  lessonId: string,
  input: z.output<typeof ZLessonPatch>,
) {
  const admin = requireAdmin(viewer);
  const [lesson] = await deps.db.select().from(learnLessons).where(eq(learnLessons.id, lessonId));
  if (!lesson) throw new AppError("NOT_FOUND", M_LEARN.lessonNotFound);
  const { position, ...fields } = input;
  await deps.db.transaction(async (tx) => {
    let after = lesson;
    if (Object.keys(fields).length > 0) {
      const [updated] = await tx
        .update(learnLessons)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(learnLessons.id, lessonId))
        .returning();
      after = updated ?? lesson;
    }
    if (position !== undefined) await placeLesson(tx, lesson.courseId, lessonId, position);
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "learn.lesson_update",
      targetType: "lesson",
      targetId: lessonId,
      summary: `Edited the lesson "${after.title}"`,
      detail: {
        ...changedFields(lesson, after, ["title", "body", "minutes", "videoUrl", "quizPassPercent"]),
        ...(position !== undefined ? { position: { before: lesson.position, after: position } } : {}),
      },
    });
  });
  return adminCourse(deps, viewer, lesson.courseId);
}

/** POST /api/admin/learn/courses/:id/questions: a question of a lesson's quiz (`lessonId`) or of the exam bank. */
export async function createQuestion(
  deps: TDeps,
  viewer: TViewer | null,
  courseId: string,
  input: z.output<typeof ZQuestionInput>,
) {
  const admin = requireAdmin(viewer);
  await courseById(deps, courseId);
  if (input.lessonId) {
    const [lesson] = await deps.db
      .select({ id: learnLessons.id })
      .from(learnLessons)
      .where(and(eq(learnLessons.id, input.lessonId), eq(learnLessons.courseId, courseId)));
    if (!lesson) throw new AppError("NOT_FOUND", M_LEARN.lessonNotFound);
  }
  const options = input.options.map((text) => ({ id: randomUUID().slice(0, 8), text }));
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(learnQuestions)
      .values({
        courseId,
        lessonId: input.lessonId ?? null,
        position: sql`(select coalesce(max(position), 0) + 1 from learn_questions where course_id = ${courseId})`,
        prompt: input.prompt,
        options,
        correct: input.correct.map((i) => options[i]?.id ?? ""),
        multiple: input.multiple,
        explanation: input.explanation,
      })
      .returning({ id: learnQuestions.id });
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "learn.question_create",
      targetType: "question",
      targetId: row?.id,
      summary: `Added a question: ${input.prompt.slice(0, 120)}`,
      detail: { courseId, lessonId: input.lessonId ?? null },
    });
  });
  return adminCourse(deps, viewer, courseId);
}

/** DELETE /api/admin/learn/questions/:id: attempts that asked it keep their scores; it is simply not shown again. */
export async function deleteQuestion(deps: TDeps, viewer: TViewer | null, questionId: string) {
  const admin = requireAdmin(viewer);
  const row = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(learnQuestions)
      .where(eq(learnQuestions.id, questionId))
      .returning({ courseId: learnQuestions.courseId, prompt: learnQuestions.prompt });
    if (deleted) {
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: "learn.question_delete",
        targetType: "question",
        targetId: questionId,
        summary: `Deleted a question: ${deleted.prompt.slice(0, 120)}`,
        detail: { courseId: deleted.courseId, before: { prompt: deleted.prompt } },
      });
    }
    return deleted;
  });
  if (!row) throw new AppError("NOT_FOUND", M_LEARN.questionNotFound);
  return adminCourse(deps, viewer, row.courseId);
}

/** PUT /api/admin/learn/questions/:id: a question rewritten whole; option n keeps option n's id, so past attempts read. */
export async function updateQuestion(
  deps: TDeps,
  viewer: TViewer | null,
  questionId: string,
  input: z.output<typeof ZQuestionInput>,
) {
  const admin = requireAdmin(viewer);
  const [before] = await deps.db.select().from(learnQuestions).where(eq(learnQuestions.id, questionId));
  if (!before) throw new AppError("NOT_FOUND", M_LEARN.questionNotFound);
  if (input.lessonId) {
    const [lesson] = await deps.db
      .select({ id: learnLessons.id })
      .from(learnLessons)
      .where(and(eq(learnLessons.id, input.lessonId), eq(learnLessons.courseId, before.courseId)));
    if (!lesson) throw new AppError("NOT_FOUND", M_LEARN.lessonNotFound);
  }
  const options = input.options.map((text, i) => ({
    id: before.options[i]?.id ?? randomUUID().slice(0, 8),
    text,
  }));
  await deps.db.transaction(async (tx) => {
    await tx
      .update(learnQuestions)
      .set({
        lessonId: input.lessonId ?? null,
        prompt: input.prompt,
        options,
        correct: input.correct.map((i) => options[i]?.id ?? ""),
        multiple: input.multiple,
        explanation: input.explanation,
      })
      .where(eq(learnQuestions.id, questionId));
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "learn.question_update",
      targetType: "question",
      targetId: questionId,
      summary: `Edited a question: ${input.prompt.slice(0, 120)}`,
      detail: {
        courseId: before.courseId,
        before: { prompt: before.prompt, options: before.options.map((o) => o.text) },
        after: { prompt: input.prompt, options: input.options },
      },
    });
  });
  return adminCourse(deps, viewer, before.courseId);
}

/** Whether any learner has started, finished or been certified in what `where` names (one indexed probe each). */
async function hasLearners(deps: TDeps, by: { courseId: string } | { lessonId: string }) {
  const [attempt, completion, certificate] = await Promise.all([
    deps.db
      .select({ id: learnAttempts.id })
      .from(learnAttempts)
      .where(
        "courseId" in by ? eq(learnAttempts.courseId, by.courseId) : eq(learnAttempts.lessonId, by.lessonId),
      )
      .limit(1),
    deps.db
      .select({ id: learnCompletions.lessonId })
      .from(learnCompletions)
      .where(
        "courseId" in by
          ? eq(learnCompletions.courseId, by.courseId)
          : eq(learnCompletions.lessonId, by.lessonId),
      )
      .limit(1),
    "courseId" in by
      ? deps.db
          .select({ id: learnCertificates.id })
          .from(learnCertificates)
          .where(eq(learnCertificates.courseId, by.courseId))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return attempt.length + completion.length + certificate.length > 0;
}

/** DELETE /api/admin/learn/courses/:id: only a course no learner has touched; otherwise unpublish it. */
export async function deleteCourse(deps: TDeps, viewer: TViewer | null, id: string) {
  const admin = requireAdmin(viewer);
  const course = await courseById(deps, id);
  if (await hasLearners(deps, { courseId: id })) throw new AppError("CONFLICT", M_LEARN.courseHasLearners);
  await deps.db.transaction(async (tx) => {
    await tx.delete(learnCourses).where(eq(learnCourses.id, id));
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "learn.course_delete",
      targetType: "course",
      targetId: id,
      summary: `Deleted the course "${course.title}"`,
      detail: { before: { slug: course.slug, title: course.title, published: course.published } },
    });
  });
}

/** DELETE /api/admin/learn/lessons/:id: only a lesson no learner has touched; the rest close up behind it. */
export async function deleteLesson(deps: TDeps, viewer: TViewer | null, lessonId: string) {
  const admin = requireAdmin(viewer);
  const [lesson] = await deps.db.select().from(learnLessons).where(eq(learnLessons.id, lessonId));
  if (!lesson) throw new AppError("NOT_FOUND", M_LEARN.lessonNotFound);
  if (await hasLearners(deps, { lessonId })) throw new AppError("CONFLICT", M_LEARN.lessonHasLearners);
  await deps.db.transaction(async (tx) => {
    await tx.delete(learnLessons).where(eq(learnLessons.id, lessonId));
    const rest = await courseLessons(tx, lesson.courseId);
    if (rest[0]) await placeLesson(tx, lesson.courseId, rest[0].id, 1);
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "learn.lesson_delete",
      targetType: "lesson",
      targetId: lessonId,
      summary: `Deleted the lesson "${lesson.title}"`,
      detail: { courseId: lesson.courseId, before: { title: lesson.title, position: lesson.position } },
    });
  });
  return adminCourse(deps, viewer, lesson.courseId);
}

/** POST /api/admin/learn/preview: a lesson's Markdown rendered exactly as learners get it. */
export function previewLesson(viewer: TViewer | null, body: string): TLessonPreview {
  requireAdmin(viewer);
  return { html: renderLessonMarkdown(body) };
}

/** The storage key of a cover this area uploaded for the course (`/media/learn/<id>/...`), or null for any other. */
function ownCoverPath(courseId: string, url: string | null): string | null {
  return url?.startsWith(`/media/learn/${courseId}/`) ? url.slice("/media/".length) : null;
}

/** POST /api/admin/learn/courses/:id/cover: an image checked by its bytes and re-encoded; replaces the old one. */
export async function setCourseCover(deps: TDeps, viewer: TViewer | null, id: string, file: File | null) {
  const admin = requireAdmin(viewer);
  const before = await courseById(deps, id);
  if (!file)
    throw new AppError("VALIDATION", M_LEARN.imageRequired, { fields: { cover: M_LEARN.imageRequired } });
  const saved = await saveUploadedFile(deps, { folder: `learn/${id}`, file, allowedKinds: ["image"] });
  const updated = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(learnCourses)
      .set({ coverUrl: saved.url, updatedAt: new Date() })
      .where(eq(learnCourses.id, id))
      .returning({ id: learnCourses.id });
    if (rows.length > 0) {
      await recordAdminAction(tx, {
        actorId: admin.id,
        action: "learn.course_update",
        targetType: "course",
        targetId: id,
        summary: `Changed the cover of "${before.title}"`,
        detail: { coverUrl: { before: before.coverUrl, after: saved.url } },
      });
    }
    return rows.length > 0;
  });
  if (!updated) {
    await deps.storage.delete(saved.path).catch(() => {});
    throw new AppError("NOT_FOUND", M_LEARN.courseNotFound);
  }
  const old = ownCoverPath(id, before.coverUrl);
  if (old) await deps.storage.delete(old).catch(() => {});
  return adminCourse(deps, viewer, id);
}
