import { zodResolver } from "@hookform/resolvers/zod";
import { LEARN_LIMITS, type TAdminCourse, ZLessonInput } from "@plugs/domain";
import { Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate, useParams } from "react-router";
import type { z } from "zod";
import { AdminEditorPage } from "../../components/admin-editor-page.tsx";
import { AdminEmpty, AdminQuery } from "../../components/admin-list.tsx";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { MarkdownPane } from "../../components/markdown-pane.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { refusalMessage } from "../../lib/api.ts";
import { showServerErrors } from "../../lib/server-errors.ts";
import {
  useAdminCourse,
  useCreateLesson,
  useDeleteLesson,
  useLessonPreview,
  useUpdateLesson,
} from "./admin-queries.ts";
import { QuestionList } from "./admin-question-form.tsx";

type TLesson = TAdminCourse["lessons"][number];
type TLessonForm = z.input<typeof ZLessonInput>;
type TLessonValues = z.output<typeof ZLessonInput>;
const FIELDS = ["title", "body", "minutes", "videoUrl", "quizPassPercent"] as const;

/** The lesson's Markdown beside the server's rendering of it. */
function LessonMarkdown(props: {
  value: string;
  onChange: (value: string) => void;
  controlProps: { id: string; "aria-invalid"?: true; "aria-describedby"?: string };
}) {
  const preview = useLessonPreview(props.value);
  return (
    <MarkdownPane {...props} preview={preview} empty="The lesson appears here as learners will see it." />
  );
}

function formValues(lesson: TLesson | undefined): TLessonForm {
  return {
    title: lesson?.title ?? "",
    body: lesson?.body ?? "",
    minutes: lesson?.minutes ?? 5,
    videoUrl: lesson?.videoUrl ?? "",
    quizPassPercent: lesson?.quizPassPercent ?? LEARN_LIMITS.quizPassPercent,
  };
}

function LessonForm({ course, lesson }: { course: TAdminCourse; lesson?: TLesson }) {
  const navigate = useNavigate();
  const create = useCreateLesson();
  const update = useUpdateLesson();
  const remove = useDeleteLesson();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<TLessonForm, unknown, TLessonValues>({
    resolver: zodResolver(ZLessonInput),
    defaultValues: formValues(lesson),
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const { position: _position, ...fields } = values;
    try {
      if (lesson) {
        const saved = await update.mutateAsync({ id: lesson.id, ...fields });
        form.reset(formValues(saved.lessons.find((l) => l.id === lesson.id)));
        toast.success("Lesson saved");
      } else {
        const saved = await create.mutateAsync({ courseId: course.id, ...fields });
        toast.success("Lesson added");
        const added = saved.lessons.at(-1);
        void navigate(added ? `/admin/learn/${course.id}/lessons/${added.id}` : `/admin/learn/${course.id}`, {
          replace: true,
        });
      }
    } catch (error) {
      showServerErrors(form, FIELDS, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Lesson" className="flex flex-col gap-5">
      <Field label="Title" error={errors.title?.message}>
        {(props) => <Input {...props} {...form.register("title")} maxLength={LEARN_LIMITS.titleMax + 10} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Minutes" error={errors.minutes?.message}>
          {(props) => <Input {...props} {...form.register("minutes")} type="number" min={1} max={600} />}
        </Field>
        <Field label="Quiz pass mark (%)" error={errors.quizPassPercent?.message}>
          {(props) => (
            <Input {...props} {...form.register("quizPassPercent")} type="number" min={1} max={100} />
          )}
        </Field>
      </div>
      <Field label="Video link" error={errors.videoUrl?.message} hint="Optional: a YouTube or Vimeo address.">
        {(props) => <Input {...props} {...form.register("videoUrl")} type="url" placeholder="https://" />}
      </Field>
      <Field label="Text (Markdown)" error={errors.body?.message}>
        {(props) => (
          <Controller
            control={form.control}
            name="body"
            render={({ field }) => (
              <LessonMarkdown value={field.value ?? ""} onChange={field.onChange} controlProps={props} />
            )}
          />
        )}
      </Field>
      <FormAlert message={errors.root?.message} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {lesson ? (
          <Button variant="ghost" className="mr-auto" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden /> Delete lesson
          </Button>
        ) : null}
        <Button
          type="submit"
          busy={isSubmitting}
          busyLabel="Saving..."
          disabled={Boolean(lesson) && !isDirty}
        >
          <Save aria-hidden /> {lesson ? "Save lesson" : "Add lesson"}
        </Button>
      </div>
      {lesson ? (
        <ConfirmDeleteDialog
          title="Delete this lesson?"
          description="Its quiz goes with it. A lesson learners have started cannot be deleted."
          open={confirming}
          onOpenChange={setConfirming}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(lesson.id, {
              onSuccess: () => {
                toast.success("Lesson deleted");
                void navigate(`/admin/learn/${course.id}`, { replace: true });
              },
              onError: (err) => {
                setConfirming(false);
                toast.error(refusalMessage(err, "Could not delete the lesson"));
              },
            })
          }
        />
      ) : null}
    </form>
  );
}

/** /admin/learn/:id/lessons/new and /admin/learn/:id/lessons/:lessonId: a lesson's text and its quiz. */
export function AdminLessonEditor() {
  const { id = "", lessonId = "new" } = useParams();
  const query = useAdminCourse(id);
  const lesson = query.data?.lessons.find((l) => l.id === lessonId);
  return (
    <AdminEditorPage
      headingId="admin-lesson-heading"
      back={`/admin/learn/${id}`}
      backLabel={query.data?.title ?? "Course"}
      title={lessonId === "new" ? "New lesson" : lesson ? `Lesson ${lesson.position}` : "Lesson"}
    >
      <AdminQuery query={query} loading="Loading the lesson" failed="Could not load the course">
        {(course) =>
          lessonId !== "new" && !lesson ? (
            <AdminEmpty>Lesson not found</AdminEmpty>
          ) : (
            <>
              <LessonForm key={lesson?.id ?? "new"} course={course} lesson={lesson} />
              {lesson ? (
                <section aria-labelledby="admin-quiz-heading" className="flex flex-col gap-3">
                  <div>
                    <h3 id="admin-quiz-heading" className="text-lg font-semibold">
                      Quiz
                    </h3>
                    <p className="text-sm text-muted">
                      Passing it ({lesson.quizPassPercent}% or more) completes the lesson. Without questions,
                      learners mark the lesson complete themselves.
                    </p>
                  </div>
                  <QuestionList course={course} lessonId={lesson.id} empty="No quiz questions yet." />
                </section>
              ) : null}
            </>
          )
        }
      </AdminQuery>
    </AdminEditorPage>
  );
}
