import { M, type TFeedSort, type TFeedTab } from "@plugs/domain";
import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/button.tsx";
import { PostCard } from "../posts/post-card.tsx";
import { PostListEmpty, PostListError, PostListSkeleton } from "../posts/post-list-states.tsx";
import { useFeed } from "../posts/queries.ts";

const AUTO_LOAD_THRESHOLD = 0.1;

/** PlugFeed's list: pages follow the server's cursor; Load more, or scrolling to the bottom, fetches the next. */
export function FeedList({ tab, sort, signedIn }: { tab: TFeedTab; sort: TFeedSort; signedIn: boolean }) {
  const feed = useFeed(tab, sort);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { threshold: AUTO_LOAD_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (feed.isPending) return <PostListSkeleton />;
  if (feed.isError) {
    return (
      <PostListError title={M.posts.loadFailed} onRetry={() => void feed.refetch()} busy={feed.isFetching} />
    );
  }
  const posts = feed.data.pages.flatMap((p) => p.items);
  if (posts.length === 0) {
    const message =
      tab === "following"
        ? signedIn
          ? M.posts.emptyFollowing
          : M.posts.emptyFollowingSignedOut
        : M.posts.emptyFeed;
    return <PostListEmpty title={message} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">Posts</h2>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} autoPauseVideo headingLevel="h3" />
      ))}
      <div ref={sentinel} className="flex min-h-12 justify-center py-2">
        {hasNextPage ? (
          <Button
            variant="secondary"
            onClick={() => void fetchNextPage()}
            busy={isFetchingNextPage}
            busyLabel="Loading..."
          >
            Load more
          </Button>
        ) : (
          <p className="text-sm text-muted">You're all caught up.</p>
        )}
      </div>
    </div>
  );
}
