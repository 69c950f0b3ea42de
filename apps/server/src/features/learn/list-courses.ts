import type { TCourseCard, TCourseListQuery, TCourseProgress } from "@plugs/domain";
import { LEARN_LIMITS } from "@plugs/domain";
import { type SQL, sql } from "drizzle-orm";
import type { TDeps, TViewer } from "../../context.ts";
import { queryRows } from "../../db/query-rows.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { isoTimestamp } from "../../lib/row-date.ts";
import { learnAmountsJson, type TCourseRow, type TLearnAmounts } from "./course-access.ts";

type TCourseStats = { lessonCount: number; quizCount: number; bankSize: number };

/** A course's card: its facts, the points it offers at today's amounts, and the viewer's progress. */
function mapCourseCard(
  course: Pick<TCourseRow, "id" | "slug" | "title" | "description" | "level" | "minutes" | "coverUrl">,
  stats: TCourseStats,
  amounts: TLearnAmounts,
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

/** A course card as one row of `courseCardColumns`. */
export type TCourseCardRow = {
  id: string;
  slug: string;
  title: string;
  description: string;
  level: TCourseRow["level"];
  minutes: number;
  cover_url: string | null;
  lesson_count: number;
  quiz_count: number;
  bank_size: number;
  amounts: TLearnAmounts;
  lessons_done: number | null;
  last_done_at: string | null;
  certificate: { code: string; at: string } | null;
};

/**
 * A course card's columns over `learn_courses c`: its facts, its lesson, quiz and exam-bank counts (each an index
 * read of that course), today's point amounts, and with a viewer their lessons done and certificate. Read as plain
 * rows: Drizzle's mapping of a dozen cards' fields and the five reads they took were most of a list's cost.
 */
export function courseCardColumns(viewerId: string | null): SQL {
  const progress = viewerId
    ? sql`(select count(*)::int from learn_completions d
          where d.user_id = ${viewerId} and d.course_id = c.id) as lessons_done,
        (select ${isoTimestamp(sql`max(d.created_at)`)} from learn_completions d
          where d.user_id = ${viewerId} and d.course_id = c.id) as last_done_at,
        (select json_build_object('code', x.code, 'at', ${isoTimestamp(sql`x.created_at`)})
          from learn_certificates x where x.user_id = ${viewerId} and x.course_id = c.id) as certificate`
    : sql`null::int as lessons_done, null::text as last_done_at, null::json as certificate`;
  return sql`c.id, c.slug, c.title, c.description, c.level, c.minutes, c.cover_url,
    (select count(*)::int from learn_lessons l where l.course_id = c.id) as lesson_count,
    (select count(*)::int from learn_lessons l where l.course_id = c.id
      and exists (select 1 from learn_questions q where q.lesson_id = l.id)) as quiz_count,
    (select count(*)::int from learn_questions q where q.course_id = c.id and q.lesson_id is null) as bank_size,
    ${learnAmountsJson} as amounts, ${progress}`;
}

/** The counts of a `courseCardColumns` row. */
function cardStats(row: TCourseCardRow): TCourseStats {
  return { lessonCount: row.lesson_count, quizCount: row.quiz_count, bankSize: row.bank_size };
}

/** A course without an exam is completed when its last lesson is done (one with an exam, by its certificate). */
function noExamDone(row: TCourseCardRow): boolean {
  return row.bank_size === 0 && row.lesson_count > 0 && (row.lessons_done ?? 0) >= row.lesson_count;
}

/** The card of a `courseCardColumns` row; `withProgress` when it was read for a viewer. */
export function mapCourseCardRow(row: TCourseCardRow, withProgress: boolean): TCourseCard {
  const progress = withProgress
    ? {
        lessonsDone: row.lessons_done ?? 0,
        lessonCount: row.lesson_count,
        completedAt: row.certificate?.at ?? (noExamDone(row) ? row.last_done_at : null),
        certificateCode: row.certificate?.code ?? null,
      }
    : null;
  return mapCourseCard({ ...row, coverUrl: row.cover_url }, cardStats(row), row.amounts, progress);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * GET /api/learn/courses: the published courses, oldest first (learn_courses_published_idx), by level and a
 * search, with the viewer's progress; one statement.
 */
export async function listCourses(deps: TDeps, viewer: TViewer | null, query: TCourseListQuery) {
  const search = query.search?.trim();
  const conditions: SQL[] = [sql`c.published`];
  if (query.level) conditions.push(sql`c.level = ${query.level}`);
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(sql`(c.title ilike ${pattern} or c.description ilike ${pattern})`);
  }
  const rows = await queryRows<TCourseCardRow>(
    deps.db,
    sql`select ${courseCardColumns(viewer?.id ?? null)} from learn_courses c
      where ${sql.join(conditions, sql` and `)}
      order by c.created_at, c.id limit ${sqlInt(LEARN_LIMITS.coursesShown)}`,
  );
  return { items: rows.map((row) => mapCourseCardRow(row, viewer !== null)) };
}
