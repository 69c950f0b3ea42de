import { M, type TPostDetail } from "@plugs/domain";
import { Ban, LogIn, MessageCircle, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { openAuthPrompt } from "../auth/auth-prompt.ts";
import { useSession } from "../auth/session.ts";
import { CommentForm } from "../comments/comment-form.tsx";
import { CommentThread } from "../comments/comment-item.tsx";
import { useComments } from "../comments/queries.ts";
import { useCommunity } from "../communities/queries.ts";

const SKELETON_KEYS = ["first", "second", "third"];

function CommentsSkeleton() {
  return (
    <div role="status" aria-label="Loading comments" className="flex flex-col gap-4">
      {SKELETON_KEYS.map((key) => (
        <div key={key} className="flex animate-pulse gap-3 motion-reduce:animate-none">
          <div className="size-9 shrink-0 rounded-full bg-surface-2" />
          <div className="flex-1 rounded-xl bg-surface-2 p-3">
            <div className="h-3 w-32 rounded bg-border" />
            <div className="mt-2 h-3 w-full rounded bg-border" />
            <div className="mt-1.5 h-3 w-2/3 rounded bg-border" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Who may comment on a community's post: its active members. Others who can still open the post (its author, after
 * leaving or being banned) are told why instead of getting a form the server would refuse.
 */
function CommunityCommentGate({ post }: { post: TPostDetail & { communitySlug: string } }) {
  const community = useCommunity(post.communitySlug);
  const membership = community.data?.membership;
  if (community.isPending) return <div className="h-10" role="status" aria-label="Loading" />;
  if (membership?.status === "active" || community.isError) return <CommentForm postId={post.id} />;
  if (membership?.status === "banned") {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-rug">
        <Ban className="size-4" aria-hidden /> {M.communities.bannedCannotJoin}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted">{M.comments.joinToComment}</p>
      <Button size="sm" asChild>
        <Link to={`/communities/${encodeURIComponent(post.communitySlug)}`}>
          <UserPlus aria-hidden /> {M.communities.joinCommunity}
        </Link>
      </Button>
    </div>
  );
}

/**
 * The post page's comments area: the form (or, for visitors, the sign-in line; for non-members of the post's
 * community, the join line), then the threads oldest first with one level of replies, a page at a time.
 */
export function CommentsArea({ post }: { post: TPostDetail }) {
  const { session } = useSession();
  const comments = useComments(post.id);
  const threads = comments.data?.pages.flatMap((p) => p.items) ?? [];
  const communitySlug = post.communitySlug;

  return (
    <section
      id="comments"
      aria-labelledby="comments-title"
      className="rounded-2xl border border-border bg-surface p-4 sm:p-5"
    >
      <h2 id="comments-title" className="flex items-center gap-2 font-semibold">
        <MessageCircle className="size-4 text-accent" aria-hidden /> Comments ({post.commentsCount})
      </h2>
      <div className="mt-3">
        {session && communitySlug ? (
          <CommunityCommentGate post={{ ...post, communitySlug }} />
        ) : session ? (
          <CommentForm postId={post.id} />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">{M.comments.signInToJoin}</p>
            <Button
              size="sm"
              onClick={() => openAuthPrompt({ view: "signin", reason: M.comments.signInToComment })}
            >
              <LogIn aria-hidden /> Sign In
            </Button>
          </div>
        )}
      </div>
      <div className="mt-5 border-t border-border pt-5">
        {comments.isPending ? (
          <CommentsSkeleton />
        ) : comments.isError && threads.length === 0 ? (
          <LoadError
            title="Failed to load comments"
            onRetry={() => void comments.refetch()}
            busy={comments.isFetching}
            look="inset"
          />
        ) : threads.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">{M.comments.none}</p>
        ) : (
          <>
            <ul aria-label="Comments" className="flex flex-col gap-5">
              {threads.map((thread) => (
                <CommentThread key={thread.id} thread={thread} postId={post.id} />
              ))}
            </ul>
            {comments.hasNextPage || comments.isFetchNextPageError ? (
              <div className="mt-5 flex flex-col items-center gap-2">
                {comments.isFetchNextPageError ? (
                  <p role="alert" className="text-sm text-rug">
                    Failed to load more comments
                  </p>
                ) : null}
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void comments.fetchNextPage()}
                  busy={comments.isFetchingNextPage}
                  busyLabel="Loading..."
                >
                  {comments.isFetchNextPageError ? "Retry" : "Load more comments"}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
