import { M_LEARN, type TAttempt } from "@plugs/domain";
import { ArrowLeft, ArrowRight, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError, refusalMessage } from "../../lib/api.ts";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { useSession } from "../auth/session.ts";
import { usePageTitle } from "../site/queries.ts";
import { AttemptForm, AttemptOutcome } from "./attempt-form.tsx";
import { LearnNotFound } from "./learn-parts.tsx";
import { useLesson, useStartQuiz, useSubmitAttempt } from "./queries.ts";

/**
 * /learn/course/{courseId}/lesson/{lessonId}/quiz: a member's open attempt at the quiz (started on arrival; a reload
 * gets the same one back), submitted once, then graded with explanations. Visitors are asked to sign in.
 */
export default function QuizPage() {
  const { courseId = "", lessonId = "" } = useParams();
  const lesson = useLesson(courseId, lessonId);
  const { session, isPending: sessionPending } = useSession();
  const requireAuth = useRequireAuth();
  const start = useStartQuiz();
  const submit = useSubmitAttempt();
  const [attempt, setAttempt] = useState<TAttempt | null>(null);
  usePageTitle(lesson.data ? `Quiz: ${lesson.data.title}` : "Quiz");

  const begin = () => {
    setAttempt(null);
    start.mutate(lessonId, { onSuccess: setAttempt });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once per lesson when a member arrives
  useEffect(() => {
    if (session && !attempt && start.isIdle) begin();
  }, [session, lessonId]);

  if (lesson.isPending || sessionPending) return <PageSpinner />;
  if (lesson.isError) {
    if (lesson.error instanceof ApiError && lesson.error.status === 404)
      return <LearnNotFound title={lesson.error.message} />;
    return (
      <div className={PAGE_WIDTH.reading}>
        <LoadError
          title="Could not load the quiz"
          onRetry={() => void lesson.refetch()}
          busy={lesson.isFetching}
        />
      </div>
    );
  }
  const base = `/learn/course/${lesson.data.courseSlug}`;
  if (!lesson.data.quiz) return <LearnNotFound title={M_LEARN.noQuiz} />;

  return (
    <div className={PAGE_WIDTH.reading}>
      <Link
        to={`${base}/lesson/${lesson.data.id}`}
        className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {lesson.data.title}
      </Link>
      <header className="mt-4">
        <p className="text-sm font-semibold text-accent">Quiz · pass mark {lesson.data.quiz.passPercent}%</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance">{lesson.data.title}</h1>
      </header>
      <div className="mt-6 flex flex-col gap-5">
        {!session ? (
          <div className="rounded-2xl border border-border bg-surface p-6 text-center">
            <p className="font-semibold">{M_LEARN.signInToTakeQuizzes}</p>
            <p className="mt-1 text-sm text-muted">
              Quizzes are graded on our server, and passing one completes the lesson and earns points.
            </p>
            <Button className="mt-4" onClick={() => requireAuth(M_LEARN.signInToTakeQuizzes, begin)}>
              Sign in
            </Button>
          </div>
        ) : start.isError ? (
          <LoadError
            title={refusalMessage(start.error, "Could not start the quiz")}
            onRetry={begin}
            busy={start.isPending}
          />
        ) : !attempt ? (
          <PageSpinner />
        ) : (
          <>
            <AttemptOutcome attempt={attempt} />
            <AttemptForm
              key={attempt.id}
              attempt={attempt}
              busy={submit.isPending}
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
            {attempt.submittedAt ? (
              <div className="flex flex-wrap gap-3">
                {!attempt.passed ? (
                  <Button onClick={begin} busy={start.isPending} busyLabel="Starting...">
                    <RotateCcw aria-hidden /> Try again
                  </Button>
                ) : null}
                {lesson.data.next ? (
                  <Button asChild variant={attempt.passed ? "primary" : "secondary"}>
                    <Link to={`${base}/lesson/${lesson.data.next.id}`}>
                      Next lesson <ArrowRight aria-hidden />
                    </Link>
                  </Button>
                ) : (
                  <Button asChild variant={attempt.passed ? "primary" : "secondary"}>
                    <Link to={base}>Back to the course</Link>
                  </Button>
                )}
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
