import { zodResolver } from "@hookform/resolvers/zod";
import {
  COURSE_LEVEL_LABELS,
  COURSE_LEVELS,
  LEARN_LIMITS,
  type TAdminCourse,
  ZCourseInput,
} from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Pencil, Plus, Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import type { z } from "zod";
import { AdminEditorPage } from "../../components/admin-editor-page.tsx";
import { AdminQuery } from "../../components/admin-list.tsx";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ImageUploadCard, useImageUpload } from "../../components/image-upload.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Field } from "../../components/ui/field.tsx";
import { fieldClasses, Input, Textarea } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { refusalMessage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { showServerErrors } from "../../lib/server-errors.ts";
import { useSlugFromTitle } from "../../lib/use-slug-from-title.ts";
import { uploadCourseCover } from "./admin-api.ts";
import { CoursePill } from "./admin-learn-parts.tsx";
import {
  adminLearnKeys,
  useAdminCourse,
  useCreateCourse,
  useDeleteCourse,
  useUpdateCourse,
  useUpdateLesson,
} from "./admin-queries.ts";
import { QuestionList } from "./admin-question-form.tsx";

type TCourseForm = z.input<typeof ZCourseInput>;
type TCourseValues = z.output<typeof ZCourseInput>;
const FIELDS = [
  "title",
  "slug",
  "description",
  "level",
  "minutes",
  "coverUrl",
  "published",
  "examQuestionCount",
  "examTimeLimitMinutes",
  "examPassPercent",
  "examCooldownHours",
] as const;

function formValues(course: TAdminCourse | undefined): TCourseForm {
  return {
    title: course?.title ?? "",
    slug: course?.slug ?? "",
    description: course?.description ?? "",
    level: course?.level ?? "beginner",
    minutes: course?.minutes ?? 30,
    coverUrl: course?.coverUrl ?? "",
    published: course?.published ?? false,
    examQuestionCount: course?.examQuestionCount ?? LEARN_LIMITS.examQuestionCount,
    examTimeLimitMinutes: course?.examTimeLimitMinutes ?? LEARN_LIMITS.examTimeLimitMinutes,
    examPassPercent: course?.examPassPercent ?? LEARN_LIMITS.examPassPercent,
    examCooldownHours: course?.examCooldownHours ?? LEARN_LIMITS.examCooldownHours,
  };
}

/** The course's cover: an upload (checked and re-encoded by the server) that replaces the old one. */
function CoverField({ course, onSaved }: { course: TAdminCourse; onSaved: (url: string | null) => void }) {
  const queryClient = useQueryClient();
  const upload = useImageUpload({
    send: async (file, options) => {
      const saved = await uploadCourseCover(course.id, file, options);
      queryClient.setQueryData(adminLearnKeys.course(course.id), saved);
      onSaved(saved.coverUrl);
      await queryClient.invalidateQueries({ queryKey: adminLearnKeys.courses() });
    },
    done: "Cover updated",
  });
  return (
    <ImageUploadCard
      upload={upload}
      current={course.coverUrl}
      alt="Cover"
      empty="No cover"
      aspect="aspect-[16/9]"
      name="cover"
      noun="cover"
    />
  );
}

/** The course's details, its exam settings and whether learners see it. */
function CourseForm({ course }: { course?: TAdminCourse }) {
  const navigate = useNavigate();
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const form = useForm<TCourseForm, unknown, TCourseValues>({
    resolver: zodResolver(ZCourseInput),
    defaultValues: formValues(course),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const published = form.watch("published");
  const slugFields = useSlugFromTitle(form, LEARN_LIMITS.slugMax, Boolean(course));
  const number = (name: (typeof FIELDS)[number]) => form.register(name);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = course
        ? await update.mutateAsync({ id: course.id, ...values })
        : await create.mutateAsync(values);
      toast.success(
        saved.published && !course?.published ? "Course published" : course ? "Course saved" : "Draft saved",
      );
      form.reset(formValues(saved));
      if (!course) void navigate(`/admin/learn/${saved.id}`, { replace: true });
    } catch (error) {
      showServerErrors(form, FIELDS, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Course" className="flex flex-col gap-5">
      <Field label="Title" error={errors.title?.message}>
        {(props) => <Input {...props} {...slugFields.title} maxLength={LEARN_LIMITS.titleMax + 10} />}
      </Field>
      <Field
        label="Slug"
        error={errors.slug?.message}
        hint={
          course ? "The course's address. Changing it breaks links shared before." : "Made from the title."
        }
      >
        {(props) => (
          <div className="flex items-center gap-1">
            <span className="text-sm whitespace-nowrap text-muted">/learn/course/</span>
            <Input {...props} {...slugFields.slug} maxLength={LEARN_LIMITS.slugMax} className="font-mono" />
          </div>
        )}
      </Field>
      <Field
        label="Description"
        error={errors.description?.message}
        hint="Shown on the course card and page."
      >
        {(props) => <Textarea {...props} {...form.register("description")} rows={3} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Level" error={errors.level?.message}>
          {(props) => (
            <select {...props} {...form.register("level")} className={cn(fieldClasses, "h-10")}>
              {COURSE_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {COURSE_LEVEL_LABELS[level]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Estimated minutes" error={errors.minutes?.message}>
          {(props) => <Input {...props} {...number("minutes")} type="number" inputMode="numeric" min={1} />}
        </Field>
      </div>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">Cover</span>
        {course ? (
          <CoverField
            course={course}
            // The form keeps the stored address, so saving the form later does not undo the upload.
            onSaved={(url) => form.resetField("coverUrl", { defaultValue: url ?? "" })}
          />
        ) : (
          <p className="text-sm text-muted">
            Save the draft first, then upload its cover, or give an image address below.
          </p>
        )}
      </div>
      <Field
        label="Cover image URL"
        error={errors.coverUrl?.message}
        hint="Or an https address of an image; empty shows the level's artwork."
      >
        {(props) => <Input {...props} {...form.register("coverUrl")} type="url" placeholder="https://" />}
      </Field>
      <fieldset className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4">
        <legend className="px-1 text-sm font-medium">Exam</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Questions drawn" error={errors.examQuestionCount?.message} hint="From the exam bank.">
            {(props) => <Input {...props} {...number("examQuestionCount")} type="number" min={1} />}
          </Field>
          <Field label="Time limit (minutes)" error={errors.examTimeLimitMinutes?.message}>
            {(props) => <Input {...props} {...number("examTimeLimitMinutes")} type="number" min={1} />}
          </Field>
          <Field label="Pass mark (%)" error={errors.examPassPercent?.message}>
            {(props) => <Input {...props} {...number("examPassPercent")} type="number" min={1} max={100} />}
          </Field>
          <Field
            label="Cool-down (hours)"
            error={errors.examCooldownHours?.message}
            hint="Between a failed attempt and the next."
          >
            {(props) => <Input {...props} {...number("examCooldownHours")} type="number" min={1} />}
          </Field>
        </div>
      </fieldset>
      <div className="flex items-center gap-2">
        <Controller
          control={form.control}
          name="published"
          render={({ field }) => (
            <Checkbox
              id="course-published"
              checked={field.value ?? false}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
          )}
        />
        <label htmlFor="course-published" className="cursor-pointer text-sm">
          Published: learners see it on /learn
        </label>
      </div>
      <FormAlert message={errors.root?.message} />
      <div className="flex justify-end">
        <Button
          type="submit"
          busy={isSubmitting}
          busyLabel="Saving..."
          disabled={Boolean(course) && !isDirty}
        >
          <Save aria-hidden />{" "}
          {course
            ? published && !course.published
              ? "Publish"
              : "Save course"
            : published
              ? "Publish"
              : "Save draft"}
        </Button>
      </div>
    </form>
  );
}

/** The lessons in order, each movable up or down, with its quiz's size and a link to its editor. */
function LessonList({ course }: { course: TAdminCourse }) {
  const move = useUpdateLesson();
  const quizSize = (lessonId: string) => course.questions.filter((q) => q.lessonId === lessonId).length;
  const place = (id: string, position: number) =>
    move.mutate(
      { id, position },
      { onError: (err) => toast.error(refusalMessage(err, "Could not move the lesson")) },
    );
  return (
    <section aria-labelledby="admin-lessons-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="admin-lessons-heading" className="text-lg font-semibold">
          Lessons
        </h3>
        <Button asChild size="sm" variant="secondary">
          <Link to={`/admin/learn/${course.id}/lessons/new`}>
            <Plus aria-hidden /> Add lesson
          </Link>
        </Button>
      </div>
      {course.lessons.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-surface p-4 text-center text-sm text-muted">
          No lessons yet. Add the first one.
        </p>
      ) : (
        <ol aria-label="Lessons" aria-busy={move.isPending} className="flex flex-col gap-2">
          {course.lessons.map((lesson, i) => (
            <li
              key={lesson.id}
              className="flex items-center gap-2 rounded-2xl border border-border bg-surface py-2 pr-2 pl-4"
            >
              <span className="w-5 shrink-0 text-sm font-semibold text-muted tabular-nums">
                {lesson.position}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{lesson.title}</p>
                <p className="text-xs text-muted">
                  {lesson.minutes} min ·{" "}
                  {quizSize(lesson.id) === 0
                    ? "No quiz"
                    : `Quiz: ${quizSize(lesson.id)} ${quizSize(lesson.id) === 1 ? "question" : "questions"}`}
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move "${lesson.title}" up`}
                disabled={i === 0 || move.isPending}
                onClick={() => place(lesson.id, lesson.position - 1)}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move "${lesson.title}" down`}
                disabled={i === course.lessons.length - 1 || move.isPending}
                onClick={() => place(lesson.id, lesson.position + 1)}
              >
                <ArrowDown aria-hidden />
              </Button>
              <Button asChild variant="ghost" size="icon" aria-label={`Edit "${lesson.title}"`}>
                <Link to={`/admin/learn/${course.id}/lessons/${lesson.id}`}>
                  <Pencil aria-hidden />
                </Link>
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** What an exam asks from the bank: the set number, or the whole bank when it holds fewer. */
function BankLine({ course }: { course: TAdminCourse }) {
  const bank = course.questions.filter((q) => q.lessonId === null).length;
  if (bank === 0) return <>Learners cannot take the exam until the bank holds a question.</>;
  if (bank < course.examQuestionCount) {
    return (
      <>
        The bank holds {bank} of the {course.examQuestionCount} questions an exam asks, so each exam asks{" "}
        {bank === 1 ? "that one" : `all ${bank}, in random order`}.
      </>
    );
  }
  return (
    <>
      Each exam draws {course.examQuestionCount} of these {bank} at random, in random order.
    </>
  );
}

function DeleteCourse({ course }: { course: TAdminCourse }) {
  const navigate = useNavigate();
  const remove = useDeleteCourse();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="ghost" className="w-fit" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden /> Delete course
      </Button>
      <ConfirmDeleteDialog
        title="Delete this course?"
        description="Only a course no learner has started can be deleted; otherwise unpublish it. This cannot be undone."
        open={confirming}
        onOpenChange={setConfirming}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(course.id, {
            onSuccess: () => {
              toast.success("Course deleted");
              void navigate("/admin/learn", { replace: true });
            },
            onError: (err) => {
              setConfirming(false);
              toast.error(refusalMessage(err, "Could not delete the course"));
            },
          })
        }
      />
    </>
  );
}

/** /admin/learn/new and /admin/learn/:id: a course's details and exam, then its lessons and exam bank. */
export function AdminCourseEditor() {
  const { id } = useParams();
  const query = useAdminCourse(id ?? "");
  const course = id ? query.data : undefined;
  return (
    <AdminEditorPage
      headingId="admin-course-heading"
      back="/admin/learn"
      backLabel="Courses"
      title={id ? "Edit course" : "New course"}
      beside={course ? <CoursePill published={course.published} /> : null}
      view={course?.published ? { to: `/learn/course/${course.slug}`, label: "View course" } : undefined}
    >
      {!id ? (
        <CourseForm />
      ) : (
        <AdminQuery query={query} loading="Loading the course" failed="Could not load the course">
          {(data) => (
            <>
              <CourseForm key={data.id} course={data} />
              <LessonList course={data} />
              <section aria-labelledby="admin-bank-heading" className="flex flex-col gap-3">
                <div>
                  <h3 id="admin-bank-heading" className="text-lg font-semibold">
                    Exam bank
                  </h3>
                  <p className="text-sm text-muted">
                    <BankLine course={data} />
                  </p>
                </div>
                <QuestionList course={data} lessonId={null} empty="No exam questions yet." />
              </section>
              <DeleteCourse course={data} />
            </>
          )}
        </AdminQuery>
      )}
    </AdminEditorPage>
  );
}
