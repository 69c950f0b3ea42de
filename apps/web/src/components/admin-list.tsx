import type { ReactNode } from "react";
import { ApiError, isStalePage } from "../lib/api.ts";
import { cn } from "../lib/cn.ts";
import { LoadError, type TQueryState } from "./load-error.tsx";
import { Pager, type TPagerProps } from "./pager.tsx";
import { Button, type TButtonSize } from "./ui/button.tsx";
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
 * What an admin screen shows for what it loads: a spinner while pending; when it failed, the server's words for a
 * 404 or else `failed` (the server's words when left out), with Retry; the empty box; else `children` with the data.
 * A list on a page read by its cursor passes `onStale` (back to page 1): a cursor the server no longer reads
 * (isStalePage) then offers 'First page' instead of a Retry that would ask for the same page again.
 */
export function AdminQuery<T>({
  query,
  loading,
  failed,
  isEmpty,
  empty,
  onStale,
  children,
}: {
  query: TQueryState<T>;
  /** The spinner's label, e.g. 'Loading articles'. */
  loading: string;
  /** E.g. 'Could not load the articles'. */
  failed?: string;
  isEmpty?: (data: T) => boolean;
  /** The empty box (see AdminEmpty). */
  empty?: ReactNode;
  onStale?: () => void;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} className="text-accent" />;
  if (query.error || query.data === undefined) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return onStale && isStalePage(query.error) ? (
      <LoadError look="inset" title={query.error?.message ?? ""} onRetry={onStale} retryLabel="First page" />
    ) : (
      <LoadError
        look="inset"
        title={(notFound ? undefined : failed) ?? query.error?.message ?? ""}
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
      />
    );
  }
  return isEmpty?.(query.data) ? empty : children(query.data);
}

/** An infinite list's next page, once there is one. */
export function ShowMore({
  query,
  size,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  size?: TButtonSize;
}) {
  return query.hasNextPage ? (
    <Button
      variant="secondary"
      size={size}
      className="self-center"
      busy={query.isFetchingNextPage}
      busyLabel="Loading..."
      onClick={() => void query.fetchNextPage()}
    >
      Show more
    </Button>
  ) : null;
}

/** An admin list's rows: the count ('3 articles') when given, the list, and its pager or `footer` below. */
export function AdminRows({
  label,
  count,
  pager,
  footer,
  children,
}: {
  /** The list's accessible name, e.g. 'Articles'. */
  label: string;
  /** `more`: the total is a cap the list goes past ('1000+ members'). */
  count?: { total: number; more?: boolean; one: string; many: string };
  pager?: TPagerProps;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {count ? (
        <p className="text-sm text-muted">
          {count.total}
          {count.more ? "+" : ""} {count.total === 1 && !count.more ? count.one : count.many}
        </p>
      ) : null}
      <ul aria-label={label} className="flex flex-col gap-3">
        {children}
      </ul>
      {pager ? <Pager {...pager} /> : null}
      {footer}
    </>
  );
}
