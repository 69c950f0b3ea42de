import { M_LEARN, type TCourseDetail } from "@plugs/domain";
import { ArrowLeft, CheckCircle2, Circle, ClipboardCheck, ListChecks, Lock } from "lucide-react";
import { Link, useParams } from "react-router";
import { Countdown } from "../../components/countdown.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { usePageTitle } from "../site/queries.ts";
import {
  CourseFacts,
  CourseProgressLine,
  formatMinutes,
  LearnLoadFailure,
  LevelBadge,
} from "./learn-parts.tsx";
import { useCourse } from "./queries.ts";

/** Where Start / Continue goes: the first lesson not done, else the exam (while no cool-down runs), else the lessons. */
function nextStep(course: TCourseDetail): { to: string; label: string } | null {
  const first = course.lessons[0];
  if (!first) return null;
  const pending = course.lessons.find((l) => !l.done);
  const base = `/learn/course/${course.slug}`;
  if (pending) {
    const started = course.lessons.some((l) => l.done);
    return { to: `${base}/lesson/${pending.id}`, label: started ? "Continue" : "Start course" };
  }
  const coolingDown = course.exam.retakeAt !== null && !course.exam.openAttemptId;
  if (course.exam.available && !course.progress?.certificateCode && !coolingDown)
    return { to: `${base}/exam`, label: "Take the exam" };
  return { to: `${base}/lesson/${first.id}`, label: "Review lessons" };
}

/** The exam's rules and the way in: Take / Resume, or while the cool-down runs a countdown (`onRetakeOpen` at its end). */
function ExamRules({ course, onRetakeOpen }: { course: TCourseDetail; onRetakeOpen: () => void }) {
  const exam = course.exam;
  if (!exam.available) return null;
  const certificate = course.progress?.certificateCode;
  return (
    <section aria-labelledby="exam-title" className="rounded-2xl border border-border bg-surface p-5">
      <h2 id="exam-title" className="flex items-center gap-2 text-lg font-bold">
        <ClipboardCheck className="size-5 text-accent" aria-hidden /> Final exam
      </h2>
      <ul className="mt-3 grid gap-1 text-sm text-muted">
        <li>
          {exam.questionCount} {exam.questionCount === 1 ? "question" : "questions"} drawn from the course's
          bank
        </li>
        <li>{exam.timeLimitMinutes} minutes, kept by the server</li>
        <li>Pass mark {exam.passPercent}%</li>
        <li>{exam.cooldownHours} hours between attempts</li>
        {exam.attemptsUsed > 0 ? (
          <li>
            Attempts so far: {exam.attemptsUsed}
            {exam.bestPercent !== null ? `, best ${exam.bestPercent}%` : ""}
          </li>
        ) : null}
      </ul>
      <div className="mt-4">
        {certificate ? (
          <Button asChild variant="secondary">
            <Link to={`/learn/certificates/${certificate}`}>View your certificate</Link>
          </Button>
        ) : !course.progress ? (
          <p className="text-sm text-muted">{M_LEARN.signInToTakeQuizzes}.</p>
        ) : !exam.unlocked ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Lock className="size-4" aria-hidden /> {M_LEARN.examLocked}.
          </p>
        ) : exam.retakeAt && !exam.openAttemptId ? (
          <p className="text-sm text-muted">
            You can retake the exam in <Countdown to={exam.retakeAt} ended="a moment" onEnd={onRetakeOpen} />.
          </p>
        ) : (
          <Button asChild>
            <Link to={`/learn/course/${course.slug}/exam`}>
              {exam.openAttemptId ? "Resume the exam" : "Take the exam"}
            </Link>
          </Button>
        )}
      </div>
    </section>
  );
}

/** /learn/course/{id}: the course outline with the learner's done marks, the exam's rules, Start / Continue. */
export default function CoursePage() {
  const { id = "" } = useParams();
  const query = useCourse(id);
  usePageTitle(query.data?.title ?? "Learn");
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <LearnLoadFailure
        error={query.error}
        what="course"
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
      />
    );
  }
  const course = query.data;
  const step = nextStep(course);
  return (
    <div className={PAGE_WIDTH.wide}>
      <Link to="/learn" className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> All courses
      </Link>
      <header className="mt-4 flex flex-col gap-3">
        <LevelBadge level={course.level} />
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{course.title}</h1>
        <p className="max-w-3xl text-base text-pretty text-muted sm:text-lg">{course.description}</p>
        <CourseFacts course={course} />
        <div className="max-w-md">
          <CourseProgressLine course={course} />
        </div>
        {step ? (
          <div>
            <Button asChild size="lg">
              <Link to={step.to}>{step.label}</Link>
            </Button>
          </div>
        ) : null}
      </header>
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="lessons-title">
          <h2 id="lessons-title" className="text-lg font-bold">
            Lessons
          </h2>
          <ol className="mt-3 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
            {course.lessons.map((lesson) => (
              <li key={lesson.id}>
                <Link
                  to={`/learn/course/${course.slug}/lesson/${lesson.id}`}
                  className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-surface-2"
                >
                  {lesson.done ? (
                    <CheckCircle2 className="size-5 shrink-0 text-plug" aria-label="Done" />
                  ) : (
                    <Circle className="size-5 shrink-0 text-muted" aria-label="Not done" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="text-sm text-muted">Lesson {lesson.position}</span>
                    <span className="block font-medium">{lesson.title}</span>
                  </span>
                  {lesson.hasQuiz ? (
                    <span className="hidden items-center gap-1 text-xs text-muted sm:flex">
                      <ListChecks className="size-4" aria-hidden /> Quiz
                    </span>
                  ) : null}
                  <span className="text-sm whitespace-nowrap text-muted">
                    {formatMinutes(lesson.minutes)}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </section>
        <aside>
          <ExamRules course={course} onRetakeOpen={() => void query.refetch()} />
        </aside>
      </div>
    </div>
  );
}
