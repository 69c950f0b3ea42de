import { M, type TCommunityDetail } from "@plugs/domain";
import { ArrowLeft, CalendarDays, Crown, ScrollText } from "lucide-react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatDate } from "../../lib/format.ts";
import { usePageTitle } from "../site/queries.ts";
import { CommunityHeader } from "./community-header.tsx";
import { CommunityPosts } from "./community-posts.tsx";
import { MembersSheet, useMembersSheet } from "./members-sheet.tsx";
import { useCommunity } from "./queries.ts";

function CommunityNotFound() {
  usePageTitle(M.communities.notFound);
  return (
    <section className={PAGE_WIDTH.message}>
      <p className="text-sm font-semibold text-accent">404</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{M.communities.notFound}</h1>
      <p className="mt-3 text-muted">The community may have been renamed, or the address mistyped.</p>
      <Button asChild variant="secondary" className="mt-8">
        <Link to="/plugfeed?tab=communities">
          <ArrowLeft aria-hidden /> All communities
        </Link>
      </Button>
    </section>
  );
}

/** The side column: the rules members agreed to, when it was made, and who runs it. */
function CommunityAbout({ community }: { community: TCommunityDetail }) {
  const rules = community.rules?.trim();
  return (
    <aside className="flex flex-col gap-4">
      <section aria-labelledby="rules-heading" className="rounded-2xl border border-border bg-surface p-5">
        <h2 id="rules-heading" className="flex items-center gap-2 font-semibold">
          <ScrollText className="size-4 text-accent" aria-hidden /> {M.communities.rulesTitle}
        </h2>
        <p className="mt-3 text-sm leading-relaxed break-words whitespace-pre-wrap">
          {rules || <span className="text-muted">{M.communities.noRules}</span>}
        </p>
      </section>
      <section aria-label="About" className="rounded-2xl border border-border bg-surface p-5 text-sm">
        <p className="flex items-center gap-2 text-muted">
          <CalendarDays className="size-4" aria-hidden /> Created {formatDate(community.createdAt)}
        </p>
        {community.creators.length > 0 ? (
          <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
            <Crown className="size-4 text-accent" aria-hidden />
            {community.creators.length === 1 ? "Creator" : "Creators"}:
            {community.creators.map((c) => (
              <Link
                key={c.id}
                to={`/user/${encodeURIComponent(c.username)}`}
                className="font-medium text-foreground hover:underline"
              >
                {c.username}
              </Link>
            ))}
          </p>
        ) : null}
      </section>
    </aside>
  );
}

/**
 * A community's page: banner, avatar, name, members, description, Join or Leave, the rules, and its posts with
 * Create Post in Community for members. `onMembers` opens the members list.
 */
export function CommunityView({
  community,
  onMembers,
}: {
  community: TCommunityDetail;
  onMembers?: () => void;
}) {
  return (
    <div className={PAGE_WIDTH.wide}>
      <Link
        to="/plugfeed?tab=communities"
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> All communities
      </Link>
      <CommunityHeader community={community} level="h1" onMembers={onMembers} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <section aria-labelledby="posts-heading" className="order-2 min-w-0 lg:order-1">
          <h2 id="posts-heading" className="mb-3 text-lg font-semibold">
            Posts
          </h2>
          <CommunityPosts key={community.id} community={community} />
        </section>
        <div className="order-1 lg:order-2">
          <CommunityAbout community={community} />
        </div>
      </div>
    </div>
  );
}

/** /communities/:slugOrId */
export default function CommunityPage() {
  const { slugOrId = "" } = useParams();
  const query = useCommunity(slugOrId);
  const members = useMembersSheet();
  usePageTitle(query.data?.name ?? "Community");

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <CommunityNotFound />;
    return (
      <div className={PAGE_WIDTH.reading}>
        <LoadError
          title={M.communities.feedFailed(query.error.message)}
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      </div>
    );
  }
  return (
    <>
      <CommunityView community={query.data} onMembers={() => members.open(query.data.id)} />
      <MembersSheet {...members.sheetProps} />
    </>
  );
}
