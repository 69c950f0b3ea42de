import { M } from "@plugs/domain";
import { ArrowLeft, FileQuestion } from "lucide-react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { ApiError } from "../../lib/api.ts";
import { usePageTitle } from "../site/queries.ts";
import { CommentsArea } from "./comments-area.tsx";
import { PostCard, PostCardSkeleton } from "./post-card.tsx";
import { usePost } from "./queries.ts";

/** /posts/:id: the whole post, a way back, and its comments area. */
export default function PostPage() {
  const { id = "" } = useParams();
  const post = usePost(id);
  const notFound = post.isError && post.error instanceof ApiError && post.error.status === 404;
  usePageTitle(notFound ? M.posts.notFound : post.data ? `Post by ${post.data.author.username}` : "Post");

  const back = post.data?.communitySlug
    ? { to: `/communities/${encodeURIComponent(post.data.communitySlug)}`, label: "Back to Community" }
    : { to: "/plugfeed", label: "Back to PlugFeed" };

  return (
    <div className={PAGE_WIDTH.reading}>
      <Link
        to={back.to}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {back.label}
      </Link>
      {post.isPending ? (
        <div className="mt-4">
          <h1 className="sr-only">Post</h1>
          <PostCardSkeleton />
        </div>
      ) : notFound ? (
        <div className="mt-10 flex flex-col items-center text-center">
          <FileQuestion className="size-10 text-muted" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold">{M.posts.notFound}</h1>
          <p className="mt-2 text-muted">{M.posts.notFoundDetail}</p>
          <Button asChild className="mt-6">
            <Link to="/plugfeed">Go to PlugFeed</Link>
          </Button>
        </div>
      ) : post.isError ? (
        <div className="mt-4">
          <h1 className="sr-only">Post</h1>
          <LoadError title={M.posts.loadFailed} onRetry={() => void post.refetch()} busy={post.isFetching} />
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-6">
          <h1 className="sr-only">Post by {post.data.author.username}</h1>
          <PostCard post={post.data} variant="full" />
          <CommentsArea post={post.data} />
        </div>
      )}
    </div>
  );
}
