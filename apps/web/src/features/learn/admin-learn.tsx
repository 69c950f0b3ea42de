import { COURSE_LEVEL_LABELS, type TAdminCourseList } from "@plugs/domain";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Link, Route, Routes } from "react-router";
import { AdminEmpty, AdminQuery, AdminRows } from "../../components/admin-list.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { AdminCourseEditor } from "./admin-course-editor.tsx";
import { CoursePill } from "./admin-learn-parts.tsx";
import { AdminLessonEditor } from "./admin-lesson-editor.tsx";
import { useAdminCourses } from "./admin-queries.ts";

type TFilter = "all" | "published" | "drafts";
type TRow = TAdminCourseList["items"][number];

function CourseRow({ course }: { course: TRow }) {
  return (
    <Link
      to={`/admin/learn/${course.id}`}
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-border-strong focus-visible:outline-2 focus-visible:outline-accent"
    >
      <div className="flex flex-wrap items-center gap-2">
        <CoursePill published={course.published} />
        <span className="rounded-md bg-surface-2 px-1.5 py-0.5 text-xs font-medium text-muted">
          {COURSE_LEVEL_LABELS[course.level]}
        </span>
      </div>
      <span className="font-semibold break-words">{course.title}</span>
      <span className="flex flex-wrap gap-x-3 text-xs text-muted">
        <span className="font-mono">/learn/course/{course.slug}</span>
        <span>
          {course.lessonCount} {course.lessonCount === 1 ? "lesson" : "lessons"} · {course.minutes} min ·{" "}
          {course.points} points
        </span>
      </span>
    </Link>
  );
}

/** Every course, drafts too, newest first, with a filter by state. */
function CourseList() {
  const [filter, setFilter] = useState<TFilter>("all");
  const query = useAdminCourses();
  const items = (query.data?.items ?? []).filter((c) =>
    filter === "all" ? true : filter === "published" ? c.published : !c.published,
  );
  return (
    <section aria-labelledby="admin-learn-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-learn-heading" className="text-xl font-semibold">
          Learn
        </h2>
        <Button asChild size="sm">
          <Link to="/admin/learn/new">
            <Plus aria-hidden /> New course
          </Link>
        </Button>
      </div>
      <Tabs value={filter} onValueChange={(value) => setFilter(value as TFilter)}>
        <TabsList aria-label="Course state">
          <TabsTrigger value="all">All</TabsTrigger>
          <TabsTrigger value="published">Published</TabsTrigger>
          <TabsTrigger value="drafts">Drafts</TabsTrigger>
        </TabsList>
      </Tabs>
      <AdminQuery
        query={query}
        loading="Loading courses"
        failed="Could not load the courses"
        isEmpty={() => items.length === 0}
        empty={
          <AdminEmpty>
            {filter === "all"
              ? "No courses yet. Write the first one."
              : filter === "published"
                ? "No published courses."
                : "No drafts."}
          </AdminEmpty>
        }
      >
        {() => (
          <AdminRows label="Courses">
            {items.map((course) => (
              <li key={course.id}>
                <CourseRow course={course} />
              </li>
            ))}
          </AdminRows>
        )}
      </AdminQuery>
    </section>
  );
}

/**
 * The admin dashboard's Learn section: the courses at /admin/learn, a course (its details, exam settings, lessons and
 * exam bank) at /admin/learn/new and /admin/learn/:id, a lesson with its quiz at /admin/learn/:id/lessons/:lessonId.
 * The server refuses non-admins on every call.
 */
export function AdminLearn() {
  return (
    <Routes>
      <Route index element={<CourseList />} />
      <Route path="new" element={<AdminCourseEditor />} />
      <Route path=":id" element={<AdminCourseEditor />} />
      <Route path=":id/lessons/:lessonId" element={<AdminLessonEditor />} />
    </Routes>
  );
}
