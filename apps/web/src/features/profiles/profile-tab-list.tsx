import type { ReactNode } from "react";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../lib/cn.ts";
import { PostListEmpty, PostListSkeleton } from "../posts/post-list-states.tsx";

/** What a profile tab needs of its infinite query (TanStack's result fits). */
type TPagedQuery<T> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: { pages: { items: T[] }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
};

/**
 * A profile tab's list, following the server's cursor: skeleton cards while it loads, `failed` with Retry, `empty`
 * when there is nothing, else the items (as `children` lays them out) and 'Load more' while there is more.
 */
export function ProfileTabList<T>({
  query,
  skeletons = 1,
  failed,
  empty,
  className,
  children,
}: {
  query: TPagedQuery<T>;
  skeletons?: number;
  failed: string;
  empty: string;
  /** The column's gap, e.g. 'gap-2'. */
  className?: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <PostListSkeleton count={skeletons} />;
  if (query.isError) {
    return <LoadError title={failed} onRetry={() => void query.refetch()} busy={query.isFetching} />;
  }
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) return <PostListEmpty title={empty} />;
  return (
    <div className={cn("flex flex-col", className)}>
      {children(items)}
      {query.hasNextPage ? (
        <div className="flex justify-center pt-2">
          <Button
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            busy={query.isFetchingNextPage}
            busyLabel="Loading..."
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
