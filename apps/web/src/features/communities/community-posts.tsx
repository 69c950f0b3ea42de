import { M, type TCommunityDetail } from "@plugs/domain";
import { Lock, PenSquare, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { keysetPager, Pager } from "../../components/pager.tsx";
import { Button } from "../../components/ui/button.tsx";
import { CreatePostForm } from "../posts/composer/create-post-form.tsx";
import { PostCard } from "../posts/post-card.tsx";
import { PostListEmpty, PostListSkeleton } from "../posts/post-list-states.tsx";
import { usePostsPage } from "../posts/queries.ts";
import { communityHref } from "./community-card.tsx";

/**
 * A community's posts, a numbered page at a time, with Create Post in Community for its members. The server shows
 * a community's posts to its active members only, so others are told to join rather than shown an empty list.
 */
export function CommunityPosts({
  community,
  headingLevel = "h3",
  linkToPage = false,
}: {
  community: TCommunityDetail;
  headingLevel?: "h2" | "h3";
  /** In the feed's panel, the empty state links to the community's own page. */
  linkToPage?: boolean;
}) {
  const member = community.membership?.status === "active";
  // Page 1 has no cursor; another page is the cursor its neighbour gave.
  const [cursor, setCursor] = useState<string | null>(null);
  const [composing, setComposing] = useState(false);
  const posts = usePostsPage(cursor, member ? community.id : undefined);

  if (!member) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border-strong bg-surface/60 px-6 py-10 text-center">
        <Lock className="size-6 text-muted" aria-hidden />
        <p className="font-semibold">
          {community.membership?.status === "banned"
            ? M.communities.bannedCannotJoin
            : `Join ${community.name} to see and share its posts.`}
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button
          variant={composing ? "secondary" : "primary"}
          aria-expanded={composing}
          onClick={() => setComposing(!composing)}
        >
          {composing ? (
            <>
              <X aria-hidden /> {M.communities.cancel}
            </>
          ) : (
            <>
              <PenSquare aria-hidden /> {M.communities.createPostInCommunity}
            </>
          )}
        </Button>
      </div>
      {composing ? (
        <section
          aria-label={`New post in ${community.name}`}
          className="rounded-2xl border border-border bg-surface p-4 sm:p-5"
        >
          <CreatePostForm
            autoFocus
            communityId={community.id}
            onCreated={() => {
              setComposing(false);
              setCursor(null);
            }}
          />
        </section>
      ) : null}
      {posts.isPending ? (
        <PostListSkeleton count={2} />
      ) : posts.isError ? (
        <LoadError
          title={M.communities.feedFailed(
            posts.error instanceof Error ? posts.error.message : M.generic.unexpected,
          )}
          onRetry={() => void posts.refetch()}
          busy={posts.isFetching}
        />
      ) : posts.data.items.length === 0 ? (
        <PostListEmpty title={M.communities.noPostsTitle}>
          {M.communities.noPostsText}
          {linkToPage ? (
            <>
              {" · "}
              <Link to={communityHref(community)} className="font-medium text-accent hover:underline">
                Open the community page
              </Link>
            </>
          ) : null}
        </PostListEmpty>
      ) : (
        <>
          {posts.data.items.map((post) => (
            <PostCard key={post.id} post={post} headingLevel={headingLevel} />
          ))}
          <Pager {...keysetPager(posts.data, setCursor, `${community.name} posts pages`)} />
        </>
      )}
    </div>
  );
}
