import type { TCourseCard } from "@plugs/domain";
import { Award, GraduationCap } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { SettingsCard } from "../dashboard/settings-card.tsx";
import { CourseProgressLine } from "./learn-parts.tsx";
import { useCourses } from "./queries.ts";

function CourseLine({ course }: { course: TCourseCard }) {
  const certificate = course.progress?.certificateCode;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <Link to={`/learn/course/${course.slug}`} className="font-medium break-words hover:underline">
          {course.title}
        </Link>
        <div className="mt-1">
          <CourseProgressLine course={course} />
        </div>
      </div>
      {certificate ? (
        <Link
          to={`/learn/certificates/${certificate}`}
          className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium text-accent hover:underline"
        >
          <Award className="size-4" aria-hidden /> Certificate
        </Link>
      ) : null}
    </li>
  );
}

/**
 * /dashboard/learning: the member's courses in progress and completed, with their certificates. It reads the course
 * list (which carries the viewer's progress on each), so it needs no endpoint of its own.
 */
export function LearningSection() {
  const query = useCourses("", "");
  const started = (query.data?.items ?? []).filter((c) => c.progress && c.progress.lessonsDone > 0);
  const inProgress = started.filter((c) => !c.progress?.completedAt);
  const completed = started
    .filter((c) => c.progress?.completedAt)
    .sort((a, b) => (b.progress?.completedAt ?? "").localeCompare(a.progress?.completedAt ?? ""));
  const certificates = completed.filter((c) => c.progress?.certificateCode).length;
  return (
    <SettingsCard
      title="Learning"
      description={
        query.data && started.length > 0
          ? `${inProgress.length} in progress · ${completed.length} completed · ${certificates} ${certificates === 1 ? "certificate" : "certificates"}`
          : "Your courses and certificates."
      }
    >
      {query.isPending ? (
        <div className="h-24 animate-pulse rounded-xl bg-surface-2" />
      ) : query.isError ? (
        <LoadError
          title="Could not load your courses"
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : started.length === 0 ? (
        <p className="flex flex-wrap items-center gap-1.5 text-sm text-muted">
          <GraduationCap className="size-4" aria-hidden /> You have not started a course yet.{" "}
          <Link to="/learn" className="font-medium text-accent hover:underline">
            Browse the courses
          </Link>
        </p>
      ) : (
        <div className="flex flex-col gap-5">
          {inProgress.length > 0 ? (
            <section aria-labelledby="learning-progress-heading">
              <h3 id="learning-progress-heading" className="text-sm font-semibold">
                In progress
              </h3>
              <ul className="flex flex-col divide-y divide-border">
                {inProgress.map((course) => (
                  <CourseLine key={course.id} course={course} />
                ))}
              </ul>
            </section>
          ) : null}
          {completed.length > 0 ? (
            <section aria-labelledby="learning-done-heading">
              <h3 id="learning-done-heading" className="text-sm font-semibold">
                Completed
              </h3>
              <ul className="flex flex-col divide-y divide-border">
                {completed.map((course) => (
                  <CourseLine key={course.id} course={course} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </SettingsCard>
  );
}
