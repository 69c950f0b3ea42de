import type {
  TAttempt,
  TCertificate,
  TCertificateList,
  TCourseDetail,
  TCourseLevel,
  TCourseList,
  TLessonCompletion,
  TLessonDetail,
  TSubmitAttemptRequest,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** The Learn calls: courses, lessons, attempts (quizzes and the exam) and certificates. */

export function fetchCourses(filter: { level: TCourseLevel | ""; search: string }): Promise<TCourseList> {
  const params = new URLSearchParams();
  if (filter.level) params.set("level", filter.level);
  if (filter.search.trim()) params.set("search", filter.search.trim());
  const query = params.toString();
  return apiFetch<TCourseList>(`/api/learn/courses${query ? `?${query}` : ""}`);
}

export function fetchCourse(idOrSlug: string): Promise<TCourseDetail> {
  return apiFetch<TCourseDetail>(`/api/learn/courses/${encodeURIComponent(idOrSlug)}`);
}

export function fetchLesson(courseId: string, lessonId: string): Promise<TLessonDetail> {
  return apiFetch<TLessonDetail>(
    `/api/learn/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`,
  );
}

export function completeLesson(lessonId: string): Promise<TLessonCompletion> {
  return apiFetch<TLessonCompletion>(`/api/learn/lessons/${encodeURIComponent(lessonId)}/complete`, {
    method: "POST",
  });
}

export function startQuiz(lessonId: string): Promise<TAttempt> {
  return apiFetch<TAttempt>(`/api/learn/lessons/${encodeURIComponent(lessonId)}/quiz/attempts`, {
    method: "POST",
  });
}

export function startExam(courseId: string): Promise<TAttempt> {
  return apiFetch<TAttempt>(`/api/learn/courses/${encodeURIComponent(courseId)}/exam/attempts`, {
    method: "POST",
  });
}

export function submitAttempt({ id, ...body }: TSubmitAttemptRequest & { id: string }): Promise<TAttempt> {
  return apiFetch<TAttempt>(`/api/learn/attempts/${encodeURIComponent(id)}/submit`, {
    method: "POST",
    body: JSON.stringify(body),
  });
}

export function fetchCertificate(code: string): Promise<TCertificate> {
  return apiFetch<TCertificate>(`/api/learn/certificates/${encodeURIComponent(code)}`);
}

export function fetchUserCertificates(username: string): Promise<TCertificateList> {
  return apiFetch<TCertificateList>(`/api/learn/users/${encodeURIComponent(username)}/certificates`);
}
