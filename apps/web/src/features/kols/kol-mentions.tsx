import { postPreview } from "@plugs/domain";
import { MessagesSquare } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatDate } from "../../lib/format.ts";
import { useKolPosts } from "./queries.ts";

/** The latest PlugFeed posts that mention the KOL (only those the viewer may see), as short previews. */
export function KolMentions({ handle }: { handle: string }) {
  const posts = useKolPosts(handle, true);
  return (
    <section aria-labelledby="mentions-heading">
      <h2 id="mentions-heading" className="flex items-center gap-2 text-lg font-semibold">
        <MessagesSquare className="size-5 text-accent" aria-hidden /> On PlugFeed
      </h2>
      <div className="mt-3">
        {posts.isPending ? (
          <Spinner label="Loading posts" className="text-accent" />
        ) : posts.isError ? (
          <LoadError
            look="inset"
            title="Failed to load posts"
            onRetry={() => void posts.refetch()}
            busy={posts.isFetching}
          />
        ) : posts.data.items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border bg-surface p-5 text-sm text-muted">
            No posts mention @{handle} yet. Mention them in a post on{" "}
            <Link to="/plugfeed" className="font-semibold text-accent hover:underline">
              PlugFeed
            </Link>{" "}
            to start the conversation.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {posts.data.items.map((post) => (
              <li key={post.id}>
                <Link
                  to={`/posts/${post.id}`}
                  className="block rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-border-strong"
                >
                  <div className="flex items-center gap-2 text-sm">
                    <Avatar src={post.author.avatarUrl} name={post.author.username} className="size-7" />
                    <span className="font-semibold">{post.author.username}</span>
                    <time dateTime={post.createdAt} className="text-xs text-muted">
                      {formatDate(post.createdAt)}
                    </time>
                  </div>
                  <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line">
                    {postPreview(post.content).text}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
