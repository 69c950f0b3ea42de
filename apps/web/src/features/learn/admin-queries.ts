import type { TAdminCourse } from "@plugs/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import {
  createCourse,
  createLesson,
  createQuestion,
  deleteCourse,
  deleteLesson,
  deleteQuestion,
  fetchAdminCourse,
  fetchAdminCourses,
  previewLesson,
  updateCourse,
  updateLesson,
  updateQuestion,
} from "./admin-api.ts";
import { learnKeys } from "./queries.ts";

export const adminLearnKeys = {
  all: ["admin", "learn"] as const,
  courses: () => [...adminLearnKeys.all, "courses"] as const,
  course: (id: string) => [...adminLearnKeys.all, "course", id] as const,
  preview: (body: string) => [...adminLearnKeys.all, "preview", body] as const,
};

export function useAdminCourses() {
  return useQuery({ queryKey: adminLearnKeys.courses(), queryFn: fetchAdminCourses });
}

export function useAdminCourse(id: string) {
  return useQuery({
    queryKey: adminLearnKeys.course(id),
    queryFn: () => fetchAdminCourse(id),
    enabled: id !== "",
    retry: false,
  });
}

/** Every write answers the whole course: it becomes the editor's copy, and the lists and learner pages read again. */
function useCourseWrite<TInput>(mutationFn: (input: TInput) => Promise<TAdminCourse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (course) => {
      queryClient.setQueryData(adminLearnKeys.course(course.id), course);
      void queryClient.invalidateQueries({ queryKey: adminLearnKeys.courses() });
      void queryClient.invalidateQueries({ queryKey: learnKeys.all });
    },
  });
}

export const useCreateCourse = () => useCourseWrite(createCourse);
export const useUpdateCourse = () => useCourseWrite(updateCourse);
export const useCreateLesson = () => useCourseWrite(createLesson);
export const useUpdateLesson = () => useCourseWrite(updateLesson);
export const useDeleteLesson = () => useCourseWrite(deleteLesson);
export const useCreateQuestion = () => useCourseWrite(createQuestion);
export const useUpdateQuestion = () => useCourseWrite(updateQuestion);
export const useDeleteQuestion = () => useCourseWrite(deleteQuestion);

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminLearnKeys.courses() }),
        queryClient.invalidateQueries({ queryKey: learnKeys.all }),
      ]),
  });
}

/** A lesson's Markdown rendered by the server as learners will get it, once the typing pauses. */
export function useLessonPreview(body: string) {
  const settled = useDebouncedValue(body, 500);
  return useQuery({
    queryKey: adminLearnKeys.preview(settled),
    queryFn: ({ signal }) => previewLesson(settled, signal),
    enabled: settled.trim() !== "",
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
