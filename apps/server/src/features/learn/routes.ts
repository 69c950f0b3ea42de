import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  FILE_RULES,
  M_LEARN,
  ZAdminCourse,
  ZAdminCourseList,
  ZAttempt,
  ZCertificate,
  ZCertificateList,
  ZCourseDetail,
  ZCourseInput,
  ZCourseList,
  ZCourseListQuery,
  ZCoursePatch,
  ZLessonCompletion,
  ZLessonDetail,
  ZLessonInput,
  ZLessonPatch,
  ZLessonPreview,
  ZLessonPreviewRequest,
  ZQuestionInput,
  ZSubmitAttemptRequest,
} from "@plugs/domain";
import type { TAppEnv, TDeps, TViewer } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { fileFields, fileOf, type TParsedBody, uploadBodyLimit } from "../media/multipart.ts";
import {
  adminCourse,
  createCourse,
  createLesson,
  createQuestion,
  deleteCourse,
  deleteLesson,
  deleteQuestion,
  listAdminCourses,
  previewLesson,
  setCourseCover,
  updateCourse,
  updateLesson,
  updateQuestion,
} from "./admin-courses.ts";
import { startExam, startQuiz, submitAttempt, viewAttempt } from "./attempts.ts";
import { listUserCertificates, viewCertificate } from "./certificates.ts";
import { isUuid } from "./course-access.ts";
import { completeLesson, viewLesson } from "./lessons.ts";
import { listCourses } from "./list-courses.ts";
import { viewCourse } from "./view-course.ts";

const param = (name: string, description: string) =>
  z
    .string()
    .max(200)
    .openapi({ param: { name, in: "path" }, description });

const ZCourseParams = z.object({ idOrSlug: param("idOrSlug", "The course's id or slug") });
const ZIdParams = z.object({ id: param("id", "An id") });
const ZLessonParams = z.object({ lessonId: param("lessonId", "The lesson's id") });
const ZCourseLessonParams = ZCourseParams.extend({ lessonId: param("lessonId", "The lesson's id") });
/** A lesson's body is up to 50,000 characters, up to 4 bytes each in JSON. */
const LESSON_JSON_BYTES = 256 * 1024;
const ZUsernameParams = z.object({ username: param("username", "The member's username") });
const ZCoverForm = z.object({
  cover: z
    .unknown()
    .optional()
    .openapi({
      type: "string",
      format: "binary",
      description: `The cover image (JPEG, PNG, GIF, WebP; ${FILE_RULES.image.megabytes} MB), checked by its bytes`,
    }),
});
const ZCodeParams = z.object({ code: param("code", "The certificate's code") });

/** A path id that is not a uuid names nothing: 404 with the thing's own words, before any query. */
function uuidOr404(id: string, message: string): string {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", message);
  return id;
}

function member(viewer: TViewer | null): TViewer {
  if (!viewer) throw new AppError("UNAUTHORIZED", M_LEARN.signInToTakeQuizzes);
  return viewer;
}

/** Learn: /api/learn/... for learners and visitors, /api/admin/learn/... for the admins who write the courses. */
export function learnRoutes(deps: TDeps) {
  const quizAccess = access.signedIn(M_LEARN.signInToTakeQuizzes);
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/learn/courses",
        operationId: "listCourses",
        security: access.optional,
        tags: ["learn"],
        summary: "The published courses, by level and a search, with the viewer's progress on each",
        request: { query: ZCourseListQuery },
        responses: { 200: json(ZCourseList, "The courses"), ...errorResponses(400) },
      }),
      async (c) => c.json(await listCourses(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/learn/courses/{idOrSlug}",
        operationId: "viewCourse",
        security: access.optional,
        tags: ["learn"],
        summary: "A course by id or slug: its outline with the viewer's done marks, and the exam's rules",
        request: { params: ZCourseParams },
        responses: { 200: json(ZCourseDetail, "The course"), ...errorResponses(404) },
      }),
      async (c) => c.json(await viewCourse(deps, viewerOf(c), c.req.valid("param").idOrSlug), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/learn/courses/{idOrSlug}/lessons/{lessonId}",
        operationId: "viewLesson",
        security: access.optional,
        tags: ["learn"],
        summary:
          "A lesson: its Markdown rendered and sanitized by the server, its neighbours, its quiz's size",
        request: { params: ZCourseLessonParams },
        responses: { 200: json(ZLessonDetail, "The lesson"), ...errorResponses(404) },
      }),
      async (c) => {
        const { idOrSlug, lessonId } = c.req.valid("param");
        return c.json(
          await viewLesson(deps, viewerOf(c), idOrSlug, uuidOr404(lessonId, M_LEARN.lessonNotFound)),
          200,
        );
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/learn/lessons/{lessonId}/complete",
        operationId: "completeLesson",
        security: access.signedIn(M_LEARN.signInToTrackProgress),
        tags: ["learn"],
        summary: "Mark a lesson without a quiz as complete (lesson_completed points, once)",
        middleware: [memberLimit(deps, "learn")] as const,
        request: { params: ZLessonParams },
        responses: {
          200: json(ZLessonCompletion, "The lesson is done"),
          ...errorResponses(401, 404, 409, 429),
        },
      }),
      async (c) => {
        const lessonId = uuidOr404(c.req.valid("param").lessonId, M_LEARN.lessonNotFound);
        return c.json(await completeLesson(deps, member(viewerOf(c)), lessonId), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/learn/lessons/{lessonId}/quiz/attempts",
        operationId: "startQuiz",
        security: quizAccess,
        tags: ["learn"],
        summary:
          "Start the lesson's quiz, or get the open attempt back (no answers in it before it is submitted)",
        middleware: [memberLimit(deps, "learn")] as const,
        request: { params: ZLessonParams },
        responses: {
          200: json(ZAttempt, "The open attempt"),
          201: json(ZAttempt, "A new attempt"),
          ...errorResponses(401, 404, 429),
        },
      }),
      async (c) => {
        const lessonId = uuidOr404(c.req.valid("param").lessonId, M_LEARN.lessonNotFound);
        const { attempt, created } = await startQuiz(deps, member(viewerOf(c)), lessonId);
        return created ? c.json(attempt, 201) : c.json(attempt, 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/learn/courses/{idOrSlug}/exam/attempts",
        operationId: "startExam",
        security: quizAccess,
        tags: ["learn"],
        summary:
          "Start the course's exam once every lesson is done and the cool-down is over, or get the open one",
        middleware: [memberLimit(deps, "learn")] as const,
        request: { params: ZCourseParams },
        responses: {
          200: json(ZAttempt, "The open attempt"),
          201: json(ZAttempt, "A new attempt, with its deadline"),
          ...errorResponses(401, 403, 404, 409, 429),
        },
      }),
      async (c) => {
        const { attempt, created } = await startExam(
          deps,
          member(viewerOf(c)),
          c.req.valid("param").idOrSlug,
        );
        return created ? c.json(attempt, 201) : c.json(attempt, 200);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/learn/attempts/{id}",
        operationId: "viewAttempt",
        security: quizAccess,
        tags: ["learn"],
        summary: "Your attempt: its questions, and once submitted the results with explanations",
        request: { params: ZIdParams },
        responses: { 200: json(ZAttempt, "The attempt"), ...errorResponses(401, 404) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.attemptNotFound);
        return c.json(await viewAttempt(deps, member(viewerOf(c)), id), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/learn/attempts/{id}/submit",
        operationId: "submitAttempt",
        security: quizAccess,
        tags: ["learn"],
        summary: "Submit an attempt's answers, once; graded on the server (points and certificate on a pass)",
        middleware: [memberLimit(deps, "learn")] as const,
        request: {
          params: ZIdParams,
          body: { required: true, content: { "application/json": { schema: ZSubmitAttemptRequest } } },
        },
        responses: { 200: json(ZAttempt, "The graded attempt"), ...errorResponses(400, 401, 404, 409, 429) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.attemptNotFound);
        return c.json(await submitAttempt(deps, member(viewerOf(c)), id, c.req.valid("json")), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/learn/certificates/{code}",
        operationId: "viewCertificate",
        security: access.none,
        tags: ["learn"],
        summary: "Verify a certificate by its code (public): learner, course, date and score",
        request: { params: ZCodeParams },
        responses: { 200: json(ZCertificate, "The certificate"), ...errorResponses(404) },
      }),
      async (c) => c.json(await viewCertificate(deps, c.req.valid("param").code), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/learn/users/{username}/certificates",
        operationId: "listUserCertificates",
        security: access.none,
        tags: ["learn"],
        summary: "A member's certificates, newest first (public, for their profile)",
        request: { params: ZUsernameParams },
        responses: { 200: json(ZCertificateList, "The certificates"), ...errorResponses(404) },
      }),
      async (c) => c.json(await listUserCertificates(deps, c.req.valid("param").username), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/learn/courses",
        operationId: "adminListCourses",
        security: access.admin,
        tags: ["admin"],
        summary: "Every course, drafts too, newest first (admins only)",
        responses: { 200: json(ZAdminCourseList, "The courses"), ...errorResponses(401, 403) },
      }),
      async (c) => c.json(await listAdminCourses(deps, viewerOf(c)), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/learn/courses/{id}",
        operationId: "adminViewCourse",
        security: access.admin,
        tags: ["admin"],
        summary: "A course with its lessons, quizzes and exam bank, right answers included (admins only)",
        request: { params: ZIdParams },
        responses: { 200: json(ZAdminCourse, "The course"), ...errorResponses(401, 403, 404) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.courseNotFound);
        return c.json(await adminCourse(deps, viewerOf(c), id), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/learn/courses",
        operationId: "createCourse",
        security: access.admin,
        tags: ["admin"],
        summary: "Create a course, a draft unless published (admins only)",
        request: { body: { required: true, content: { "application/json": { schema: ZCourseInput } } } },
        responses: { 201: json(ZAdminCourse, "The course"), ...errorResponses(400, 401, 403, 409) },
      }),
      async (c) => c.json(await createCourse(deps, viewerOf(c), c.req.valid("json")), 201),
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/admin/learn/courses/{id}",
        operationId: "updateCourse",
        security: access.admin,
        tags: ["admin"],
        summary: "Edit a course, publish or unpublish it (admins only)",
        request: {
          params: ZIdParams,
          body: { required: true, content: { "application/json": { schema: ZCoursePatch } } },
        },
        responses: { 200: json(ZAdminCourse, "The course"), ...errorResponses(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.courseNotFound);
        return c.json(await updateCourse(deps, viewerOf(c), id, c.req.valid("json")), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/learn/courses/{id}/lessons",
        operationId: "createLesson",
        jsonLimit: LESSON_JSON_BYTES,
        security: access.admin,
        tags: ["admin"],
        summary: "Add a lesson to a course, at a position or last (admins only)",
        request: {
          params: ZIdParams,
          body: { required: true, content: { "application/json": { schema: ZLessonInput } } },
        },
        responses: { 201: json(ZAdminCourse, "The course"), ...errorResponses(400, 401, 403, 404, 413) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.courseNotFound);
        return c.json(await createLesson(deps, viewerOf(c), id, c.req.valid("json")), 201);
      },
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/admin/learn/lessons/{id}",
        operationId: "updateLesson",
        jsonLimit: LESSON_JSON_BYTES,
        security: access.admin,
        tags: ["admin"],
        summary: "Edit a lesson or move it (position) (admins only)",
        request: {
          params: ZIdParams,
          body: { required: true, content: { "application/json": { schema: ZLessonPatch } } },
        },
        responses: { 200: json(ZAdminCourse, "The course"), ...errorResponses(400, 401, 403, 404, 413) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.lessonNotFound);
        return c.json(await updateLesson(deps, viewerOf(c), id, c.req.valid("json")), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/learn/courses/{id}/questions",
        operationId: "createQuestion",
        security: access.admin,
        tags: ["admin"],
        summary: "Add a question to a lesson's quiz (lessonId) or to the course's exam bank (admins only)",
        request: {
          params: ZIdParams,
          body: { required: true, content: { "application/json": { schema: ZQuestionInput } } },
        },
        responses: { 201: json(ZAdminCourse, "The course"), ...errorResponses(400, 401, 403, 404) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.courseNotFound);
        return c.json(await createQuestion(deps, viewerOf(c), id, c.req.valid("json")), 201);
      },
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/admin/learn/questions/{id}",
        operationId: "deleteQuestion",
        security: access.admin,
        tags: ["admin"],
        summary: "Delete a question; attempts that asked it keep their scores (admins only)",
        request: { params: ZIdParams },
        responses: { 200: json(ZAdminCourse, "The course"), ...errorResponses(401, 403, 404) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.questionNotFound);
        return c.json(await deleteQuestion(deps, viewerOf(c), id), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "put",
        path: "/admin/learn/questions/{id}",
        operationId: "updateQuestion",
        security: access.admin,
        tags: ["admin"],
        summary: "Rewrite a question; option n keeps its id, so past attempts still read (admins only)",
        request: {
          params: ZIdParams,
          body: { required: true, content: { "application/json": { schema: ZQuestionInput } } },
        },
        responses: { 200: json(ZAdminCourse, "The course"), ...errorResponses(400, 401, 403, 404) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.questionNotFound);
        return c.json(await updateQuestion(deps, viewerOf(c), id, c.req.valid("json")), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/admin/learn/lessons/{id}",
        operationId: "deleteLesson",
        security: access.admin,
        tags: ["admin"],
        summary: "Delete a lesson no learner has started (admins only)",
        request: { params: ZIdParams },
        responses: { 200: json(ZAdminCourse, "The course"), ...errorResponses(401, 403, 404, 409) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.lessonNotFound);
        return c.json(await deleteLesson(deps, viewerOf(c), id), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/admin/learn/courses/{id}",
        operationId: "deleteCourse",
        security: access.admin,
        tags: ["admin"],
        summary:
          "Delete a course no learner has started; one with learners is refused (unpublish it) (admins only)",
        request: { params: ZIdParams },
        responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 409) },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.courseNotFound);
        await deleteCourse(deps, viewerOf(c), id);
        return c.body(null, 204);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/learn/courses/{id}/cover",
        operationId: "setCourseCover",
        security: access.admin,
        tags: ["admin"],
        summary:
          "Upload a course's cover (multipart field `cover`): checked by its bytes, re-encoded (admins only)",
        middleware: [uploadBodyLimit("image", 1), fileFields({ cover: "one" })] as const,
        request: {
          params: ZIdParams,
          body: { required: true, content: { "multipart/form-data": { schema: ZCoverForm } } },
        },
        responses: {
          200: json(ZAdminCourse, "The course"),
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      }),
      async (c) => {
        const id = uuidOr404(c.req.valid("param").id, M_LEARN.courseNotFound);
        const form = c.req.valid("form") as TParsedBody;
        return c.json(await setCourseCover(deps, viewerOf(c), id, fileOf(form, "cover")), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/learn/preview",
        operationId: "previewLesson",
        jsonLimit: LESSON_JSON_BYTES,
        security: access.admin,
        tags: ["admin"],
        summary: "Render a lesson's Markdown exactly as learners will get it (admins only)",
        request: {
          body: { required: true, content: { "application/json": { schema: ZLessonPreviewRequest } } },
        },
        responses: {
          200: json(ZLessonPreview, "The rendered lesson"),
          ...errorResponses(400, 401, 403, 413),
        },
      }),
      async (c) => c.json(previewLesson(viewerOf(c), c.req.valid("json").body), 200),
    );
}
