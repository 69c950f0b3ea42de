import {
  M,
  M_LEARN,
  M_SLUG,
  type TAdminCourse,
  type TAdminCourseList,
  type TAttempt,
  type TCertificate,
  type TCertificateList,
  type TCourseDetail,
  type TCourseList,
  type TLessonCompletion,
  type TLessonDetail,
} from "@plugs/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnAttempts, pointsActivities, pointsTransactions, profiles } from "../../db/schema/index.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";
import { answersFor, randomSlug, rightOrWrong, writeCourse } from "./testing.ts";

type TErr = { error: { code: string; message: string; fields?: Record<string, string> } };

let server: TTestServer;
let admin: TTestUser;
let course: TAdminCourse;
let draft: TAdminCourse;

const LESSON_BODY =
  "# Seed phrases\n\nNever share **your seed**.\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1))";

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  course = await writeCourse(server, admin.cookie, {
    course: { title: "Wallet safety basics", level: "beginner", examQuestionCount: 2 },
    lessons: [
      {
        title: "Seed phrases",
        body: LESSON_BODY,
        minutes: 5,
        quiz: [rightOrWrong("q1"), rightOrWrong("q2")],
      },
      { title: "Hardware wallets", body: "Keep keys offline.", minutes: 4 },
    ],
    bank: [rightOrWrong("e1"), rightOrWrong("e2"), rightOrWrong("e3")],
  });
  draft = await writeCourse(server, admin.cookie, {
    course: { title: "Secret draft", level: "advanced", published: false },
    lessons: [{ title: "Hidden", minutes: 3, quiz: [rightOrWrong("d1")] }],
  });
});
afterAll(() => server?.close());

const quizLesson = () => course.lessons[0]?.id ?? "";
const plainLesson = () => course.lessons[1]?.id ?? "";
const startQuiz = (cookie?: string, lessonId = quizLesson()) =>
  call<TAttempt & TErr>(server, "POST", `/api/learn/lessons/${lessonId}/quiz/attempts`, { cookie });
const submit = (cookie: string, attemptId: string, json: unknown) =>
  call<TAttempt & TErr>(server, "POST", `/api/learn/attempts/${attemptId}/submit`, { cookie, json });
const startExam = (cookie?: string, id = course.slug) =>
  call<TAttempt & TErr>(server, "POST", `/api/learn/courses/${id}/exam/attempts`, { cookie });
const balance = async (cookie: string) =>
  (await call<{ balance: number }>(server, "GET", "/api/points/me", { cookie })).body.balance;
const amount = async (name: string) =>
  (await server.deps.db.select().from(pointsActivities).where(eq(pointsActivities.name, name)))[0]?.points ??
  -1;

/** Finishes every lesson of the course: passes the first lesson's quiz and marks the second complete. */
async function finishLessons(learner: TTestUser) {
  const quiz = await startQuiz(learner.cookie);
  expect((await submit(learner.cookie, quiz.body.id, answersFor(quiz.body))).body.passed).toBe(true);
  expect(
    (await call(server, "POST", `/api/learn/lessons/${plainLesson()}/complete`, { cookie: learner.cookie }))
      .status,
  ).toBe(200);
}

describe("browsing", () => {
  it("lists published courses to visitors, by level and search, and hides drafts", async () => {
    const all = await call<TCourseList>(server, "GET", "/api/learn/courses");
    expect(all.status).toBe(200);
    expect(all.body.items.map((c) => c.title)).toEqual(["Wallet safety basics"]);
    const card = all.body.items[0];
    expect(card).toMatchObject({ lessonCount: 2, level: "beginner", progress: null });
    const points =
      2 * (await amount("lesson_completed")) + (await amount("quiz_passed")) + (await amount("exam_passed"));
    expect(card?.points).toBe(points);
    expect((await call<TCourseList>(server, "GET", "/api/learn/courses?level=advanced")).body.items).toEqual(
      [],
    );
    expect(
      (await call<TCourseList>(server, "GET", "/api/learn/courses?search=WALLET")).body.items,
    ).toHaveLength(1);
    expect((await call<TCourseList>(server, "GET", "/api/learn/courses?search=100%25")).body.items).toEqual(
      [],
    );
    const bad = await call<TErr>(server, "GET", "/api/learn/courses?level=expert");
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(M_LEARN.levelInvalid);
    for (const path of [`/api/learn/courses/${draft.id}`, `/api/learn/courses/${draft.slug}`]) {
      const res = await call<TErr>(server, "GET", path);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(M_LEARN.courseNotFound);
    }
  });

  it("shows a course by id or slug with its outline and exam rules", async () => {
    const bySlug = await call<TCourseDetail>(server, "GET", `/api/learn/courses/${course.slug}`);
    const byId = await call<TCourseDetail>(server, "GET", `/api/learn/courses/${course.id}`);
    expect(bySlug.status).toBe(200);
    expect(byId.body).toEqual(bySlug.body);
    expect(bySlug.body.lessons.map((l) => [l.position, l.title, l.hasQuiz, l.done])).toEqual([
      [1, "Seed phrases", true, false],
      [2, "Hardware wallets", false, false],
    ]);
    expect(bySlug.body.exam).toMatchObject({
      questionCount: 2,
      passPercent: 80,
      timeLimitMinutes: 20,
      cooldownHours: 24,
      available: true,
      unlocked: false,
    });
  });

  it("renders a lesson's Markdown on the server without the author's raw HTML or unsafe links", async () => {
    const res = await call<TLessonDetail>(
      server,
      "GET",
      `/api/learn/courses/${course.slug}/lessons/${quizLesson()}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.html).toContain("<h2>Seed phrases</h2>");
    expect(res.body.html).toContain("<strong>your seed</strong>");
    expect(res.body.html).not.toContain("<script");
    expect(res.body.html).toContain("&lt;script&gt;");
    expect(res.body.html).not.toMatch(/href="javascript/);
    expect(res.body).toMatchObject({
      position: 1,
      lessonCount: 2,
      previous: null,
      next: { id: plainLesson(), title: "Hardware wallets" },
      quiz: { questionCount: 2, passPercent: 70, passed: false },
      done: false,
    });
    const other = await call<TErr>(
      server,
      "GET",
      `/api/learn/courses/${course.slug}/lessons/${draft.lessons[0]?.id}`,
    );
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(M_LEARN.lessonNotFound);
  });
});

describe("authorization", () => {
  it("asks visitors to sign in to take quizzes, and refuses members the admin routes", async () => {
    for (const res of [await startQuiz(), await startExam()]) {
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe(M_LEARN.signInToTakeQuizzes);
    }
    const complete = await call<TErr>(server, "POST", `/api/learn/lessons/${plainLesson()}/complete`);
    expect(complete.status).toBe(401);
    expect(complete.body.error.message).toBe(M_LEARN.signInToTrackProgress);
    const learner = await createUser(server);
    const writes: [string, string, unknown][] = [
      ["POST", "/api/admin/learn/courses", { title: "x" }],
      ["PATCH", `/api/admin/learn/courses/${course.id}`, { published: false }],
      ["POST", `/api/admin/learn/courses/${course.id}/lessons`, {}],
      ["PATCH", `/api/admin/learn/lessons/${plainLesson()}`, {}],
      ["POST", `/api/admin/learn/courses/${course.id}/questions`, {}],
      ["GET", `/api/admin/learn/courses/${course.id}`, undefined],
    ];
    for (const [method, path, json] of writes) {
      expect((await call(server, method, path, { json })).status, `${method} ${path}`).toBe(401);
      const member = await call<TErr>(server, method, path, { cookie: learner.cookie, json });
      expect(member.status, `${method} ${path}`).toBe(403);
    }
    const listed = await call<TAdminCourseList>(server, "GET", "/api/admin/learn/courses", {
      cookie: admin.cookie,
    });
    expect(listed.body.items.find((c) => c.id === draft.id)).toMatchObject({
      published: false,
      lessonCount: 1,
    });
    expect((await call(server, "GET", "/api/admin/learn/courses", { cookie: learner.cookie })).status).toBe(
      403,
    );
    // A draft's quiz is not found, even to an admin.
    const draftQuiz = await startQuiz(admin.cookie, draft.lessons[0]?.id);
    expect(draftQuiz.status).toBe(404);
    expect(draftQuiz.body.error.message).toBe(M_LEARN.courseNotFound);
  });

  it("keeps each learner's attempts their own", async () => {
    const [alice, bob] = [await createUser(server), await createUser(server)];
    const quiz = await startQuiz(alice.cookie);
    const seen = await call<TErr>(server, "GET", `/api/learn/attempts/${quiz.body.id}`, {
      cookie: bob.cookie,
    });
    expect(seen.status).toBe(404);
    expect(seen.body.error.message).toBe(M_LEARN.attemptNotFound);
    const sent = await submit(bob.cookie, quiz.body.id, answersFor(quiz.body));
    expect(sent.status).toBe(404);
  });
});

describe("quizzes", () => {
  it("refuses a banned learner's submit and records nothing", async () => {
    const learner = await createUser(server);
    const attempt = await startQuiz(learner.cookie);
    await server.deps.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, learner.id));
    const sent = await submit(learner.cookie, attempt.body.id, answersFor(attempt.body));
    expect(sent.status).toBe(401);
    expect(sent.body.error.message).toBe(M.auth.banned);
    const [row] = await server.deps.db
      .select()
      .from(learnAttempts)
      .where(eq(learnAttempts.id, attempt.body.id));
    expect(row?.submittedAt).toBeNull();
  });

  it("never sends a right answer or explanation before submit, and a reload keeps the attempt", async () => {
    const learner = await createUser(server);
    const first = await startQuiz(learner.cookie);
    expect(first.status).toBe(201);
    const text = JSON.stringify(first.body);
    expect(text).not.toMatch(/correct|explanation|Because of/i);
    expect(first.body.questions.every((q) => q.result === null)).toBe(true);
    expect(first.body).toMatchObject({ score: null, passed: null, total: 2, passPercent: 70 });
    const again = await startQuiz(learner.cookie);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const viewed = await call<TAttempt>(server, "GET", `/api/learn/attempts/${first.body.id}`, {
      cookie: learner.cookie,
    });
    expect(viewed.body).toEqual(first.body);
  });

  it("grades on the server: a fail shows right and wrong with explanations, a pass finishes the lesson and pays once", async () => {
    const learner = await createUser(server);
    const before = await balance(learner.cookie);
    const first = await startQuiz(learner.cookie);
    const failed = await submit(
      learner.cookie,
      first.body.id,
      answersFor(first.body, (p) => (p === "q1" ? "Right" : "Wrong")),
    );
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ score: 1, total: 2, percent: 50, passed: false, pointsEarned: 0 });
    const [q1, q2] = failed.body.questions;
    expect(q1?.result).toMatchObject({ correct: true, explanation: "Because of q1" });
    expect(q2?.result?.correct).toBe(false);
    expect(q2?.result?.correctOptionIds).toEqual(
      q2?.options.filter((o) => o.text === "Right").map((o) => o.id),
    );
    expect((await balance(learner.cookie)) - before).toBe(0);
    const twice = await submit(learner.cookie, first.body.id, answersFor(first.body));
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(M_LEARN.alreadySubmitted);

    const second = await startQuiz(learner.cookie);
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    const pointsNotices = async () =>
      (
        await call<{ items: { kind: string; amount: number | null }[] }>(
          server,
          "GET",
          "/api/notifications",
          {
            cookie: learner.cookie,
          },
        )
      ).body.items.filter((n) => n.kind === "points");
    const noticesBefore = (await pointsNotices()).length;
    const passed = await submit(learner.cookie, second.body.id, answersFor(second.body));
    const paid = (await amount("quiz_passed")) + (await amount("lesson_completed"));
    expect(passed.body).toMatchObject({ score: 2, percent: 100, passed: true, pointsEarned: paid });
    expect((await balance(learner.cookie)) - before).toBe(paid);
    // Each payout is a notification (the bell, and the 'Points Earned' toast on an open tab): two new ones.
    const notices = await pointsNotices();
    expect(notices.length - noticesBefore).toBe(2);
    expect(
      notices
        .slice(0, 2)
        .map((n) => n.amount)
        .sort(),
    ).toEqual([await amount("quiz_passed"), await amount("lesson_completed")].sort());
    const lesson = await call<TLessonDetail>(
      server,
      "GET",
      `/api/learn/courses/${course.id}/lessons/${quizLesson()}`,
      {
        cookie: learner.cookie,
      },
    );
    expect(lesson.body).toMatchObject({ done: true, quiz: { passed: true } });

    // A retake passes again and pays nothing.
    const third = await startQuiz(learner.cookie);
    const retake = await submit(learner.cookie, third.body.id, answersFor(third.body));
    expect(retake.body).toMatchObject({ passed: true, pointsEarned: 0 });
    expect((await balance(learner.cookie)) - before).toBe(paid);
  });

  it("leaves out of an open attempt a question deleted since it started", async () => {
    const temp = await writeCourse(server, admin.cookie, {
      lessons: [{ title: "Two questions", minutes: 2, quiz: [rightOrWrong("k1"), rightOrWrong("k2")] }],
    });
    const learner = await createUser(server);
    const attempt = (await startQuiz(learner.cookie, temp.lessons[0]?.id)).body;
    const gone = temp.questions.find((q) => q.prompt === "k2")?.id;
    await call(server, "DELETE", `/api/admin/learn/questions/${gone}`, { cookie: admin.cookie });
    const reloaded = (await startQuiz(learner.cookie, temp.lessons[0]?.id)).body;
    expect(reloaded.id).toBe(attempt.id);
    expect(reloaded.questions.map((q) => q.prompt)).toEqual(["k1"]);
    const graded = await submit(learner.cookie, attempt.id, answersFor(reloaded));
    expect(graded.body).toMatchObject({ score: 1, total: 1, percent: 100, passed: true });
  });

  it("counts a course without an exam completed when its last lesson is done, dated then", async () => {
    const plain = await writeCourse(server, admin.cookie, {
      lessons: [
        { title: "Read one", minutes: 1 },
        { title: "Read two", minutes: 1 },
      ],
    });
    const learner = await createUser(server);
    const card = async () =>
      (
        await call<TCourseList>(server, "GET", "/api/learn/courses", { cookie: learner.cookie })
      ).body.items.find((c) => c.id === plain.id)?.progress;
    const complete = (lessonId: string | undefined) =>
      call(server, "POST", `/api/learn/lessons/${lessonId}/complete`, { cookie: learner.cookie });
    expect((await complete(plain.lessons[0]?.id)).status).toBe(200);
    expect(await card()).toMatchObject({ lessonsDone: 1, completedAt: null, certificateCode: null });
    await complete(plain.lessons[1]?.id);
    const done = await card();
    expect(done).toMatchObject({ lessonsDone: 2, lessonCount: 2, certificateCode: null });
    expect(Date.now() - Date.parse(done?.completedAt ?? "")).toBeLessThan(60_000);
  });

  it("keeps a graded attempt as it was graded when the admin edits or deletes its questions", async () => {
    const temp = await writeCourse(server, admin.cookie, {
      lessons: [{ title: "Kept results", minutes: 2, quiz: [rightOrWrong("r1"), rightOrWrong("r2")] }],
    });
    const learner = await createUser(server);
    const attempt = (await startQuiz(learner.cookie, temp.lessons[0]?.id)).body;
    const graded = await submit(learner.cookie, attempt.id, answersFor(attempt));
    expect(graded.body).toMatchObject({ score: 2, total: 2, passed: true });
    const [r1, r2] = ["r1", "r2"].map((p) => temp.questions.find((q) => q.prompt === p)?.id);
    // The right answer of r1 moves to another option, with a new explanation; r2 is deleted.
    const edit = await call(server, "PUT", `/api/admin/learn/questions/${r1}`, {
      cookie: admin.cookie,
      json: {
        ...rightOrWrong("r1 reworded"),
        lessonId: temp.lessons[0]?.id,
        correct: [2],
        explanation: "New",
      },
    });
    expect(edit.status).toBe(200);
    await call(server, "DELETE", `/api/admin/learn/questions/${r2}`, { cookie: admin.cookie });
    const again = await call<TAttempt>(server, "GET", `/api/learn/attempts/${attempt.id}`, {
      cookie: learner.cookie,
    });
    expect(again.body).toMatchObject({ score: 2, total: 2, percent: 100, passed: true });
    expect(again.body.questions.map((q) => [q.prompt, q.result?.correct, q.result?.explanation])).toEqual([
      ["r1", true, "Because of r1"],
      ["r2", true, "Because of r2"],
    ]);
    expect(again.body.questions).toEqual(graded.body.questions);
  });

  it("pays once when 20 submits of one passing attempt race", async () => {
    const learner = await createUser(server);
    const attempt = await startQuiz(learner.cookie);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => submit(learner.cookie, attempt.body.id, answersFor(attempt.body))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused.every((r) => r.body.error.message === M_LEARN.alreadySubmitted)).toBe(true);
    const rows = await server.deps.db
      .select({ id: pointsTransactions.id })
      .from(pointsTransactions)
      .where(
        and(
          eq(pointsTransactions.userId, learner.id),
          inArray(pointsTransactions.referenceType, ["lesson", "lesson_quiz"]),
        ),
      );
    expect(rows).toHaveLength(2); // quiz_passed and lesson_completed, once each
  });

  it("refuses bad answers with clear messages and records nothing", async () => {
    const learner = await createUser(server);
    const attempt = (await startQuiz(learner.cookie)).body;
    const [q1, q2] = attempt.questions;
    const both = (q: typeof q1) => ({ questionId: q?.id, optionIds: q?.options.map((o) => o.id) });
    const right = answersFor(attempt).answers;
    const cases: [unknown, string][] = [
      [{ answers: [right[0]] }, M_LEARN.answerEveryQuestion],
      [{ answers: [right[0], { questionId: q2?.id, optionIds: [] }] }, M_LEARN.answerEveryQuestion],
      [{ answers: [right[0], { questionId: q2?.id, optionIds: ["nope"] }] }, M_LEARN.answerUnknown],
      [{ answers: [...right, { questionId: draft.questions[0]?.id, optionIds: [] }] }, M_LEARN.answerUnknown],
      [{ answers: [right[0], both(q2)] }, M_LEARN.singleChoice],
      [{ answers: [right[0], right[0]] }, M_LEARN.answerUnknown],
    ];
    for (const [json, message] of cases) {
      const res = await submit(learner.cookie, attempt.id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(q1).toBeDefined();
    const bad = await submit(learner.cookie, attempt.id, { answers: "all" });
    expect(bad.status).toBe(400);
    const after = await call<TAttempt>(server, "GET", `/api/learn/attempts/${attempt.id}`, {
      cookie: learner.cookie,
    });
    expect(after.body.submittedAt).toBeNull();
    expect((await submit(learner.cookie, "not-a-uuid", answersFor(attempt))).status).toBe(404);
  });
});

describe("lessons", () => {
  it("marks a lesson without a quiz complete once, and asks for the quiz where there is one", async () => {
    const learner = await createUser(server);
    const before = await balance(learner.cookie);
    const complete = () =>
      call<TLessonCompletion & TErr>(server, "POST", `/api/learn/lessons/${plainLesson()}/complete`, {
        cookie: learner.cookie,
      });
    const first = await complete();
    expect(first.body).toEqual({
      lessonId: plainLesson(),
      done: true,
      pointsEarned: await amount("lesson_completed"),
    });
    expect((await complete()).body.pointsEarned).toBe(0);
    expect((await balance(learner.cookie)) - before).toBe(await amount("lesson_completed"));
    const quizOne = await call<TErr>(server, "POST", `/api/learn/lessons/${quizLesson()}/complete`, {
      cookie: learner.cookie,
    });
    expect(quizOne.status).toBe(409);
    expect(quizOne.body.error.message).toBe(M_LEARN.passQuizToComplete);
  });
});

describe("the exam", () => {
  it("opens when every lesson is done, keeps its draw on reload, and refuses a retake during the cool-down", async () => {
    const learner = await createUser(server);
    const locked = await startExam(learner.cookie);
    expect(locked.status).toBe(403);
    expect(locked.body.error.message).toBe(M_LEARN.examLocked);
    await finishLessons(learner);

    const exam = await startExam(learner.cookie);
    expect(exam.status).toBe(201);
    expect(exam.body.questions).toHaveLength(2);
    expect(JSON.stringify(exam.body)).not.toMatch(/correct|explanation/i);
    const deadline = new Date(exam.body.deadlineAt ?? 0).getTime() - new Date(exam.body.startedAt).getTime();
    expect(Math.round(deadline / 60_000)).toBe(20);
    const reload = await startExam(learner.cookie);
    expect(reload.status).toBe(200);
    expect(reload.body).toEqual(exam.body);

    const failed = await submit(
      learner.cookie,
      exam.body.id,
      answersFor(exam.body, () => "Wrong"),
    );
    expect(failed.body).toMatchObject({ passed: false, score: 0, certificateCode: null });
    const retry = await startExam(learner.cookie);
    expect(retry.status).toBe(409);
    expect(retry.body.error.message).toBe(M_LEARN.examCooldown("24 hours"));
    const detail = await call<TCourseDetail>(server, "GET", `/api/learn/courses/${course.slug}`, {
      cookie: learner.cookie,
    });
    expect(detail.body.exam).toMatchObject({
      unlocked: true,
      attemptsUsed: 1,
      bestPercent: 0,
      openAttemptId: null,
    });
    expect(new Date(detail.body.exam.retakeAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it("does not count answers sent after the deadline", async () => {
    const learner = await createUser(server);
    await finishLessons(learner);
    const exam = await startExam(learner.cookie);
    await server.deps.db
      .update(learnAttempts)
      .set({ deadlineAt: new Date(Date.now() - 60_000) })
      .where(eq(learnAttempts.id, exam.body.id));
    const late = await submit(learner.cookie, exam.body.id, answersFor(exam.body));
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(M_LEARN.deadlinePassed);
    const after = await call<TAttempt>(server, "GET", `/api/learn/attempts/${exam.body.id}`, {
      cookie: learner.cookie,
    });
    expect(after.body).toMatchObject({ passed: false, score: 0 });
    expect((await startExam(learner.cookie)).body.error.message).toMatch(/^You can retake this exam in /);
  });

  it("a pass issues a public certificate and pays exam_passed once", async () => {
    const learner = await createUser(server);
    await finishLessons(learner);
    const before = await balance(learner.cookie);
    const exam = await startExam(learner.cookie);
    const passed = await submit(learner.cookie, exam.body.id, answersFor(exam.body));
    expect(passed.body).toMatchObject({
      passed: true,
      percent: 100,
      pointsEarned: await amount("exam_passed"),
    });
    expect(passed.body.certificateCode).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await balance(learner.cookie)) - before).toBe(await amount("exam_passed"));
    const again = await startExam(learner.cookie);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(M_LEARN.examAlreadyPassed);
    const certificate = await call<TCertificate>(
      server,
      "GET",
      `/api/learn/certificates/${passed.body.certificateCode}`,
    );
    expect(certificate.status).toBe(200);
    expect(certificate.body).toMatchObject({
      username: learner.username,
      courseTitle: "Wallet safety basics",
      percent: 100,
    });
    const list = await call<TCourseList>(server, "GET", "/api/learn/courses", { cookie: learner.cookie });
    expect(list.body.items[0]?.progress).toMatchObject({
      lessonsDone: 2,
      lessonCount: 2,
      certificateCode: passed.body.certificateCode,
    });
    const missing = await call<TErr>(server, "GET", "/api/learn/certificates/NOPE1-NOPE2");
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(M_LEARN.certificateNotFound);
    // The learner's public list (their profile links it), by username in any case; an unknown or banned one is 404.
    const theirs = await call<TCertificateList>(
      server,
      "GET",
      `/api/learn/users/${learner.username.toUpperCase()}/certificates`,
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([certificate.body]);
    const none = await call<TCertificateList>(
      server,
      "GET",
      `/api/learn/users/${admin.username}/certificates`,
    );
    expect(none.body.items).toEqual([]);
    const nobody = await call<TErr>(server, "GET", "/api/learn/users/no-such-member/certificates");
    expect(nobody.status).toBe(404);
    expect(nobody.body.error.message).toBe(M_LEARN.userNotFound);
    await server.deps.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, learner.id));
    const banned = await call<TErr>(server, "GET", `/api/learn/users/${learner.username}/certificates`);
    expect(banned.status).toBe(404);
    await server.deps.db.update(profiles).set({ isBanned: false }).where(eq(profiles.id, learner.id));
    const ledger = await server.deps.db
      .select({ id: pointsTransactions.id })
      .from(pointsTransactions)
      .where(and(eq(pointsTransactions.userId, learner.id), eq(pointsTransactions.referenceType, "course")));
    expect(ledger).toHaveLength(1);
  });
});

describe("authoring", () => {
  it("refuses bad course, lesson and question input with the exact messages", async () => {
    const post = (path: string, json: unknown) =>
      call<TErr>(server, "POST", path, { cookie: admin.cookie, json });
    const base = { title: "T", slug: randomSlug(), level: "beginner", minutes: 10 };
    const cases: [string, unknown, string][] = [
      ["/api/admin/learn/courses", { ...base, slug: "Bad Slug" }, M_SLUG.invalid],
      ["/api/admin/learn/courses", { ...base, title: "" }, M_LEARN.titleRequired],
      ["/api/admin/learn/courses", { ...base, level: "expert" }, M_LEARN.levelInvalid],
      ["/api/admin/learn/courses", { ...base, minutes: 0 }, M_LEARN.minutesInvalid],
      ["/api/admin/learn/courses", { ...base, examQuestionCount: 0 }, M_LEARN.examSettingsInvalid],
      ["/api/admin/learn/courses", { ...base, examTimeLimitMinutes: 601 }, M_LEARN.examSettingsInvalid],
      ["/api/admin/learn/courses", { ...base, examCooldownHours: 1.5 }, M_LEARN.examSettingsInvalid],
      [
        `/api/admin/learn/courses/${course.id}/lessons`,
        { title: "V", minutes: 3, videoUrl: "https://evil.example/v.mp4" },
        M_LEARN.videoHostNotAllowed,
      ],
      [
        `/api/admin/learn/courses/${course.id}/questions`,
        { prompt: "Q", options: ["only one"], correct: [0] },
        M_LEARN.optionCount,
      ],
      [
        `/api/admin/learn/courses/${course.id}/questions`,
        { prompt: "Q", options: ["a", "b"], correct: [0, 1] },
        M_LEARN.singleNeedsOneCorrect,
      ],
      [
        `/api/admin/learn/courses/${course.id}/questions`,
        { prompt: "Q", options: ["a", "b"], correct: [] },
        M_LEARN.correctRequired,
      ],
    ];
    for (const [path, json, message] of cases) {
      const res = await post(path, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const taken = await post("/api/admin/learn/courses", { ...base, slug: course.slug });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(M_LEARN.slugTaken);
    expect(M.auth).toBeDefined();
  });

  it("moves lessons, and unpublishing hides a course and its quizzes", async () => {
    const temp = await writeCourse(server, admin.cookie, {
      lessons: [
        { title: "One", minutes: 1, quiz: [rightOrWrong("t1")] },
        { title: "Two", minutes: 1 },
      ],
    });
    const moved = await call<TAdminCourse>(
      server,
      "PATCH",
      `/api/admin/learn/lessons/${temp.lessons[1]?.id}`,
      {
        cookie: admin.cookie,
        json: { position: 1 },
      },
    );
    expect(moved.body.lessons.map((l) => [l.position, l.title])).toEqual([
      [1, "Two"],
      [2, "One"],
    ]);
    // An edited body is what the next reader gets (the rendered HTML is remembered per lesson version).
    const read = async () =>
      (
        await call<TLessonDetail>(
          server,
          "GET",
          `/api/learn/courses/${temp.slug}/lessons/${temp.lessons[1]?.id}`,
        )
      ).body.html;
    expect(await read()).toBe("");
    await call(server, "PATCH", `/api/admin/learn/lessons/${temp.lessons[1]?.id}`, {
      cookie: admin.cookie,
      json: { body: "Now with **words**" },
    });
    expect(await read()).toBe("<p>Now with <strong>words</strong></p>\n");
    // A move sends only the position: the lesson keeps its text and its quiz's pass mark.
    const lessonPath = `/api/admin/learn/lessons/${temp.lessons[1]?.id}`;
    await call(server, "PATCH", lessonPath, { cookie: admin.cookie, json: { quizPassPercent: 90 } });
    const movedBack = await call<TAdminCourse>(server, "PATCH", lessonPath, {
      cookie: admin.cookie,
      json: { position: 2 },
    });
    expect(movedBack.body.lessons.find((l) => l.id === temp.lessons[1]?.id)).toMatchObject({
      position: 2,
      body: "Now with **words**",
      quizPassPercent: 90,
    });
    expect(await read()).toBe("<p>Now with <strong>words</strong></p>\n");
    const coursePath = `/api/admin/learn/courses/${temp.id}`;
    await call(server, "PATCH", coursePath, {
      cookie: admin.cookie,
      json: { description: "Kept through an unpublish", examPassPercent: 65, examCooldownHours: 2 },
    });
    const learner = await createUser(server);
    expect((await startQuiz(learner.cookie, temp.lessons[0]?.id)).status).toBe(201);
    await call(server, "PATCH", `/api/admin/learn/courses/${temp.id}`, {
      cookie: admin.cookie,
      json: { published: false },
    });
    expect((await call(server, "GET", `/api/learn/courses/${temp.slug}`)).status).toBe(404);
    // Unpublishing sends only `published`: the course keeps its description and exam settings.
    const kept = await call<TAdminCourse>(server, "GET", coursePath, { cookie: admin.cookie });
    expect(kept.body).toMatchObject({
      published: false,
      description: "Kept through an unpublish",
      examPassPercent: 65,
      examCooldownHours: 2,
    });
    const quiz = await startQuiz(learner.cookie, temp.lessons[0]?.id);
    expect(quiz.status).toBe(404);
  });
});
