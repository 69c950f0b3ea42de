import { ChevronLeft, ChevronRight, LogIn, ShieldCheck, UserPlus } from "lucide-react";
import { useSearchParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { openAuthPrompt } from "../auth/auth-prompt.ts";
import { useSession } from "../auth/session.ts";
import { usePageTitle } from "../site/queries.ts";
import { CreatePostForm } from "./composer/create-post-form.tsx";
import { PostCard } from "./post-card.tsx";
import { PostListEmpty, PostListSkeleton } from "./post-list-states.tsx";
import { usePostsPage } from "./queries.ts";

const GUIDELINES = [
  "Be respectful to other community members",
  "No spam or excessive self-promotion",
  "Keep discussions related to crypto and web3",
  "No hate speech, harassment or personal attacks",
  "Do not share private or sensitive information",
];

function Guidelines() {
  return (
    <section className="rounded-2xl border border-border bg-surface p-5">
      <h2 className="flex items-center gap-2 font-semibold">
        <ShieldCheck className="size-4 text-plug" aria-hidden /> Community Guidelines
      </h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm text-muted">
        {GUIDELINES.map((line) => (
          <li key={line} className="flex gap-2">
            <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}

function JoinCard() {
  return (
    <section className="rounded-2xl border border-accent/30 bg-accent-soft p-5">
      <h2 className="font-semibold">Join the Conversation</h2>
      <p className="mt-2 text-sm text-muted">
        Sign in or create an account to post, like and share with the community.
      </p>
      <div className="mt-4 flex gap-2">
        <Button className="flex-1" onClick={() => openAuthPrompt({ view: "signin" })}>
          <LogIn aria-hidden /> Sign In
        </Button>
        <Button variant="secondary" className="flex-1" onClick={() => openAuthPrompt({ view: "signup" })}>
          <UserPlus aria-hidden /> Sign Up
        </Button>
      </div>
    </section>
  );
}

/** /posts: every post the viewer may see, newest first, a numbered page at a time. */
export default function PostsPage() {
  usePageTitle("Community Posts");
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  // Page 1 has no cursor in the URL; another page is the cursor its neighbour gave.
  const cursor = params.get("cursor");
  const posts = usePostsPage(cursor);

  const goTo = (next: string | null) => {
    const search = new URLSearchParams(params);
    if (next) search.set("cursor", next);
    else search.delete("cursor");
    setParams(search);
    window.scrollTo({ top: 0 });
  };

  const page = posts.data?.page ?? 1;
  const pageCount = posts.data?.pageCount ?? 1;
  return (
    <div className={PAGE_WIDTH.wide}>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Community Posts</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          {/* On phones the side panel sits below the list; visitors see the way in first. */}
          {session ? null : (
            <div className="lg:hidden">
              <JoinCard />
            </div>
          )}
          {session ? (
            <section aria-label="New post" className="rounded-2xl border border-border bg-surface p-4 sm:p-5">
              <CreatePostForm onCreated={() => cursor && goTo(null)} />
            </section>
          ) : null}
          {posts.isPending ? (
            <PostListSkeleton />
          ) : posts.isError ? (
            <LoadError
              title="Error loading posts"
              onRetry={() => void posts.refetch()}
              busy={posts.isFetching}
            />
          ) : posts.data.items.length === 0 ? (
            <PostListEmpty title="No posts yet">
              {session
                ? "Be the first to share something with the community."
                : "Sign in to be the first to share something with the community."}
            </PostListEmpty>
          ) : (
            <>
              <h2 className="sr-only">Posts</h2>
              {posts.data.items.map((post) => (
                <PostCard key={post.id} post={post} autoPauseVideo headingLevel="h3" />
              ))}
            </>
          )}
          {posts.data && posts.data.total > 0 ? (
            <nav aria-label="Pages" className="flex items-center justify-between gap-3 pt-2">
              <Button
                variant="secondary"
                onClick={() => goTo(posts.data.previousCursor)}
                disabled={page <= 1 || posts.isFetching}
              >
                <ChevronLeft aria-hidden /> Previous
              </Button>
              <span className="text-sm text-muted tabular-nums" aria-live="polite">
                Page {page} of {pageCount}
                {posts.data.totalCapped ? "+" : ""}
              </span>
              <Button
                variant="secondary"
                onClick={() => goTo(posts.data.nextCursor)}
                disabled={!posts.data.nextCursor || posts.isFetching}
              >
                Next <ChevronRight aria-hidden />
              </Button>
            </nav>
          ) : null}
        </div>
        <div className="flex flex-col gap-4">
          {session ? null : (
            <div className="hidden lg:block">
              <JoinCard />
            </div>
          )}
          <Guidelines />
        </div>
      </div>
    </div>
  );
}
