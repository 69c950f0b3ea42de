import { M, type TCommunityDetail } from "@plugs/domain";
import {
  ArrowLeft,
  FileQuestion,
  ImageIcon,
  PencilLine,
  ShieldAlert,
  ShieldX,
  Trash2,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { ApiError, refusalMessage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { RequireSession, StatePanel } from "../auth/require-session.tsx";
import { useSession } from "../auth/session.ts";
import { RemoveCommunityForm } from "../moderation/remove-community-form.tsx";
import { SuspensionForm } from "../moderation/suspension-form.tsx";
import { usePageTitle } from "../site/queries.ts";
import { BrandingEditor } from "./branding-editor.tsx";
import { CommunityDetailsForm } from "./community-details-form.tsx";
import { isCreatorOf, MembersList } from "./members-list.tsx";
import { useCommunity } from "./queries.ts";

const communityLink = (slug: string) => `/communities/${encodeURIComponent(slug)}`;

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-2xl border border-border bg-surface p-4 shadow-sm sm:p-6 [&>h2_svg]:size-5"
    >
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function ManageCommunity({ community }: { community: TCommunityDetail }) {
  usePageTitle(`Manage ${community.name}`);
  const { session } = useSession();
  const isAdmin = session?.isAdmin === true;
  const creator = isCreatorOf(community);
  if (!creator && !isAdmin) {
    return (
      <StatePanel
        icon={<ShieldX aria-hidden className="text-rug" />}
        title={M.communities.creatorsOnlyEdit}
        text="Only the creators of this community can change its details and branding or manage its members."
        action={
          <Button asChild>
            <Link to={communityLink(community.slug)}>Back to Community</Link>
          </Button>
        }
      />
    );
  }
  return (
    <div className={cn(PAGE_WIDTH.reading, "flex flex-col gap-6")}>
      <div>
        <Link
          to={communityLink(community.slug)}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden /> Back to Community
        </Link>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance">Manage {community.name}</h1>
        <p className="mt-2 text-muted">Edit the community's details and branding, and manage its members.</p>
      </div>
      <Section icon={<PencilLine aria-hidden className="text-accent" />} title="Details">
        <CommunityDetailsForm community={community} />
      </Section>
      <Section icon={<ImageIcon aria-hidden className="text-accent" />} title="Branding">
        <BrandingEditor community={community} />
      </Section>
      {creator ? (
        <Section icon={<Users aria-hidden className="text-accent" />} title={M.communities.membersTitle}>
          <MembersList community={community} />
        </Section>
      ) : null}
      {isAdmin ? (
        <Section icon={<ShieldAlert aria-hidden className="text-rug" />} title="Suspension">
          <SuspensionForm community={community} />
        </Section>
      ) : null}
      {isAdmin ? (
        <Section icon={<Trash2 aria-hidden className="text-rug" />} title="Removal">
          <RemoveCommunityForm community={community} />
        </Section>
      ) : null}
    </div>
  );
}

/**
 * /communities/:slug/manage: for the community's creators, and for admins (details, branding and suspension; the
 * server refuses everyone else anyway).
 */
export default function ManageCommunityPage() {
  const { slug = "" } = useParams();
  return (
    <RequireSession reason="Sign in to manage this community" title="Manage Community">
      {() => <ManageCommunityLoader slug={slug} />}
    </RequireSession>
  );
}

function ManageCommunityLoader({ slug }: { slug: string }) {
  const community = useCommunity(slug);
  if (community.isPending) return <PageSpinner />;
  if (community.isError) {
    if (community.error instanceof ApiError && community.error.status === 404) {
      return (
        <StatePanel
          icon={<FileQuestion aria-hidden />}
          title={M.communities.notFound}
          text="There is no community at this address. It may have been renamed or removed."
          action={
            <Button asChild>
              <Link to="/plugfeed?tab=communities">Browse communities</Link>
            </Button>
          }
        />
      );
    }
    return (
      <div className={PAGE_WIDTH.reading}>
        <LoadError
          title={`Failed to load the community: ${refusalMessage(community.error, M.generic.unexpected)}`}
          onRetry={() => void community.refetch()}
          busy={community.isFetching}
        />
      </div>
    );
  }
  return <ManageCommunity community={community.data} />;
}
