import { M_LEARN } from "@plugs/domain";
import { ArrowLeft, ArrowRight, CheckCircle2, ListChecks } from "lucide-react";
import { Link, useParams } from "react-router";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { PROSE } from "../../components/prose.ts";
import { Button } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { refusalMessage } from "../../lib/api.ts";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { usePageTitle } from "../site/queries.ts";
import { formatMinutes, LearnLoadFailure } from "./learn-parts.tsx";
import { LessonVideo } from "./lesson-video.tsx";
import { useCompleteLesson, useLesson } from "./queries.ts";

/** /learn/course/{courseId}/lesson/{lessonId}: the lesson, its video, Mark as complete or its quiz, prev/next. */
export default function LessonPage() {
  const { courseId = "", lessonId = "" } = useParams();
  const query = useLesson(courseId, lessonId);
  const complete = useCompleteLesson();
  const requireAuth = useRequireAuth();
  usePageTitle(query.data?.title ?? "Learn");
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <LearnLoadFailure
        error={query.error}
        what="lesson"
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
      />
    );
  }
  const lesson = query.data;
  const base = `/learn/course/${lesson.courseSlug}`;
  const markComplete = () =>
    requireAuth(M_LEARN.signInToTrackProgress, () =>
      complete.mutate(lesson.id, {
        onSuccess: (done) =>
          toast.success(
            done.pointsEarned > 0 ? `Lesson complete: +${done.pointsEarned} points` : "Lesson complete",
          ),
        onError: (err) => toast.error(refusalMessage(err, "Could not mark the lesson complete")),
      }),
    );

  return (
    <div className={PAGE_WIDTH.reading}>
      <Link to={base} className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> {lesson.courseTitle}
      </Link>
      <header className="mt-4">
        <p className="text-sm font-semibold text-accent">
          Lesson {lesson.position} of {lesson.lessonCount} · {formatMinutes(lesson.minutes)}
        </p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{lesson.title}</h1>
      </header>
      {lesson.videoEmbedUrl ? <LessonVideo src={lesson.videoEmbedUrl} title={lesson.title} /> : null}
      <article
        className={`mt-2 ${PROSE}`}
        // The server rendered this from Markdown without raw HTML and sanitized it (features/learn/markdown.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server
        dangerouslySetInnerHTML={{ __html: lesson.html }}
      />

      <section aria-label="Your progress" className="mt-10 rounded-2xl border border-border bg-surface p-5">
        {lesson.quiz ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="flex items-center gap-2 font-semibold">
                {lesson.done ? (
                  <CheckCircle2 className="size-5 text-plug" aria-hidden />
                ) : (
                  <ListChecks className="size-5 text-accent" aria-hidden />
                )}
                {lesson.quiz.passed ? "Quiz passed" : "Check what you learned"}
              </p>
              <p className="mt-1 text-sm text-muted">
                {lesson.quiz.questionCount} questions · pass mark {lesson.quiz.passPercent}% · passing
                completes the lesson
              </p>
            </div>
            <Button asChild variant={lesson.quiz.passed ? "secondary" : "primary"}>
              <Link to={`${base}/lesson/${lesson.id}/quiz`}>
                {lesson.quiz.passed ? "Retake the quiz" : "Take the quiz"}
              </Link>
            </Button>
          </div>
        ) : lesson.done ? (
          <p className="flex items-center gap-2 font-semibold text-plug">
            <CheckCircle2 className="size-5" aria-hidden /> Lesson complete
          </p>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted">
              Finished reading? Mark the lesson as complete to track your progress.
            </p>
            <Button onClick={markComplete} busy={complete.isPending} busyLabel="Saving...">
              <CheckCircle2 aria-hidden /> Mark as complete
            </Button>
          </div>
        )}
      </section>

      <nav aria-label="Lessons" className="mt-6 grid gap-3 sm:grid-cols-2">
        {lesson.previous ? (
          <Link
            to={`${base}/lesson/${lesson.previous.id}`}
            className="rounded-xl border border-border bg-surface p-4 transition-colors hover:border-border-strong"
          >
            <span className="flex items-center gap-1 text-xs text-muted">
              <ArrowLeft className="size-3.5" aria-hidden /> Previous
            </span>
            <span className="mt-1 block font-medium">{lesson.previous.title}</span>
          </Link>
        ) : (
          <span className="hidden sm:block" />
        )}
        {lesson.next ? (
          <Link
            to={`${base}/lesson/${lesson.next.id}`}
            className="rounded-xl border border-border bg-surface p-4 text-right transition-colors hover:border-border-strong"
          >
            <span className="flex items-center justify-end gap-1 text-xs text-muted">
              Next <ArrowRight className="size-3.5" aria-hidden />
            </span>
            <span className="mt-1 block font-medium">{lesson.next.title}</span>
          </Link>
        ) : (
          <Link
            to={`${base}`}
            className="rounded-xl border border-border bg-surface p-4 text-right transition-colors hover:border-border-strong"
          >
            <span className="flex items-center justify-end gap-1 text-xs text-muted">
              Back to the course <ArrowRight className="size-3.5" aria-hidden />
            </span>
            <span className="mt-1 block font-medium">{lesson.courseTitle}</span>
          </Link>
        )}
      </nav>
    </div>
  );
}
