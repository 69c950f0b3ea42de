import type { ReactNode } from "react";
import { PostCardSkeleton } from "./post-card.tsx";

const SKELETON_KEYS = ["first", "second", "third", "fourth", "fifth"];

/** Skeleton cards while a list loads (up to five). */
export function PostListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading posts" className="flex flex-col gap-4">
      {SKELETON_KEYS.slice(0, count).map((key) => (
        <PostCardSkeleton key={key} />
      ))}
    </div>
  );
}

/** A list's empty state. */
export function PostListEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-border-strong bg-surface/60 px-6 py-12 text-center">
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-2 text-sm text-muted">{children}</div> : null}
    </div>
  );
}
