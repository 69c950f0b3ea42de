import { M_LEARN, type TAdminCourse, type TAttempt, type TLessonPreview } from "@plugs/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/index.ts";
import { createUser, makeAdmin, type TTestUser } from "../../testing/factories.ts";
import { samplePdf, samplePng } from "../../testing/sample-files.ts";
import { startTestServer, type TTestServer } from "../../testing/test-server.ts";
import { call } from "../posts/testing.ts";
import { rightOrWrong, writeCourse } from "./testing.ts";

// The admin routes added for the /admin/learn screens: the lesson preview, rewriting a question, and deleting a
// lesson or a course (refused once learners have progress in it).

type TErr = { error: { code: string; message: string; fields?: Record<string, string> } };

let server: TTestServer;
let admin: TTestUser;
let learner: TTestUser;
let course: TAdminCourse;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server);
  await makeAdmin(server, admin.id);
  learner = await createUser(server);
  course = await writeCourse(server, admin.cookie, {
    course: { title: "Rug pulls 101", level: "intermediate" },
    lessons: [
      { title: "Liquidity", body: "Locked?", minutes: 3, quiz: [rightOrWrong("lock")] },
      { title: "Mint authority", body: "Renounced?", minutes: 4 },
    ],
  });
});
afterAll(() => server?.close());

const audit = async (action: string, targetId: string) =>
  server.deps.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)));

describe("admin learn routes", () => {
  it("answers visitors 401 and members 403 on every new route, before reading the body", async () => {
    const question = course.questions[0]?.id ?? "";
    const routes: [string, string, unknown][] = [
      ["POST", "/api/admin/learn/preview", { body: "# Hi" }],
      ["PUT", `/api/admin/learn/questions/${question}`, {}],
      ["DELETE", `/api/admin/learn/lessons/${course.lessons[1]?.id}`, undefined],
      ["DELETE", `/api/admin/learn/courses/${course.id}`, undefined],
    ];
    for (const [method, path, json] of routes) {
      const visitor = await call<TErr>(server, method, path, { json });
      expect(visitor.status, `${method} ${path}`).toBe(401);
      expect(visitor.body.error.message).toBe("You must be signed in");
      const member = await call<TErr>(server, method, path, { cookie: learner.cookie, json });
      expect(member.status, `${method} ${path}`).toBe(403);
      expect(member.body.error.message).toBe("Admin access required");
    }
  });

  it("uploads a course cover checked by its bytes, replacing the old one, and refuses a visitor or a non-image", async () => {
    const png = async (w: number) => {
      const form = new FormData();
      form.set("cover", new File([await samplePng(w, 60)], "cover.png", { type: "image/png" }));
      return form;
    };
    const path = `/api/admin/learn/courses/${course.id}/cover`;
    const visitor = await call<TErr>(server, "POST", path, { form: await png(100) });
    expect(visitor.status).toBe(401);
    const member = await call<TErr>(server, "POST", path, { cookie: learner.cookie, form: await png(100) });
    expect(member.status).toBe(403);
    expect(member.body.error.message).toBe("Admin access required");

    const first = await call<TAdminCourse>(server, "POST", path, {
      cookie: admin.cookie,
      form: await png(100),
    });
    expect(first.status).toBe(200);
    expect(first.body.coverUrl).toMatch(new RegExp(`^/media/learn/${course.id}/`));
    expect((await server.fetch(first.body.coverUrl ?? "")).status).toBe(200);
    const second = await call<TAdminCourse>(server, "POST", path, {
      cookie: admin.cookie,
      form: await png(120),
    });
    expect(second.status).toBe(200);
    expect(second.body.coverUrl).not.toBe(first.body.coverUrl);
    // The replaced file is gone; learners see the new one on the card.
    expect((await server.fetch(first.body.coverUrl ?? "")).status).toBe(404);
    const card = await call<{ coverUrl: string | null }>(server, "GET", `/api/learn/courses/${course.slug}`);
    expect(card.body.coverUrl).toBe(second.body.coverUrl);

    const pdf = new FormData();
    pdf.set("cover", new File([samplePdf()], "cover.png", { type: "image/png" }));
    const refused = await call<TErr>(server, "POST", path, { cookie: admin.cookie, form: pdf });
    expect([400, 415]).toContain(refused.status);
    const empty = await call<TErr>(server, "POST", path, { cookie: admin.cookie, form: new FormData() });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(M_LEARN.imageRequired);
    const [row] = (await audit("learn.course_update", course.id)).filter((r) =>
      r.summary.startsWith("Changed the cover"),
    );
    expect(row?.summary).toBe(`Changed the cover of "${course.title}"`);
  });

  it("previews a lesson's Markdown as learners get it, sanitized, and refuses an over-long body", async () => {
    const res = await call<TLessonPreview & TErr>(server, "POST", "/api/admin/learn/preview", {
      cookie: admin.cookie,
      json: { body: "# Seed\n\n**never** share\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))" },
    });
    expect(res.status).toBe(200);
    expect(res.body.html).toContain("<h2");
    expect(res.body.html).toContain("<strong>never</strong>");
    expect(res.body.html).not.toContain("<script");
    expect(res.body.html).not.toContain('href="javascript');
    const long = await call<TErr>(server, "POST", "/api/admin/learn/preview", {
      cookie: admin.cookie,
      json: { body: "a".repeat(50_001) },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.fields?.body).toBe(M_LEARN.bodyTooLong);
  });

  it("rewrites a question, keeping option ids so past attempts still read, with clear messages for bad input", async () => {
    const question = course.questions[0];
    if (!question) throw new Error("no question");
    const put = (json: unknown, id = question.id) =>
      call<TAdminCourse & TErr>(server, "PUT", `/api/admin/learn/questions/${id}`, {
        cookie: admin.cookie,
        json,
      });

    const bad: [unknown, string, string][] = [
      [{ prompt: "", options: ["a", "b"], correct: [0] }, "prompt", M_LEARN.promptRequired],
      [{ prompt: "p", options: ["a"], correct: [0] }, "options", M_LEARN.optionCount],
      [{ prompt: "p", options: ["a", "b"], correct: [] }, "correct", M_LEARN.correctRequired],
      [{ prompt: "p", options: ["a", "b"], correct: [0, 1] }, "correct", M_LEARN.singleNeedsOneCorrect],
    ];
    for (const [json, field, message] of bad) {
      const res = await put(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.fields?.[field]).toBe(message);
    }
    const missing = await put({ prompt: "p", options: ["a", "b"], correct: [0] }, crypto.randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(M_LEARN.questionNotFound);

    // A learner's quiz attempt taken before the edit.
    const before = await call<TAttempt>(
      server,
      "POST",
      `/api/learn/lessons/${course.lessons[0]?.id}/quiz/attempts`,
      {
        cookie: learner.cookie,
      },
    );
    const res = await put({
      lessonId: question.lessonId,
      prompt: "Is the liquidity locked?",
      options: ["No", "Yes, for a year", "Unknown", "Burned"],
      correct: [1, 3],
      multiple: true,
      explanation: "Locked or burned liquidity cannot be pulled.",
    });
    expect(res.status).toBe(200);
    const after = res.body.questions.find((q) => q.id === question.id);
    expect(after).toMatchObject({
      prompt: "Is the liquidity locked?",
      options: ["No", "Yes, for a year", "Unknown", "Burned"],
      correct: [1, 3],
      multiple: true,
    });
    // The attempt started before still shows its question's options by their old ids.
    const seen = await call<TAttempt>(server, "GET", `/api/learn/attempts/${before.body.id}`, {
      cookie: learner.cookie,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.questions[0]?.options.map((o) => o.id).sort()).toEqual(
      before.body.questions[0]?.options.map((o) => o.id).sort(),
    );
    const [row] = await audit("learn.question_update", question.id);
    expect(row?.summary).toBe("Edited a question: Is the liquidity locked?");
    expect(row?.actorId).toBe(admin.id);
    course = res.body;
  });

  it("deletes a lesson nobody has started and refuses one a learner has progress in", async () => {
    const extra = await writeCourse(server, admin.cookie, {
      lessons: [
        { title: "One", minutes: 1, quiz: [rightOrWrong("one")] },
        { title: "Two", minutes: 1 },
        { title: "Three", minutes: 1 },
      ],
    });
    const [one, two, three] = extra.lessons;
    const quiz = await call<TAttempt>(server, "POST", `/api/learn/lessons/${one?.id}/quiz/attempts`, {
      cookie: learner.cookie,
    });
    expect(quiz.status).toBe(201);
    const refused = await call<TErr>(server, "DELETE", `/api/admin/learn/lessons/${one?.id}`, {
      cookie: admin.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(M_LEARN.lessonHasLearners);

    const res = await call<TAdminCourse>(server, "DELETE", `/api/admin/learn/lessons/${two?.id}`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.lessons.map((l) => [l.title, l.position])).toEqual([
      ["One", 1],
      ["Three", 2],
    ]);
    expect(res.body.lessons[1]?.id).toBe(three?.id);
    expect(await audit("learn.lesson_delete", two?.id ?? "")).toHaveLength(1);
    const gone = await call<TErr>(server, "DELETE", `/api/admin/learn/lessons/${two?.id}`, {
      cookie: admin.cookie,
    });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(M_LEARN.lessonNotFound);
  });

  it("deletes a course nobody has started and refuses one with learners (unpublish it instead)", async () => {
    const unused = await writeCourse(server, admin.cookie, {
      course: { published: false },
      lessons: [{ title: "Only", minutes: 2, quiz: [rightOrWrong("only")] }],
    });
    const deleted = await call(server, "DELETE", `/api/admin/learn/courses/${unused.id}`, {
      cookie: admin.cookie,
    });
    expect(deleted.status).toBe(204);
    const [row] = await audit("learn.course_delete", unused.id);
    expect(row?.summary).toBe(`Deleted the course "${unused.title}"`);
    const again = await call<TErr>(server, "GET", `/api/admin/learn/courses/${unused.id}`, {
      cookie: admin.cookie,
    });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(M_LEARN.courseNotFound);

    // The learner passes the first lesson's quiz: the course has progress now.
    const quiz = await call<TAttempt>(
      server,
      "POST",
      `/api/learn/lessons/${course.lessons[0]?.id}/quiz/attempts`,
      {
        cookie: (await createUser(server)).cookie,
      },
    );
    expect(quiz.status).toBe(201);
    const refused = await call<TErr>(server, "DELETE", `/api/admin/learn/courses/${course.id}`, {
      cookie: admin.cookie,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(M_LEARN.courseHasLearners);
    const still = await call<TAdminCourse>(server, "GET", `/api/admin/learn/courses/${course.id}`, {
      cookie: admin.cookie,
    });
    expect(still.status).toBe(200);
  });
});
