import { M, type TFollowListItem } from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, BadgeCheck, CalendarDays, Coins, Trophy, UserX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatDay, formatPlace } from "../../lib/format.ts";
import { useSession } from "../auth/session.ts";
import { ProfileCertificates } from "../learn/profile-certificates.tsx";
import { PostCard } from "../posts/post-card.tsx";
import { usePageTitle } from "../site/queries.ts";
import { FollowButton } from "./follow-button.tsx";
import { ProfileCard } from "./profile-header.tsx";
import { ProfileTabList } from "./profile-tab-list.tsx";
import { profileKeys, useFollowList, useProfile, useUserPosts } from "./queries.ts";
import { UserCommunities } from "./user-communities.tsx";
import { UserReports } from "./user-reports.tsx";

type TTab = "posts" | "followers" | "following" | "communities" | "reports";

function UserPosts({ username }: { username: string }) {
  return (
    <ProfileTabList
      query={useUserPosts(username, true)}
      skeletons={2}
      failed={M.posts.loadFailed}
      empty="No posts yet"
      className="gap-4"
    >
      {(items) => items.map((post) => <PostCard key={post.id} post={post} headingLevel="h3" />)}
    </ProfileTabList>
  );
}

function FollowRow({ user }: { user: TFollowListItem }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3">
      <Link
        to={`/user/${encodeURIComponent(user.username)}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg hover:underline"
      >
        <Avatar src={user.avatarUrl} name={user.username} />
        <span className="flex min-w-0 flex-col">
          {user.displayName ? <span className="truncate font-medium">{user.displayName}</span> : null}
          <span className={user.displayName ? "truncate text-xs text-muted" : "truncate font-medium"}>
            @{user.username}
          </span>
        </span>
        {user.isVerified ? (
          <BadgeCheck className="size-4 shrink-0 text-accent" aria-label="Verified" />
        ) : null}
      </Link>
      {user.isMe ? null : <FollowButton username={user.username} following={user.followedByMe} size="sm" />}
    </li>
  );
}

function FollowList({ username, direction }: { username: string; direction: "followers" | "following" }) {
  return (
    <ProfileTabList
      query={useFollowList(username, direction, true)}
      failed={`Failed to load ${direction}`}
      empty={direction === "followers" ? "No followers yet" : "Not following anyone yet"}
      className="gap-2"
    >
      {(users) => (
        <ul className="flex flex-col gap-2">
          {users.map((u) => (
            <FollowRow key={u.id} user={u} />
          ))}
        </ul>
      )}
    </ProfileTabList>
  );
}

function UserNotFound({ username }: { username: string }) {
  return (
    <section className={PAGE_WIDTH.message}>
      <span className="flex size-14 items-center justify-center rounded-2xl border border-border bg-surface text-muted shadow-panel">
        <UserX className="size-7" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold text-accent">404</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{M.follows.userNotFound}</h1>
      <p className="mt-3 text-base break-all text-muted">There is no member called @{username}.</p>
      <Button asChild className="mt-8">
        <Link to="/plugfeed">
          <ArrowLeft aria-hidden /> Back to PlugFeed
        </Link>
      </Button>
    </section>
  );
}

function Stat({ value, label, onClick }: { value: number; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="cursor-pointer rounded-lg text-sm text-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="font-semibold text-foreground">{value.toLocaleString()}</span> {label}
    </button>
  );
}

/** /user/:username: a member's public profile with their posts, followers, following and communities. */
export default function ProfilePage() {
  const { username = "" } = useParams();
  const profile = useProfile(username);
  const [tab, setTab] = useState<TTab>("posts");
  usePageTitle(profile.isError ? M.follows.userNotFound : `@${username}`);
  const viewerId = useSession().session?.user.id ?? null;
  const queryClient = useQueryClient();
  const lastViewer = useRef(viewerId);

  // Who is looking decides the Follow button and isMe: refetch once someone signs in or out here.
  useEffect(() => {
    if (lastViewer.current === viewerId) return;
    lastViewer.current = viewerId;
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  }, [viewerId, queryClient]);

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) {
      return <UserNotFound username={username} />;
    }
    return (
      <div className={PAGE_WIDTH.reading}>
        <LoadError
          title="Failed to load this profile"
          onRetry={() => void profile.refetch()}
          busy={profile.isFetching}
        />
      </div>
    );
  }
  const p = profile.data;
  return (
    <div className={PAGE_WIDTH.reading}>
      <ProfileCard
        profile={p}
        actions={
          p.isMe ? (
            <Button asChild variant="secondary" size="sm">
              <Link to="/user/profile">Edit Profile</Link>
            </Button>
          ) : (
            <FollowButton username={p.username} following={p.followedByMe} />
          )
        }
      >
        <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5">
            <Coins className="size-4 text-plug" aria-hidden />
            <span className="font-semibold text-foreground">{p.points.toLocaleString()}</span> points
          </span>
          {p.pointsRank ? (
            <Link
              to="/leaderboard"
              className="inline-flex items-center gap-1.5 rounded hover:text-foreground hover:underline"
            >
              <Trophy className="size-4 text-plug" aria-hidden />
              Rank{" "}
              <span className="font-semibold text-foreground">
                {formatPlace(p.pointsRank, p.pointsRankCapped)}
              </span>
            </Link>
          ) : null}
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden /> Joined {formatDay(p.joinedAt)}
          </span>
        </div>
        <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1" data-testid="follow-counts">
          <Stat
            value={p.followersCount}
            label={p.followersCount === 1 ? "Follower" : "Followers"}
            onClick={() => setTab("followers")}
          />
          <Stat value={p.followingCount} label="Following" onClick={() => setTab("following")} />
        </div>
        <ProfileCertificates username={p.username} />
      </ProfileCard>

      <Tabs value={tab} onValueChange={(v) => setTab(v as TTab)} className="mt-6">
        <TabsList aria-label="Profile" className="flex w-full overflow-x-auto sm:inline-flex sm:w-auto">
          <TabsTrigger value="posts" className="flex-1 shrink-0 whitespace-nowrap sm:flex-none">
            Posts
          </TabsTrigger>
          <TabsTrigger value="followers" className="flex-1 shrink-0 whitespace-nowrap sm:flex-none">
            Followers
          </TabsTrigger>
          <TabsTrigger value="following" className="flex-1 shrink-0 whitespace-nowrap sm:flex-none">
            Following
          </TabsTrigger>
          <TabsTrigger value="communities" className="flex-1 shrink-0 whitespace-nowrap sm:flex-none">
            Communities
          </TabsTrigger>
          <TabsTrigger value="reports" className="flex-1 shrink-0 whitespace-nowrap sm:flex-none">
            KOL reports
          </TabsTrigger>
        </TabsList>
        <TabsContent value="posts" className="mt-5 focus-visible:outline-none">
          <UserPosts username={p.username} />
        </TabsContent>
        <TabsContent value="followers" className="mt-5 focus-visible:outline-none">
          <FollowList username={p.username} direction="followers" />
        </TabsContent>
        <TabsContent value="following" className="mt-5 focus-visible:outline-none">
          <FollowList username={p.username} direction="following" />
        </TabsContent>
        <TabsContent value="communities" className="mt-5 focus-visible:outline-none">
          <UserCommunities username={p.username} />
        </TabsContent>
        <TabsContent value="reports" className="mt-5 focus-visible:outline-none">
          <UserReports username={p.username} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
