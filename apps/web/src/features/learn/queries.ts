import type { TCourseLevel } from "@plugs/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { pointsKeys } from "../points/queries.ts";
import {
  completeLesson,
  fetchCertificate,
  fetchCourse,
  fetchCourses,
  fetchLesson,
  fetchUserCertificates,
  startExam,
  startQuiz,
  submitAttempt,
} from "./api.ts";

/** The Learn feature's query keys. */
export const learnKeys = {
  all: ["learn"] as const,
  courses: (level: TCourseLevel | "", search: string) =>
    [...learnKeys.all, "courses", level, search] as const,
  course: (idOrSlug: string) => [...learnKeys.all, "course", idOrSlug] as const,
  lesson: (courseId: string, lessonId: string) => [...learnKeys.all, "lesson", courseId, lessonId] as const,
  certificate: (code: string) => [...learnKeys.all, "certificate", code] as const,
  userCertificates: (username: string) =>
    [...learnKeys.all, "user-certificates", username.toLowerCase()] as const,
};

export function useCourses(level: TCourseLevel | "", search: string) {
  return useQuery({
    queryKey: learnKeys.courses(level, search),
    queryFn: () => fetchCourses({ level, search }),
    placeholderData: keepPreviousData,
  });
}

export function useCourse(idOrSlug: string) {
  return useQuery({ queryKey: learnKeys.course(idOrSlug), queryFn: () => fetchCourse(idOrSlug) });
}

export function useLesson(courseId: string, lessonId: string) {
  return useQuery({
    queryKey: learnKeys.lesson(courseId, lessonId),
    queryFn: () => fetchLesson(courseId, lessonId),
  });
}

export function useCertificate(code: string) {
  return useQuery({
    queryKey: learnKeys.certificate(code),
    queryFn: () => fetchCertificate(code),
    retry: false,
  });
}

/** A member's certificates, for their public profile. */
export function useUserCertificates(username: string) {
  return useQuery({
    queryKey: learnKeys.userCertificates(username),
    queryFn: () => fetchUserCertificates(username),
    retry: false,
  });
}

/** After progress changes: every Learn screen and the points balance read again. */
function useRefreshProgress() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: learnKeys.all }),
      queryClient.invalidateQueries({ queryKey: pointsKeys.all }),
    ]);
}

export function useCompleteLesson() {
  const refresh = useRefreshProgress();
  return useMutation({ mutationFn: completeLesson, onSuccess: refresh });
}

export function useStartQuiz() {
  return useMutation({ mutationFn: startQuiz });
}

export function useStartExam() {
  const refresh = useRefreshProgress();
  return useMutation({ mutationFn: startExam, onSuccess: refresh });
}

export function useSubmitAttempt() {
  const refresh = useRefreshProgress();
  return useMutation({ mutationFn: submitAttempt, onSuccess: refresh });
}
