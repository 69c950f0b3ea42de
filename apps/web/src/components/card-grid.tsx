import type { ReactNode } from "react";
import { cn } from "../lib/cn.ts";
import { LoadError, type TQueryState } from "./load-error.tsx";

const GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

/** Cards in one, two or three columns, each stretched to its row's height. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <ul className={GRID}>{children}</ul>;
}

/** One card of a CardGrid. */
export function CardGridItem({ children }: { children: ReactNode }) {
  return (
    <li className="flex">
      <div className="flex-1">{children}</div>
    </li>
  );
}

/**
 * A public card list's states: pulsing placeholder cards while pending, the failure with Retry, the dashed empty
 * box (a title and a line), else `children` with the data.
 */
export function CardGridStates<T>({
  query,
  skeletons,
  skeletonClassName,
  failed,
  isEmpty,
  empty,
  children,
}: {
  query: TQueryState<T>;
  /** How many placeholder cards. */
  skeletons: number;
  /** A placeholder's height class, near a real card's. */
  skeletonClassName: string;
  /** E.g. 'Could not load the articles'. */
  failed: string;
  isEmpty: (data: T) => boolean;
  empty: { title: string; text: string };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className={GRID}>
        {Array.from({ length: skeletons }, (_, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders that never move
            key={i}
            className={cn("animate-pulse rounded-2xl border border-border bg-surface", skeletonClassName)}
          />
        ))}
      </div>
    );
  }
  if (query.error || query.data === undefined) {
    return <LoadError title={failed} onRetry={() => void query.refetch()} busy={query.isFetching} />;
  }
  if (isEmpty(query.data)) {
    return (
      <div className="rounded-2xl border border-dashed border-border bg-surface px-6 py-12 text-center">
        <p className="font-semibold">{empty.title}</p>
        <p className="mt-1 text-sm text-muted">{empty.text}</p>
      </div>
    );
  }
  return children(query.data);
}
