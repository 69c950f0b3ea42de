import { zodResolver } from "@hookform/resolvers/zod";
import { LEARN_LIMITS, type TAdminCourse, ZQuestionInput } from "@plugs/domain";
import { CheckCircle2, Pencil, Plus, Trash2, X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert } from "../../components/form-alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { refusalMessage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { showServerErrors } from "../../lib/server-errors.ts";
import { useCreateQuestion, useDeleteQuestion, useUpdateQuestion } from "./admin-queries.ts";

type TQuestion = TAdminCourse["questions"][number];
type TQuestionForm = z.input<typeof ZQuestionInput>;
type TQuestionValues = z.output<typeof ZQuestionInput>;
const FIELDS = ["prompt", "options", "correct", "multiple", "explanation"] as const;

/** A question's editor: the prompt, 2 to 6 options each marked right or not, single or multiple choice, and why. */
function QuestionForm({
  courseId,
  lessonId,
  question,
  onDone,
}: {
  courseId: string;
  lessonId: string | null;
  question?: TQuestion;
  onDone: () => void;
}) {
  const create = useCreateQuestion();
  const update = useUpdateQuestion();
  const form = useForm<TQuestionForm, unknown, TQuestionValues>({
    resolver: zodResolver(ZQuestionInput),
    defaultValues: {
      lessonId,
      prompt: question?.prompt ?? "",
      options: question?.options ?? ["", ""],
      correct: question?.correct ?? [],
      multiple: question?.multiple ?? false,
      explanation: question?.explanation ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const options = form.watch("options");
  const correct = form.watch("correct");
  const multiple = form.watch("multiple") ?? false;
  const how = () => ({ shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const set = {
    options: (value: string[]) => form.setValue("options", value, how()),
    correct: (value: number[]) => form.setValue("correct", value, how()),
    multiple: (value: boolean) => form.setValue("multiple", value, how()),
  };

  const toggleCorrect = (i: number) => {
    if (!multiple) return set.correct([i]);
    set.correct(correct.includes(i) ? correct.filter((c) => c !== i) : [...correct, i].sort((a, b) => a - b));
  };
  const removeOption = (i: number) => {
    set.options(options.filter((_, j) => j !== i));
    set.correct(correct.filter((c) => c !== i).map((c) => (c > i ? c - 1 : c)));
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      if (question) await update.mutateAsync({ id: question.id, ...values });
      else await create.mutateAsync({ courseId, ...values });
      toast.success(question ? "Question saved" : "Question added");
      onDone();
    } catch (error) {
      showServerErrors(form, FIELDS, error);
    }
  });

  const optionsError =
    errors.options?.message ??
    (Array.isArray(errors.options) ? errors.options.find(Boolean)?.message : undefined) ??
    errors.options?.root?.message;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={question ? "Edit question" : "New question"}
      className="flex flex-col gap-4 rounded-2xl border border-accent/40 bg-surface p-4"
    >
      <Field label="Question" error={errors.prompt?.message}>
        {(props) => (
          <Textarea
            {...props}
            {...form.register("prompt")}
            rows={2}
            maxLength={LEARN_LIMITS.promptMax + 10}
          />
        )}
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Answers</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="question-kind"
              checked={!multiple}
              onChange={() => {
                set.multiple(false);
                set.correct(correct.slice(0, 1));
              }}
              className="size-4 accent-accent"
            />
            Single choice
          </label>
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="question-kind"
              checked={multiple}
              onChange={() => set.multiple(true)}
              className="size-4 accent-accent"
            />
            Multiple choice
          </label>
        </div>
        <ol className="flex flex-col gap-2">
          {options.map((text, i) => (
            // Options have no ids of their own until saved: their place is their identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i} className="flex items-center gap-2">
              <input
                type={multiple ? "checkbox" : "radio"}
                name="question-correct"
                aria-label={`Option ${i + 1} is right`}
                checked={correct.includes(i)}
                onChange={() => toggleCorrect(i)}
                className="size-4 shrink-0 accent-plug"
              />
              <Input
                aria-label={`Option ${i + 1}`}
                value={text}
                maxLength={LEARN_LIMITS.optionMax + 10}
                onChange={(e) => set.options(options.map((o, j) => (j === i ? e.target.value : o)))}
              />
              <Button
                variant="ghost"
                size="icon"
                className="shrink-0"
                aria-label={`Remove option ${i + 1}`}
                disabled={options.length <= LEARN_LIMITS.minOptions}
                onClick={() => removeOption(i)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
        <p className="text-xs text-muted">Tick the right {multiple ? "answers" : "answer"}.</p>
        {optionsError ? (
          <p role="alert" className="text-xs font-medium text-rug">
            {optionsError}
          </p>
        ) : null}
        {errors.correct?.message ? (
          <p role="alert" className="text-xs font-medium text-rug">
            {errors.correct.message}
          </p>
        ) : null}
        {options.length < LEARN_LIMITS.maxOptions ? (
          <Button variant="ghost" size="sm" className="w-fit" onClick={() => set.options([...options, ""])}>
            <Plus aria-hidden /> Add option
          </Button>
        ) : null}
      </fieldset>
      <Field
        label="Explanation"
        error={errors.explanation?.message}
        hint="Shown with the right answer once the learner submits."
      >
        {(props) => <Textarea {...props} {...form.register("explanation")} rows={2} />}
      </Field>
      <FormAlert message={errors.root?.message} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={isSubmitting} busyLabel="Saving...">
          {question ? "Save question" : "Add question"}
        </Button>
      </div>
    </form>
  );
}

function QuestionCard({ question, onEdit }: { question: TQuestion; onEdit: () => void }) {
  const remove = useDeleteQuestion();
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4">
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 font-medium break-words">{question.prompt}</p>
        <span className="shrink-0 rounded-md bg-surface-2 px-1.5 py-0.5 text-xs text-muted">
          {question.multiple ? "Multiple" : "Single"}
        </span>
      </div>
      <ul className="flex flex-col gap-1 text-sm">
        {question.options.map((option, i) => {
          const right = question.correct.includes(i);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are listed by place
            <li key={i} className={cn("flex items-start gap-2", right ? "text-plug" : "text-muted")}>
              {right ? (
                <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-label="Right answer" />
              ) : (
                <span className="mt-0.5 size-4 shrink-0" aria-hidden />
              )}
              <span className="break-words">{option}</span>
            </li>
          );
        })}
      </ul>
      {question.explanation ? <p className="text-xs text-muted">{question.explanation}</p> : null}
      <div className="flex justify-end gap-1">
        <Button variant="ghost" size="sm" onClick={onEdit}>
          <Pencil aria-hidden /> Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          busy={remove.isPending}
          busyLabel="Deleting..."
          onClick={() =>
            remove.mutate(question.id, {
              onSuccess: () => toast.success("Question deleted"),
              onError: (err) => toast.error(refusalMessage(err, "Could not delete the question")),
            })
          }
        >
          <Trash2 aria-hidden /> Delete
        </Button>
      </div>
    </div>
  );
}

/** The questions of a lesson's quiz (lessonId) or of the course's exam bank (null), each editable in place. */
export function QuestionList({
  course,
  lessonId,
  empty,
}: {
  course: TAdminCourse;
  lessonId: string | null;
  empty: string;
}) {
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const questions = course.questions.filter((q) => q.lessonId === lessonId);
  return (
    <div className="flex flex-col gap-3">
      {questions.length === 0 && editing !== "new" ? (
        <p className="rounded-2xl border border-dashed border-border bg-surface p-4 text-center text-sm text-muted">
          {empty}
        </p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {questions.map((question) => (
          <li key={question.id}>
            {editing === question.id ? (
              <QuestionForm
                courseId={course.id}
                lessonId={lessonId}
                question={question}
                onDone={() => setEditing(null)}
              />
            ) : (
              <QuestionCard question={question} onEdit={() => setEditing(question.id)} />
            )}
          </li>
        ))}
      </ol>
      {editing === "new" ? (
        <QuestionForm courseId={course.id} lessonId={lessonId} onDone={() => setEditing(null)} />
      ) : (
        <Button variant="secondary" size="sm" className="w-fit" onClick={() => setEditing("new")}>
          <Plus aria-hidden /> Add question
        </Button>
      )}
    </div>
  );
}
