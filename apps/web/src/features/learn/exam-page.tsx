import { M_LEARN, type TAttempt } from "@plugs/domain";
import { ArrowLeft, Award, Timer } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { Countdown } from "../../components/countdown.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError, refusalMessage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useSecondsLeft } from "../../lib/use-seconds-left.ts";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { usePageTitle } from "../site/queries.ts";
import { AttemptForm, AttemptOutcome } from "./attempt-form.tsx";
import { LearnNotFound } from "./learn-parts.tsx";
import { useCourse, useStartExam, useSubmitAttempt } from "./queries.ts";

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/**
 * /learn/course/{courseId}/exam: the exam's rules and Start (which starts the server's clock), the questions with a
 * countdown to the server's deadline, then the graded result and, on a pass, the certificate.
 */
export default function ExamPage() {
  const { courseId = "" } = useParams();
  const course = useCourse(courseId);
  const requireAuth = useRequireAuth();
  const start = useStartExam();
  const submit = useSubmitAttempt();
  const [attempt, setAttempt] = useState<TAttempt | null>(null);
  const left = useSecondsLeft(attempt && !attempt.submittedAt ? attempt.deadlineAt : null);
  usePageTitle(course.data ? `Exam: ${course.data.title}` : "Exam");

  const begin = () =>
    requireAuth(M_LEARN.signInToTakeQuizzes, () =>
      start.mutate(courseId, {
        onSuccess: setAttempt,
        onError: (err) => toast.error(refusalMessage(err, "Could not start the exam")),
      }),
    );

  if (course.isPending) return <PageSpinner />;
  if (course.isError) {
    if (course.error instanceof ApiError && course.error.status === 404)
      return <LearnNotFound title={course.error.message} />;
    return (
      <div className={PAGE_WIDTH.reading}>
        <LoadError
          title="Could not load the exam"
          onRetry={() => void course.refetch()}
          busy={course.isFetching}
        />
      </div>
    );
  }
  const data = course.data;
  const exam = data.exam;
  const base = `/learn/course/${data.slug}`;
  const timeUp = attempt !== null && !attempt.submittedAt && left === 0;
  const certificate = attempt?.certificateCode ?? data.progress?.certificateCode ?? null;

  return (
    <div className={PAGE_WIDTH.reading}>
      <Link to={base} className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> {data.title}
      </Link>
      <header className="mt-4">
        <p className="text-sm font-semibold text-accent">Final exam</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance">{data.title}</h1>
      </header>

      {attempt && !attempt.submittedAt ? (
        <div
          role="timer"
          aria-live="off"
          className={cn(
            "sticky top-16 z-10 mt-6 flex items-center justify-between rounded-xl border bg-surface px-4 py-3 shadow-sm",
            left < 60 ? "border-rug/60 text-rug" : "border-border",
          )}
        >
          <span className="flex items-center gap-2 text-sm font-medium">
            <Timer className="size-4" aria-hidden /> Time left
          </span>
          <span className="font-mono text-lg font-bold tabular-nums">{clock(left)}</span>
        </div>
      ) : null}

      <div className="mt-6 flex flex-col gap-5">
        {!attempt ? (
          <section className="rounded-2xl border border-border bg-surface p-6">
            <ul className="grid gap-1 text-sm text-muted">
              <li>
                {exam.questionCount} {exam.questionCount === 1 ? "question" : "questions"}, drawn at random
                from the course's bank
              </li>
              <li>
                {exam.timeLimitMinutes} minutes from the moment you start; answers after that are not counted
              </li>
              <li>
                Pass mark {exam.passPercent}%; {exam.cooldownHours} hours between attempts
              </li>
            </ul>
            <div className="mt-5">
              {certificate ? (
                <Button asChild>
                  <Link to={`/learn/certificates/${certificate}`}>
                    <Award aria-hidden /> View your certificate
                  </Link>
                </Button>
              ) : !exam.available ? (
                <p className="text-sm text-muted">{M_LEARN.examNoQuestions}.</p>
              ) : data.progress && !exam.unlocked ? (
                <p className="text-sm text-muted">{M_LEARN.examLocked}.</p>
              ) : exam.retakeAt && !exam.openAttemptId ? (
                <p className="text-sm text-muted">
                  You can retake the exam in{" "}
                  <Countdown to={exam.retakeAt} ended="a moment" onEnd={() => void course.refetch()} />.
                </p>
              ) : (
                <Button size="lg" onClick={begin} busy={start.isPending} busyLabel="Starting...">
                  {exam.openAttemptId ? "Resume the exam" : "Start the exam"}
                </Button>
              )}
            </div>
          </section>
        ) : (
          <>
            <AttemptOutcome attempt={attempt} />
            {attempt.passed && certificate ? (
              <Button asChild size="lg" className="self-start">
                <Link to={`/learn/certificates/${certificate}`}>
                  <Award aria-hidden /> View your certificate
                </Link>
              </Button>
            ) : null}
            {timeUp ? (
              <p
                role="alert"
                className="rounded-xl border border-rug/50 bg-rug-soft px-4 py-3 text-sm font-medium text-rug"
              >
                {M_LEARN.deadlinePassed}.
              </p>
            ) : null}
            <AttemptForm
              key={attempt.id}
              attempt={attempt}
              busy={submit.isPending}
              disabled={timeUp}
              onSubmit={(answers) =>
                submit.mutate(
                  { id: attempt.id, answers },
                  {
                    onSuccess: (graded) => {
                      setAttempt(graded);
                      window.scrollTo({ top: 0 });
                    },
                    onError: (err) => toast.error(refusalMessage(err, "Could not submit your answers")),
                  },
                )
              }
            />
          </>
        )}
      </div>
    </div>
  );
}
