import type { THomePage, TKolCard } from "@plugs/domain";
import { ArrowRight, Heart, MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DateTime } from "../../components/date-time.tsx";
import { MemberName } from "../../components/member-name.tsx";
import { RankBadge } from "../../components/rank-badge.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { KolCard, KolCardSkeleton } from "../kols/kol-card.tsx";
import { useHome } from "./queries.ts";

function Section({
  id,
  title,
  to,
  linkLabel = "See all",
  children,
}: {
  id: string;
  title: string;
  to: string;
  linkLabel?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold tracking-tight">
          {title}
        </h2>
        <Link
          to={to}
          className="inline-flex shrink-0 items-center gap-1 rounded text-sm font-semibold text-accent hover:underline"
        >
          {linkLabel} <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-border bg-surface p-4 text-sm text-muted">
      {children}
    </p>
  );
}

function KolList({ items }: { items: TKolCard[] }) {
  if (items.length === 0) return <Empty>Nobody here yet.</Empty>;
  return (
    <ul className="flex flex-col gap-3">
      {items.map((kol) => (
        <li key={kol.id}>
          <KolCard kol={kol} />
        </li>
      ))}
    </ul>
  );
}

function RecentPosts({ posts }: { posts: THomePage["recentPosts"] }) {
  if (posts.length === 0) return <Empty>No posts yet. Be the first to say something on PlugFeed.</Empty>;
  return (
    <ul className="flex flex-col gap-3">
      {posts.map((post) => (
        <li key={post.id}>
          <Link
            to={`/posts/${post.id}`}
            className="flex gap-3 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-accent/50"
          >
            <Avatar src={post.author.avatarUrl} name={post.author.displayName ?? post.author.username} />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <MemberName
                  username={post.author.username}
                  displayName={post.author.displayName}
                  className="font-semibold"
                />
                <DateTime value={post.createdAt} className="text-xs text-muted" />
              </p>
              <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line">{post.content}</p>
              <p className="mt-2 flex gap-4 text-xs text-muted tabular-nums">
                <span className="inline-flex items-center gap-1">
                  <Heart className="size-3.5" aria-hidden /> {post.likesCount}
                  <span className="sr-only">likes</span>
                </span>
                <span className="inline-flex items-center gap-1">
                  <MessageCircle className="size-3.5" aria-hidden /> {post.commentsCount}
                  <span className="sr-only">comments</span>
                </span>
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Leaders({ leaders }: { leaders: THomePage["leaders"] }) {
  if (leaders.length === 0) return <Empty>Nobody has earned points yet.</Empty>;
  return (
    <ol className="divide-y divide-border rounded-2xl border border-border bg-surface">
      {leaders.map((leader) => (
        <li key={leader.username}>
          <Link
            to={`/user/${encodeURIComponent(leader.username)}`}
            className="flex items-center gap-3 px-4 py-3 hover:bg-surface-2"
          >
            <RankBadge rank={leader.rank} size="sm" />
            <Avatar src={leader.avatarUrl} name={leader.displayName ?? leader.username} className="size-8" />
            <MemberName
              username={leader.username}
              displayName={leader.displayName}
              className="flex-1 text-sm font-semibold"
            />
            <span className="text-sm font-semibold tabular-nums">{leader.points.toLocaleString()} pts</span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

/** Home: top KOLs, the latest plugs and rugs, recent PlugFeed posts and the leaderboard's top, from one request. */
export function HomeLists() {
  const query = useHome();
  const loading = <KolCardSkeleton />;
  const failed = <p className="text-sm text-muted">Could not load this list right now.</p>;
  const body = (render: (home: THomePage) => ReactNode) =>
    query.isPending ? loading : query.isError ? failed : render(query.data);
  return (
    <>
      <div className="grid gap-8 py-12 md:grid-cols-3">
        <Section id="home-top" title="Top KOLs" to="/top-kols">
          {body((home) => (
            <KolList items={home.topKols} />
          ))}
        </Section>
        <Section id="home-plugs" title="Latest plugs" to="/plugs">
          {body((home) => (
            <KolList items={home.latestPlugs} />
          ))}
        </Section>
        <Section id="home-rugs" title="Latest rugs" to="/rugs">
          {body((home) => (
            <KolList items={home.latestRugs} />
          ))}
        </Section>
      </div>
      <div className="grid gap-8 pb-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Section id="home-posts" title="Recent on PlugFeed" to="/plugfeed" linkLabel="Open PlugFeed">
          {body((home) => (
            <RecentPosts posts={home.recentPosts} />
          ))}
        </Section>
        <Section id="home-leaders" title="Leaderboard" to="/leaderboard" linkLabel="Full leaderboard">
          {body((home) => (
            <Leaders leaders={home.leaders} />
          ))}
        </Section>
      </div>
    </>
  );
}
