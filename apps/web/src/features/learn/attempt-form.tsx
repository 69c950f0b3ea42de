import type { TAttempt } from "@plugs/domain";
import { CheckCircle2, XCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * An attempt's questions: radio buttons for single choice, checkboxes for several. Sent once; after that the same
 * questions show the server's grading: which options were right, what the learner chose, and the explanation.
 */
export function AttemptForm({
  attempt,
  onSubmit,
  busy,
  disabled,
}: {
  attempt: TAttempt;
  onSubmit: (answers: { questionId: string; optionIds: string[] }[]) => void;
  busy: boolean;
  disabled?: boolean;
}) {
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const submitted = attempt.submittedAt !== null;
  const answered = attempt.questions.every((q) => (chosen[q.id]?.length ?? 0) > 0);
  const toggle = (questionId: string, optionId: string, multiple: boolean) =>
    setChosen((prev) => {
      const now = prev[questionId] ?? [];
      const next = multiple
        ? now.includes(optionId)
          ? now.filter((id) => id !== optionId)
          : [...now, optionId]
        : [optionId];
      return { ...prev, [questionId]: next };
    });

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (submitted || !answered) return;
        onSubmit(attempt.questions.map((q) => ({ questionId: q.id, optionIds: chosen[q.id] ?? [] })));
      }}
    >
      {attempt.questions.map((question, index) => {
        const result = question.result;
        const picked = result ? result.chosenOptionIds : (chosen[question.id] ?? []);
        return (
          <fieldset
            key={question.id}
            className={cn(
              "rounded-2xl border bg-surface p-5",
              result ? (result.correct ? "border-plug/50" : "border-rug/50") : "border-border",
            )}
          >
            <legend className="sr-only">Question {index + 1}</legend>
            <div className="flex items-start justify-between gap-3">
              <p className="font-semibold text-pretty">
                <span className="text-muted">{index + 1}. </span>
                {question.prompt}
              </p>
              {result ? (
                result.correct ? (
                  <span className="flex items-center gap-1 text-sm font-semibold whitespace-nowrap text-plug">
                    <CheckCircle2 className="size-4" aria-hidden /> Right
                  </span>
                ) : (
                  <span className="flex items-center gap-1 text-sm font-semibold whitespace-nowrap text-rug">
                    <XCircle className="size-4" aria-hidden /> Wrong
                  </span>
                )
              ) : null}
            </div>
            {question.multiple ? (
              <p className="mt-1 text-xs text-muted">Choose every answer that applies.</p>
            ) : null}
            <div className="mt-3 flex flex-col gap-2">
              {question.options.map((option) => {
                const isPicked = picked.includes(option.id);
                const isRight = result?.correctOptionIds.includes(option.id) ?? false;
                return (
                  <label
                    key={option.id}
                    className={cn(
                      "flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors",
                      result
                        ? isRight
                          ? "border-plug/60 bg-plug-soft"
                          : isPicked
                            ? "border-rug/60 bg-rug-soft"
                            : "border-border"
                        : isPicked
                          ? "border-accent bg-accent-soft"
                          : "border-border hover:bg-surface-2",
                      submitted && "cursor-default",
                    )}
                  >
                    <input
                      type={question.multiple ? "checkbox" : "radio"}
                      name={question.id}
                      value={option.id}
                      checked={isPicked}
                      disabled={submitted || disabled}
                      onChange={() => toggle(question.id, option.id, question.multiple)}
                      className="size-4 accent-[var(--accent)]"
                    />
                    <span className="flex-1">{option.text}</span>
                    {result && isRight ? (
                      <span className="text-xs font-semibold text-plug">Correct answer</span>
                    ) : null}
                  </label>
                );
              })}
            </div>
            {result?.explanation ? (
              <p className="mt-3 rounded-xl bg-surface-2 px-3 py-2 text-sm text-pretty">
                <span className="font-semibold">Why: </span>
                {result.explanation}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      {submitted ? null : (
        <div className="flex flex-col items-start gap-2">
          <Button
            type="submit"
            size="lg"
            busy={busy}
            busyLabel="Submitting..."
            disabled={!answered || disabled}
          >
            Submit answers
          </Button>
          {!answered ? <p className="text-sm text-muted">Answer every question to submit.</p> : null}
        </div>
      )}
    </form>
  );
}

/** The outcome above a submitted attempt: pass or fail, the score, the points this submit paid. */
export function AttemptOutcome({ attempt }: { attempt: TAttempt }) {
  if (attempt.submittedAt === null || attempt.passed === null) return null;
  return (
    <div
      role="status"
      className={cn(
        "rounded-2xl border p-5",
        attempt.passed ? "border-plug/50 bg-plug-soft" : "border-rug/50 bg-rug-soft",
      )}
    >
      <p className={cn("text-lg font-bold", attempt.passed ? "text-plug" : "text-rug")}>
        {attempt.passed ? "Passed" : "Not passed yet"}: {attempt.score} of {attempt.total} right (
        {attempt.percent}%)
      </p>
      <p className="mt-1 text-sm">
        Pass mark {attempt.passPercent}%.
        {attempt.pointsEarned > 0 ? ` You earned ${attempt.pointsEarned} points.` : ""}
      </p>
    </div>
  );
}
