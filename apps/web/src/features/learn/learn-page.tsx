import { COURSE_LEVEL_LABELS, COURSE_LEVELS, type TCourseLevel } from "@plugs/domain";
import { useSearchParams } from "react-router";
import { CardGrid, CardGridItem, CardGridStates } from "../../components/card-grid.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { SearchBox } from "../../components/search-box.tsx";
import { cn } from "../../lib/cn.ts";
import { useUrlSearch } from "../../lib/use-url-search.ts";
import { usePageTitle } from "../site/queries.ts";
import { CourseCardView } from "./learn-parts.tsx";
import { useCourses } from "./queries.ts";

function levelOf(value: string | null): TCourseLevel | "" {
  return COURSE_LEVELS.includes(value as TCourseLevel) ? (value as TCourseLevel) : "";
}

/** /learn: the published courses as cards, filtered by level and a search kept in the address (?level=&q=). */
export default function LearnPage() {
  usePageTitle("Learn");
  const [params, setParams] = useSearchParams();
  const level = levelOf(params.get("level"));
  const q = params.get("q") ?? "";
  const [typed, setTyped] = useUrlSearch(q);
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
    <div className={PAGE_WIDTH.full}>
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
        <SearchBox
          label="Search courses"
          placeholder="Search courses..."
          value={typed}
          onChange={setTyped}
          maxLength={100}
          className="flex-1 sm:max-w-sm"
        />
      </div>

      <section aria-label="Courses" aria-busy={query.isFetching} className="mt-6">
        <CardGridStates
          query={query}
          skeletons={3}
          skeletonClassName="h-80"
          failed="Could not load the courses"
          isEmpty={(data) => data.items.length === 0}
          empty={{
            title: q || level ? "No courses match" : "No courses yet",
            text:
              q || level
                ? "Try another level or search."
                : "Courses will appear here once they are published.",
          }}
        >
          {(data) => (
            <CardGrid>
              {data.items.map((course) => (
                <CardGridItem key={course.id}>
                  <CourseCardView course={course} />
                </CardGridItem>
              ))}
            </CardGrid>
          )}
        </CardGridStates>
      </section>
    </div>
  );
}
