import type { ReactNode } from "react";
import { cn } from "../lib/cn.ts";
import { LoadError } from "./load-error.tsx";
import { Spinner } from "./ui/spinner.tsx";

/** An admin list with nothing to show: a dashed box with what to do next. */
export function AdminEmpty({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      className={cn(
        "rounded-2xl border border-dashed border-border bg-surface p-6 text-center text-sm text-muted",
        className,
      )}
    >
      {children}
    </p>
  );
}

/**
 * An admin list's states: a spinner while pending, the failure with Retry, the empty box, else `children` with the
 * data. Every admin list reads alike this way.
 */
export function AdminListStates<T>({
  query,
  loading,
  failed,
  isEmpty,
  empty,
  children,
}: {
  query: {
    isPending: boolean;
    isFetching: boolean;
    error: Error | null;
    data: T | undefined;
    refetch: () => unknown;
  };
  /** The spinner's label, e.g. 'Loading articles'. */
  loading: string;
  /** What the failure says; the server's words when left out. */
  failed?: string;
  isEmpty: (data: T) => boolean;
  /** The empty box (see AdminEmpty). */
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} className="text-accent" />;
  if (query.error || query.data === undefined) {
    return (
      <LoadError
        look="inset"
        title={failed ?? query.error?.message ?? ""}
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
      />
    );
  }
  return isEmpty(query.data) ? empty : children(query.data);
}

/** An admin list's rows: the count ('3 articles') when given, the list, and its pager or Show more below. */
export function AdminRows({
  label,
  count,
  footer,
  children,
}: {
  /** The list's accessible name, e.g. 'Articles'. */
  label: string;
  count?: { total: number; one: string; many: string };
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {count ? (
        <p className="text-sm text-muted">
          {count.total} {count.total === 1 ? count.one : count.many}
        </p>
      ) : null}
      <ul aria-label={label} className="flex flex-col gap-3">
        {children}
      </ul>
      {footer}
    </>
  );
}
