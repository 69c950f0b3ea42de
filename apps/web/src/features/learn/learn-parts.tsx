import { COURSE_LEVEL_LABELS, type TCourseCard, type TCourseLevel } from "@plugs/domain";
import { CheckCircle2, Clock, GraduationCap, Layers, Star } from "lucide-react";
import { Link } from "react-router";
import { PageLoadFailure } from "../../components/load-error.tsx";
import { NotFoundPanel } from "../../components/not-found-panel.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { cn } from "../../lib/cn.ts";
import { formatDay } from "../../lib/format.ts";

const LEVEL_TONES: Record<TCourseLevel, string> = {
  beginner: "bg-plug-soft text-plug",
  intermediate: "bg-accent-soft text-accent",
  advanced: "bg-rug-soft text-rug",
};

export function LevelBadge({ level }: { level: TCourseLevel }) {
  return (
    <span className={cn("w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold", LEVEL_TONES[level])}>
      {COURSE_LEVEL_LABELS[level]}
    </span>
  );
}

/** "12 min" or "1 h 5 min". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`;
}

/** A course's facts in a row: lessons, time, points on offer. */
export function CourseFacts({ course }: { course: TCourseCard }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
      <li className="flex items-center gap-1.5">
        <Layers className="size-4" aria-hidden /> {course.lessonCount}{" "}
        {course.lessonCount === 1 ? "lesson" : "lessons"}
      </li>
      <li className="flex items-center gap-1.5">
        <Clock className="size-4" aria-hidden /> {formatMinutes(course.minutes)}
      </li>
      <li className="flex items-center gap-1.5">
        <Star className="size-4" aria-hidden /> {course.points.toLocaleString("en-US")} points
      </li>
    </ul>
  );
}

/** The learner's standing in a course: Completed with the date, a progress bar, or nothing for a visitor. */
export function CourseProgressLine({ course }: { course: TCourseCard }) {
  const progress = course.progress;
  if (!progress) return null;
  if (progress.completedAt) {
    return (
      <p className="flex items-center gap-1.5 text-sm font-semibold text-plug">
        <CheckCircle2 className="size-4" aria-hidden /> Completed {formatDay(progress.completedAt)}
      </p>
    );
  }
  const share = progress.lessonCount ? progress.lessonsDone / progress.lessonCount : 0;
  return (
    <div className="flex items-center gap-3">
      <Progress value={share} label={`${course.title} progress`} />
      <span className="text-xs whitespace-nowrap text-muted">
        {progress.lessonsDone}/{progress.lessonCount} lessons
      </span>
    </div>
  );
}

export function CourseCover({ course, className }: { course: TCourseCard; className?: string }) {
  return course.coverUrl ? (
    <img src={course.coverUrl} alt="" className={cn("aspect-[16/9] w-full object-cover", className)} />
  ) : (
    <div
      aria-hidden
      className={cn(
        "flex aspect-[16/9] w-full items-center justify-center bg-gradient-to-br from-accent-soft to-surface-2",
        className,
      )}
    >
      <GraduationCap className="size-12 text-accent" />
    </div>
  );
}

export function CourseCardView({ course }: { course: TCourseCard }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-sm transition-colors hover:border-border-strong">
      <CourseCover course={course} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <LevelBadge level={course.level} />
        <h2 className="text-lg font-bold text-balance">
          <Link to={`/learn/course/${course.slug}`} className="hover:underline">
            {course.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-sm text-pretty text-muted">{course.description}</p>
        <div className="mt-auto flex flex-col gap-3">
          <CourseFacts course={course} />
          <CourseProgressLine course={course} />
        </div>
      </div>
    </article>
  );
}

/** A course, lesson or certificate that does not exist (or is not published): its own words, and a way back. */
export function LearnNotFound({ title }: { title: string }) {
  return <NotFoundPanel icon={GraduationCap} title={title} back="/learn" backLabel="Browse all courses" />;
}

/**
 * What a Learn page shows when its query failed: the not-found page for a 404 (unpublished, or a wrong link), else
 * "Could not load the {what}" with Retry.
 */
export function LearnLoadFailure(props: { error: Error; what: string; onRetry: () => void; busy: boolean }) {
  return <PageLoadFailure {...props} notFound={(title) => <LearnNotFound title={title} />} />;
}
