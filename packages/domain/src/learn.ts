import { z } from "zod";
import { zPatch } from "./patch.ts";
import { ZSlug } from "./slugify.ts";
import { isSafeString, ZWebUrl, zText } from "./text.ts";

// Learn: courses, lessons, quizzes, the course exam and its certificate. The server grades every attempt; these are
// the shapes, limits and words that the server and the web app share.

export const COURSE_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type TCourseLevel = (typeof COURSE_LEVELS)[number];
export const COURSE_LEVEL_LABELS: Record<TCourseLevel, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};

export const LEARN_LIMITS = {
  titleMax: 120,
  slugMax: 80,
  descriptionMax: 1000,
  bodyMax: 50_000,
  promptMax: 500,
  optionMax: 300,
  explanationMax: 1000,
  minOptions: 2,
  maxOptions: 6,
  searchMax: 100,
  coursesShown: 100,
  /** Defaults of a quiz and the exam (the issue's numbers). */
  quizPassPercent: 70,
  examPassPercent: 80,
  examQuestionCount: 10,
  examTimeLimitMinutes: 20,
  examCooldownHours: 24,
  /** Seconds past an exam's deadline within which an answer sent in time still counts (the network's delay). */
  deadlineGraceSeconds: 5,
} as const;

export const M_LEARN = {
  signInToTakeQuizzes: "Sign in to take quizzes",
  signInToTrackProgress: "Sign in to track your progress",
  courseNotFound: "Course not found",
  lessonNotFound: "Lesson not found",
  attemptNotFound: "Attempt not found",
  questionNotFound: "Question not found",
  certificateNotFound: "Certificate not found",
  userNotFound: "User not found",
  imageRequired: "Choose an image to upload",
  noQuiz: "This lesson has no quiz",
  passQuizToComplete: "Pass this lesson's quiz to complete it",
  examLocked: "Finish every lesson of this course to open its exam",
  examNoQuestions: "This course has no exam yet",
  examAlreadyPassed: "You have already passed this exam",
  examCooldown: (wait: string) => `You can retake this exam in ${wait}`,
  alreadySubmitted: "This attempt was already submitted",
  deadlinePassed: "The time for this exam ran out, so these answers were not counted",
  answerEveryQuestion: "Answer every question before submitting",
  answerUnknown: "An answer names a question or option that is not in this attempt",
  singleChoice: "Pick one answer for this question",
  levelInvalid: "Choose beginner, intermediate or advanced",
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${LEARN_LIMITS.titleMax} characters`,
  slugTaken: "That slug is already used by another course",
  descriptionTooLong: `Description must be at most ${LEARN_LIMITS.descriptionMax} characters`,
  bodyTooLong: `Lesson text must be at most ${LEARN_LIMITS.bodyMax} characters`,
  minutesInvalid: "Minutes must be a whole number from 1 to 600",
  percentInvalid: "Pass mark must be a whole percent from 1 to 100",
  videoHostNotAllowed: "Videos can be linked from YouTube or Vimeo only",
  promptRequired: "Question is required",
  promptTooLong: `Question must be at most ${LEARN_LIMITS.promptMax} characters`,
  optionRequired: "Each option needs text",
  optionTooLong: `Each option must be at most ${LEARN_LIMITS.optionMax} characters`,
  optionCount: `A question has ${LEARN_LIMITS.minOptions} to ${LEARN_LIMITS.maxOptions} options`,
  correctRequired: "Mark at least one option as correct",
  singleNeedsOneCorrect: "A single-choice question has exactly one correct option",
  explanationTooLong: `Explanation must be at most ${LEARN_LIMITS.explanationMax} characters`,
  examSettingsInvalid: "Exam settings must be whole numbers in range",
  invalidCharacters: "Input contains invalid characters",
  courseHasLearners: "Learners have progress in this course, so it cannot be deleted. Unpublish it instead.",
  lessonHasLearners: "Learners have progress in this lesson, so it cannot be deleted",
} as const;

/** Hosts a lesson's video may come from; the lesson page embeds them (privacy-enhanced where the host has one). */
export const VIDEO_HOSTS = ["youtube.com", "www.youtube.com", "youtu.be", "vimeo.com", "player.vimeo.com"];

/** The origins of the players those links are embedded from (the CSP's frame-src for documents). */
export const VIDEO_EMBED_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/** The embeddable URL of an allowed video link, or null for a link from any other host or of another shape. */
export function videoEmbedUrl(link: string): string | null {
  const match = /^https:\/\/([a-z.]+)(\/[^?#\s]*)?(\?[^#\s]*)?(#\S*)?$/i.exec(link.trim());
  const host = match?.[1]?.toLowerCase() ?? "";
  if (!match || !VIDEO_HOSTS.includes(host)) return null;
  const path = match[2] ?? "/";
  const query = match[3] ?? "";
  const id = (value: string | null | undefined) => (value && /^[\w-]{6,20}$/.test(value) ? value : null);
  if (host === "youtu.be") {
    const v = id(path.slice(1));
    return v ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  if (host.endsWith("youtube.com")) {
    const v = id(/[?&]v=([^&]+)/.exec(query)?.[1]) ?? id(/^\/(?:embed|shorts)\/([^/]+)$/.exec(path)?.[1]);
    return v ? `https://www.youtube-nocookie.com/embed/${v}` : null;
  }
  const v = /^\/(?:video\/)?(\d{1,12})$/.exec(path)?.[1];
  return v ? `https://player.vimeo.com/video/${v}` : null;
}

const title = zText(M_LEARN.titleRequired)
  .trim()
  .min(1, M_LEARN.titleRequired)
  .max(LEARN_LIMITS.titleMax, M_LEARN.titleTooLong)
  .refine(isSafeString, M_LEARN.invalidCharacters);
const minutes = z.coerce
  .number(M_LEARN.minutesInvalid)
  .int(M_LEARN.minutesInvalid)
  .min(1, M_LEARN.minutesInvalid);
const percent = z.coerce
  .number(M_LEARN.percentInvalid)
  .int(M_LEARN.percentInvalid)
  .min(1, M_LEARN.percentInvalid)
  .max(100, M_LEARN.percentInvalid);
const examNumber = (max: number) =>
  z.coerce
    .number(M_LEARN.examSettingsInvalid)
    .int(M_LEARN.examSettingsInvalid)
    .min(1, M_LEARN.examSettingsInvalid)
    .max(max, M_LEARN.examSettingsInvalid);

export const ZCourseLevel = z.enum(COURSE_LEVELS, M_LEARN.levelInvalid);

/** GET /api/learn/courses: a level and a search over titles and descriptions, both optional. */
export const ZCourseListQuery = z.object({
  level: z.enum(["", ...COURSE_LEVELS], M_LEARN.levelInvalid).optional(),
  search: zText().trim().max(LEARN_LIMITS.searchMax).optional(),
});
export type TCourseListQuery = z.infer<typeof ZCourseListQuery>;

/** A course as the admin writes it (POST creates; PATCH takes any of the fields). */
export const ZCourseInput = z.object({
  title,
  slug: ZSlug(LEARN_LIMITS.slugMax),
  description: zText()
    .trim()
    .max(LEARN_LIMITS.descriptionMax, M_LEARN.descriptionTooLong)
    .refine(isSafeString, M_LEARN.invalidCharacters)
    .default(""),
  level: ZCourseLevel,
  minutes: minutes.max(6000, M_LEARN.minutesInvalid),
  coverUrl: z.union([z.literal(""), ZWebUrl, z.string().regex(/^\/media\/[\w./-]+$/)]).nullish(),
  published: z.boolean().default(false),
  examQuestionCount: examNumber(100).default(LEARN_LIMITS.examQuestionCount),
  examTimeLimitMinutes: examNumber(600).default(LEARN_LIMITS.examTimeLimitMinutes),
  examPassPercent: percent.default(LEARN_LIMITS.examPassPercent),
  examCooldownHours: examNumber(24 * 30).default(LEARN_LIMITS.examCooldownHours),
});
export type TCourseInput = z.input<typeof ZCourseInput>;
export const ZCoursePatch = zPatch(ZCourseInput);

const ZVideoUrl = z
  .union([z.literal(""), ZWebUrl.refine((v) => videoEmbedUrl(v) !== null, M_LEARN.videoHostNotAllowed)])
  .nullish()
  .transform((v) => (v ? v : null));

/** A lesson as the admin writes it: its Markdown body is rendered (and sanitized) by the server. */
export const ZLessonInput = z.object({
  title,
  body: zText().max(LEARN_LIMITS.bodyMax, M_LEARN.bodyTooLong).default(""),
  minutes: minutes.max(600, M_LEARN.minutesInvalid),
  videoUrl: ZVideoUrl,
  quizPassPercent: percent.default(LEARN_LIMITS.quizPassPercent),
  /** Where in the course (1 = first); the end when left out. */
  position: z.coerce.number().int().min(1).optional(),
});
export type TLessonInput = z.input<typeof ZLessonInput>;
export const ZLessonPatch = zPatch(ZLessonInput);

/** A question of a lesson's quiz (lessonId) or of the course's exam bank (no lessonId). */
export const ZQuestionInput = z
  .object({
    lessonId: z.uuid().nullish(),
    prompt: zText(M_LEARN.promptRequired)
      .trim()
      .min(1, M_LEARN.promptRequired)
      .max(LEARN_LIMITS.promptMax, M_LEARN.promptTooLong),
    options: z
      .array(
        zText(M_LEARN.optionRequired)
          .trim()
          .min(1, M_LEARN.optionRequired)
          .max(LEARN_LIMITS.optionMax, M_LEARN.optionTooLong),
        M_LEARN.optionCount,
      )
      .min(LEARN_LIMITS.minOptions, M_LEARN.optionCount)
      .max(LEARN_LIMITS.maxOptions, M_LEARN.optionCount),
    /** Indexes into `options` of the correct ones. */
    correct: z.array(z.number().int().min(0), M_LEARN.correctRequired).min(1, M_LEARN.correctRequired),
    multiple: z.boolean().default(false),
    explanation: zText().trim().max(LEARN_LIMITS.explanationMax, M_LEARN.explanationTooLong).default(""),
  })
  .superRefine((q, ctx) => {
    if (q.correct.some((i) => i >= q.options.length) || new Set(q.correct).size !== q.correct.length) {
      ctx.addIssue({ code: "custom", path: ["correct"], message: M_LEARN.correctRequired });
    }
    if (!q.multiple && q.correct.length !== 1) {
      ctx.addIssue({ code: "custom", path: ["correct"], message: M_LEARN.singleNeedsOneCorrect });
    }
  });
export type TQuestionInput = z.input<typeof ZQuestionInput>;

/** POST /api/admin/learn/preview: a lesson's Markdown, rendered exactly as learners will get it. */
export const ZLessonPreviewRequest = z.object({
  body: zText().max(LEARN_LIMITS.bodyMax, M_LEARN.bodyTooLong),
});
export type TLessonPreviewRequest = z.infer<typeof ZLessonPreviewRequest>;
export const ZLessonPreview = z.object({ html: z.string() });
export type TLessonPreview = z.infer<typeof ZLessonPreview>;

/** POST /api/learn/attempts/:id/submit: for each question of the attempt, the ids of the options chosen. */
export const ZSubmitAttemptRequest = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.uuid(M_LEARN.answerUnknown),
        optionIds: z.array(zText().max(40), M_LEARN.answerEveryQuestion).max(LEARN_LIMITS.maxOptions),
      }),
      M_LEARN.answerEveryQuestion,
    )
    .max(100, M_LEARN.answerUnknown),
});
export type TSubmitAttemptRequest = z.infer<typeof ZSubmitAttemptRequest>;

// What the server answers.

export const ZCourseProgress = z.object({
  lessonsDone: z.number(),
  lessonCount: z.number(),
  completedAt: z.string().nullable(),
  certificateCode: z.string().nullable(),
});
export type TCourseProgress = z.infer<typeof ZCourseProgress>;

export const ZCourseCard = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  level: ZCourseLevel,
  minutes: z.number(),
  coverUrl: z.string().nullable(),
  lessonCount: z.number(),
  /** Points on offer: every lesson, every quiz and the exam, at today's amounts. */
  points: z.number(),
  /** The viewer's progress; null for a visitor. */
  progress: ZCourseProgress.nullable(),
});
export type TCourseCard = z.infer<typeof ZCourseCard>;
export const ZCourseList = z.object({ items: z.array(ZCourseCard) });
export type TCourseList = z.infer<typeof ZCourseList>;

export const ZLessonOutline = z.object({
  id: z.string(),
  position: z.number(),
  title: z.string(),
  minutes: z.number(),
  hasQuiz: z.boolean(),
  done: z.boolean(),
});
export type TLessonOutline = z.infer<typeof ZLessonOutline>;

export const ZExamInfo = z.object({
  questionCount: z.number(),
  timeLimitMinutes: z.number(),
  passPercent: z.number(),
  cooldownHours: z.number(),
  /** Whether the bank holds questions for an exam at all. */
  available: z.boolean(),
  /** For a member: every lesson done. */
  unlocked: z.boolean(),
  openAttemptId: z.string().nullable(),
  /** When the cool-down after a failed attempt ends (ISO), or null. */
  retakeAt: z.string().nullable(),
  attemptsUsed: z.number(),
  bestPercent: z.number().nullable(),
});
export type TExamInfo = z.infer<typeof ZExamInfo>;

export const ZCourseDetail = ZCourseCard.extend({
  lessons: z.array(ZLessonOutline),
  exam: ZExamInfo,
});
export type TCourseDetail = z.infer<typeof ZCourseDetail>;

export const ZLessonLink = z.object({ id: z.string(), title: z.string() }).nullable();

export const ZLessonDetail = z.object({
  id: z.string(),
  courseId: z.string(),
  courseSlug: z.string(),
  courseTitle: z.string(),
  position: z.number(),
  lessonCount: z.number(),
  title: z.string(),
  minutes: z.number(),
  /** The lesson's Markdown as sanitized HTML, rendered by the server. */
  html: z.string(),
  videoEmbedUrl: z.string().nullable(),
  previous: ZLessonLink,
  next: ZLessonLink,
  done: z.boolean(),
  quiz: z.object({ questionCount: z.number(), passPercent: z.number(), passed: z.boolean() }).nullable(),
});
export type TLessonDetail = z.infer<typeof ZLessonDetail>;

export const ZAttemptQuestion = z.object({
  id: z.string(),
  prompt: z.string(),
  multiple: z.boolean(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
  /** After submitting only: the right option ids, the learner's, whether they got it, and why. */
  result: z
    .object({
      correctOptionIds: z.array(z.string()),
      chosenOptionIds: z.array(z.string()),
      correct: z.boolean(),
      explanation: z.string(),
    })
    .nullable(),
});
export type TAttemptQuestion = z.infer<typeof ZAttemptQuestion>;

export const ZAttempt = z.object({
  id: z.string(),
  kind: z.enum(["quiz", "exam"]),
  courseId: z.string(),
  lessonId: z.string().nullable(),
  startedAt: z.string(),
  /** The exam's deadline (ISO), kept by the server; null for a quiz. */
  deadlineAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  passPercent: z.number(),
  questions: z.array(ZAttemptQuestion),
  /** After submitting: the score. */
  score: z.number().nullable(),
  total: z.number(),
  percent: z.number().nullable(),
  passed: z.boolean().nullable(),
  /** Points paid by this submit (0 when nothing was due, as on a retake). */
  pointsEarned: z.number(),
  certificateCode: z.string().nullable(),
});
export type TAttempt = z.infer<typeof ZAttempt>;

export const ZLessonCompletion = z.object({
  lessonId: z.string(),
  done: z.boolean(),
  pointsEarned: z.number(),
});
export type TLessonCompletion = z.infer<typeof ZLessonCompletion>;

export const ZCertificate = z.object({
  code: z.string(),
  username: z.string(),
  courseTitle: z.string(),
  courseSlug: z.string(),
  level: ZCourseLevel,
  percent: z.number(),
  issuedAt: z.string(),
});
export type TCertificate = z.infer<typeof ZCertificate>;
/** GET /api/learn/users/:username/certificates: a member's certificates, newest first (their public profile links them). */
export const ZCertificateList = z.object({ items: z.array(ZCertificate) });
export type TCertificateList = z.infer<typeof ZCertificateList>;

/** An admin's view of a course: everything, drafts and the right answers included. */
export const ZAdminCourse = ZCourseCard.extend({
  published: z.boolean(),
  examQuestionCount: z.number(),
  examTimeLimitMinutes: z.number(),
  examPassPercent: z.number(),
  examCooldownHours: z.number(),
  lessons: z.array(
    z.object({
      id: z.string(),
      position: z.number(),
      title: z.string(),
      body: z.string(),
      minutes: z.number(),
      videoUrl: z.string().nullable(),
      quizPassPercent: z.number(),
    }),
  ),
  questions: z.array(
    z.object({
      id: z.string(),
      lessonId: z.string().nullable(),
      prompt: z.string(),
      options: z.array(z.string()),
      correct: z.array(z.number()),
      multiple: z.boolean(),
      explanation: z.string(),
    }),
  ),
});
export type TAdminCourse = z.infer<typeof ZAdminCourse>;

/** GET /api/admin/learn/courses: every course, drafts too, newest first. */
export const ZAdminCourseList = z.object({ items: z.array(ZCourseCard.extend({ published: z.boolean() })) });
export type TAdminCourseList = z.infer<typeof ZAdminCourseList>;
