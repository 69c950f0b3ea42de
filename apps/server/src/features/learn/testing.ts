import { randomBytes } from "node:crypto";
import type { TAdminCourse, TAttempt, TCourseInput, TLessonInput, TQuestionInput } from "@plugs/domain";
import type { TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";

/** A course written through the admin API: its lessons, each lesson's quiz (lessonIndex), and the exam bank. */
export type TCoursePlan = {
  course?: Partial<TCourseInput>;
  lessons: (TLessonInput & { quiz?: Omit<TQuestionInput, "lessonId">[] })[];
  bank?: Omit<TQuestionInput, "lessonId">[];
};

export function randomSlug(prefix = "course"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

/** A single-choice question whose right answer is always the option "Right". */
export function rightOrWrong(prompt: string): Omit<TQuestionInput, "lessonId"> {
  return {
    prompt,
    options: ["Wrong", "Right", "Also wrong"],
    correct: [1],
    explanation: `Because of ${prompt}`,
  };
}

async function ok<T>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await res;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Writes a course through the admin routes and returns the admin's view of it. */
export async function writeCourse(
  server: TTestServer,
  adminCookie: string,
  plan: TCoursePlan,
): Promise<TAdminCourse> {
  const slug = plan.course?.slug ?? randomSlug();
  let course = await ok(
    call<TAdminCourse>(server, "POST", "/api/admin/learn/courses", {
      cookie: adminCookie,
      json: {
        title: `Course ${slug}`,
        slug,
        level: "beginner",
        minutes: 30,
        published: true,
        ...plan.course,
      },
    }),
    "create course",
  );
  for (const { quiz, ...lesson } of plan.lessons) {
    course = await ok(
      call<TAdminCourse>(server, "POST", `/api/admin/learn/courses/${course.id}/lessons`, {
        cookie: adminCookie,
        json: lesson,
      }),
      "create lesson",
    );
    const lessonId = course.lessons.at(-1)?.id;
    for (const question of quiz ?? []) {
      course = await ok(
        call<TAdminCourse>(server, "POST", `/api/admin/learn/courses/${course.id}/questions`, {
          cookie: adminCookie,
          json: { ...question, lessonId },
        }),
        "create quiz question",
      );
    }
  }
  for (const question of plan.bank ?? []) {
    course = await ok(
      call<TAdminCourse>(server, "POST", `/api/admin/learn/courses/${course.id}/questions`, {
        cookie: adminCookie,
        json: question,
      }),
      "create bank question",
    );
  }
  return course;
}

/** Answers for an attempt: every question with the option whose text is `pick(questionPrompt)` ("Right" by default). */
export function answersFor(attempt: TAttempt, pick: (prompt: string) => string = () => "Right") {
  return {
    answers: attempt.questions.map((q) => ({
      questionId: q.id,
      optionIds: q.options.filter((o) => o.text === pick(q.prompt)).map((o) => o.id),
    })),
  };
}
