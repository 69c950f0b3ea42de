import type {
  TAdminCourse,
  TAdminCourseList,
  TCourseInput,
  TLessonInput,
  TLessonPreview,
  TQuestionInput,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";
import { sendForm, type TUploadOptions } from "../../lib/upload.ts";

/** The admins' Learn calls (/api/admin/learn/...): each write answers the whole course as the admin sees it. */

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export function fetchAdminCourses(): Promise<TAdminCourseList> {
  return apiFetch<TAdminCourseList>("/api/admin/learn/courses");
}

export function fetchAdminCourse(id: string): Promise<TAdminCourse> {
  return apiFetch<TAdminCourse>(`/api/admin/learn/courses/${encodeURIComponent(id)}`);
}

export function createCourse(input: TCourseInput): Promise<TAdminCourse> {
  return apiFetch<TAdminCourse>("/api/admin/learn/courses", json("POST", input));
}

export function updateCourse({
  id,
  ...input
}: Partial<TCourseInput> & { id: string }): Promise<TAdminCourse> {
  return apiFetch<TAdminCourse>(`/api/admin/learn/courses/${encodeURIComponent(id)}`, json("PATCH", input));
}

export function deleteCourse(id: string): Promise<void> {
  return apiFetch<void>(`/api/admin/learn/courses/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function createLesson({
  courseId,
  ...input
}: TLessonInput & { courseId: string }): Promise<TAdminCourse> {
  return apiFetch<TAdminCourse>(
    `/api/admin/learn/courses/${encodeURIComponent(courseId)}/lessons`,
    json("POST", input),
  );
}

export function updateLesson({
  id,
  ...input
}: Partial<TLessonInput> & { id: string }): Promise<TAdminCourse> {
  return apiFetch<TAdminCourse>(`/api/admin/learn/lessons/${encodeURIComponent(id)}`, json("PATCH", input));
}

export function deleteLesson(id: string): Promise<TAdminCourse> {
  return apiFetch<TAdminCourse>(`/api/admin/learn/lessons/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function createQuestion({
  courseId,
  ...input
}: TQuestionInput & { courseId: string }): Promise<TAdminCourse> {
  return apiFetch<TAdminCourse>(
    `/api/admin/learn/courses/${encodeURIComponent(courseId)}/questions`,
    json("POST", input),
  );
}

export function updateQuestion({ id, ...input }: TQuestionInput & { id: string }): Promise<TAdminCourse> {
  return apiFetch<TAdminCourse>(`/api/admin/learn/questions/${encodeURIComponent(id)}`, json("PUT", input));
}

export function deleteQuestion(id: string): Promise<TAdminCourse> {
  return apiFetch<TAdminCourse>(`/api/admin/learn/questions/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function previewLesson(body: string, signal?: AbortSignal): Promise<TLessonPreview> {
  return apiFetch<TLessonPreview>("/api/admin/learn/preview", { ...json("POST", { body }), signal });
}

export function uploadCourseCover(id: string, file: File, options: TUploadOptions): Promise<TAdminCourse> {
  const form = new FormData();
  form.append("cover", file);
  return sendForm<TAdminCourse>(
    "POST",
    `/api/admin/learn/courses/${encodeURIComponent(id)}/cover`,
    form,
    options,
  );
}
