import { COURSE_LEVEL_LABELS, COURSE_LEVELS, type TCourseLevel } from "@plugs/domain";
import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Input } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { usePageTitle } from "../site/queries.ts";
import { CourseCardView } from "./learn-parts.tsx";
import { useCourses } from "./queries.ts";

const SKELETONS = ["a", "b", "c"];

function levelOf(value: string | null): TCourseLevel | "" {
  return COURSE_LEVELS.includes(value as TCourseLevel) ? (value as TCourseLevel) : "";
}

/** /learn: the published courses as cards, filtered by level and a search kept in the address (?level=&q=). */
export default function LearnPage() {
  usePageTitle("Learn");
  const [params, setParams] = useSearchParams();
  const level = levelOf(params.get("level"));
  const q = params.get("q") ?? "";
  const [typed, setTyped] = useState(q);
  const search = useDebouncedValue(typed, 300);
  useEffect(() => {
    if (search.trim() === q) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (search.trim()) next.set("q", search.trim());
        else next.delete("q");
        return next;
      },
      { replace: true },
    );
  }, [search, q, setParams]);
  const setLevel = (value: TCourseLevel | "") =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set("level", value);
      else next.delete("level");
      return next;
    });
  const query = useCourses(level, q);
  const levels: (TCourseLevel | "")[] = ["", ...COURSE_LEVELS];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        eyebrow="Learn"
        title="Learn to spot the rug before it's pulled"
        lead="Short courses on wallet safety and crypto research. Read the lessons, pass the quizzes and the final exam, and earn points and a certificate."
      />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <fieldset className="flex flex-wrap gap-1 rounded-xl border border-border bg-surface p-1 sm:w-max">
          <legend className="sr-only">Level</legend>
          {levels.map((value) => (
            <button
              key={value || "all"}
              type="button"
              aria-pressed={level === value}
              onClick={() => setLevel(value)}
              className={cn(
                "inline-flex h-8 cursor-pointer items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors",
                level === value
                  ? "bg-surface-2 text-foreground shadow-sm"
                  : "text-muted hover:text-foreground",
              )}
            >
              {value ? COURSE_LEVEL_LABELS[value] : "All levels"}
            </button>
          ))}
        </fieldset>
        <div className="relative flex-1 sm:max-w-sm">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search courses"
            placeholder="Search courses..."
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className="pl-9"
            maxLength={100}
          />
        </div>
      </div>

      <section aria-label="Courses" aria-busy={query.isFetching} className="mt-6">
        {query.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {SKELETONS.map((key) => (
              <div key={key} className="h-80 animate-pulse rounded-2xl border border-border bg-surface" />
            ))}
          </div>
        ) : query.isError ? (
          <LoadError
            title="Could not load the courses"
            onRetry={() => void query.refetch()}
            busy={query.isFetching}
          />
        ) : query.data.items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-border bg-surface px-6 py-12 text-center">
            <p className="font-semibold">{q || level ? "No courses match" : "No courses yet"}</p>
            <p className="mt-1 text-sm text-muted">
              {q || level
                ? "Try another level or search."
                : "Courses will appear here once they are published."}
            </p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {query.data.items.map((course) => (
              <li key={course.id} className="flex">
                <div className="flex-1">
                  <CourseCardView course={course} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
