import { M, type TFeedSort, type TFeedTab } from "@plugs/domain";
import { ArrowUp } from "lucide-react";
import { useEffect, useRef } from "react";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { clearNewPosts, useNewPostsCount } from "../notifications/new-posts.ts";
import { PostCard } from "../posts/post-card.tsx";
import { PostListEmpty, PostListSkeleton } from "../posts/post-list-states.tsx";
import { useFeed } from "../posts/queries.ts";

const AUTO_LOAD_THRESHOLD = 0.1;

/** PlugFeed's list: pages follow the server's cursor; Load more, or scrolling to the bottom, fetches the next. */
export function FeedList({ tab, sort, signedIn }: { tab: TFeedTab; sort: TFeedSort; signedIn: boolean }) {
  const feed = useFeed(tab, sort);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const newPosts = useNewPostsCount();

  // Signals from before this list was loaded are already in it.
  useEffect(() => clearNewPosts(), []);

  const showNewPosts = () => {
    clearNewPosts();
    void feed.refetch();
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

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

  const pill =
    newPosts > 0 && tab === "all" ? (
      <div className="sticky top-20 z-10 flex justify-center">
        <Button size="sm" className="rounded-full shadow-panel" onClick={showNewPosts}>
          <ArrowUp aria-hidden /> {newPosts} new {newPosts === 1 ? "post" : "posts"}
        </Button>
      </div>
    ) : null;

  if (feed.isPending) return <PostListSkeleton />;
  if (feed.isError) {
    return (
      <LoadError title={M.posts.loadFailed} onRetry={() => void feed.refetch()} busy={feed.isFetching} />
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
    return (
      <div className="flex flex-col gap-4">
        {pill}
        <PostListEmpty title={message} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">Posts</h2>
      {pill}
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
