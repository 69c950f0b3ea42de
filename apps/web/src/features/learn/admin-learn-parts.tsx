import { cn } from "../../lib/cn.ts";

/** A course's state as a pill: published green, draft grey. */
export function CoursePill({ published }: { published: boolean }) {
  return (
    <span
      className={cn(
        "rounded-full px-2 py-0.5 text-xs font-semibold",
        published ? "bg-plug-soft text-plug" : "bg-surface-2 text-muted",
      )}
    >
      {published ? "Published" : "Draft"}
    </span>
  );
}
