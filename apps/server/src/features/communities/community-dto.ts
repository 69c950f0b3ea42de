import type {
  TCommunityDetail,
  TCommunityMember,
  TCommunityRole,
  TCommunitySummary,
  TMemberStatus,
  TMembership,
} from "@plugs/domain";
import { and, asc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { TDb } from "../../db/client.ts";
import { communities, communityMembers, profiles } from "../../db/schema/index.ts";
import { isUuid, notBanned } from "../posts/visibility.ts";
import { UNKNOWN_USER } from "../profiles/author-dto.ts";

/** The columns of a community row a summary or detail is made from, with the viewer's membership (left join). */
export const communityColumns = {
  id: communities.id,
  name: communities.name,
  slug: communities.slug,
  description: communities.communityDescription,
  rules: communities.communityRules,
  rulesVersion: communities.rulesVersion,
  creatorId: communities.creatorId,
  avatarUrl: communities.communityAvatarUrl,
  bannerUrl: communities.communityBannerUrl,
  memberCount: communities.memberCount,
  createdAt: communities.createdAt,
  updatedAt: communities.updatedAt,
  suspendedAt: communities.suspendedAt,
  memberRole: communityMembers.role,
  memberStatus: communityMembers.status,
};

export type TCommunityRow = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  rules: string | null;
  rulesVersion: number;
  creatorId: string | null;
  avatarUrl: string | null;
  bannerUrl: string | null;
  memberCount: number;
  createdAt: Date;
  updatedAt: Date;
  suspendedAt: Date | null;
  memberRole: TCommunityRole | null;
  memberStatus: TMemberStatus | null;
};

/** The left join that brings the viewer's own membership row (none for a visitor). */
export function viewerMembershipJoin(viewerId: string | null): SQL {
  if (!viewerId) return sql`false`;
  return and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, viewerId)) as SQL;
}

function membershipOf(row: TCommunityRow): TMembership | null {
  return row.memberRole && row.memberStatus ? { role: row.memberRole, status: row.memberStatus } : null;
}

/** The one mapper from a community row to a list card (never a raw row). */
export function toCommunitySummary(row: TCommunityRow): TCommunitySummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    avatarUrl: row.avatarUrl,
    bannerUrl: row.bannerUrl,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
    membership: membershipOf(row),
  };
}

export function toCommunityDetail(
  row: TCommunityRow,
  creators: { id: string; username: string }[],
): TCommunityDetail {
  return {
    ...toCommunitySummary(row),
    rules: row.rules,
    rulesVersion: row.rulesVersion,
    creatorId: row.creatorId,
    creators: creators.map((c) => ({ id: c.id, username: c.username })),
    suspended: row.suspendedAt !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `slugOrId` is a community's slug or its id (a uuid); a slug is matched in lower case. */
function communityKey(slugOrId: string): SQL {
  const slug = eq(communities.slug, slugOrId.toLowerCase());
  return isUuid(slugOrId) ? (or(eq(communities.id, slugOrId), slug) as SQL) : slug;
}

/**
 * A community's detail as the viewer sees it (anyone may see a community's details), with its creators'
 * usernames (not those under a site ban): two queries. Null when there is no such community, or an admin removed it.
 */
export async function loadCommunityDetail(
  db: TDb,
  slugOrId: string,
  viewerId: string | null,
): Promise<TCommunityDetail | null> {
  const [row] = await db
    .select(communityColumns)
    .from(communities)
    .leftJoin(communityMembers, viewerMembershipJoin(viewerId))
    .where(and(communityKey(slugOrId), isNull(communities.removedAt)))
    .limit(1);
  if (!row) return null;
  const creators = await db
    .select({ id: communityMembers.userId, username: profiles.username })
    .from(communityMembers)
    .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
    .where(
      and(
        eq(communityMembers.communityId, row.id),
        eq(communityMembers.role, "creator"),
        eq(communityMembers.status, "active"),
        notBanned(sql`${communityMembers.userId}`),
      ),
    )
    .orderBy(asc(communityMembers.joinedAt));
  return toCommunityDetail(row, creators);
}

export type TMemberRow = {
  id: string;
  userId: string;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  isVerified: boolean | null;
  role: TCommunityRole;
  status: TMemberStatus;
  joinedAt: Date;
  followedByMe: boolean;
};

/** The one mapper from a membership row (joined to the profile) to a member in the sheet. */
export function toCommunityMember(row: TMemberRow): TCommunityMember {
  return {
    id: row.id,
    userId: row.userId,
    username: row.username ?? UNKNOWN_USER,
    displayName: row.displayName ?? null,
    avatarUrl: row.avatarUrl ?? null,
    role: row.role,
    status: row.status,
    joinedAt: row.joinedAt.toISOString(),
    isVerified: row.isVerified ?? false,
    followedByMe: row.followedByMe,
  };
}

/** The columns of a member row, with "does the viewer follow them" as a subquery (no query per member). */
export function memberColumns(viewerId: string | null) {
  return {
    id: communityMembers.id,
    userId: communityMembers.userId,
    username: profiles.username,
    displayName: profiles.displayName,
    avatarUrl: profiles.avatarUrl,
    isVerified: profiles.isVerified,
    role: communityMembers.role,
    status: communityMembers.status,
    joinedAt: communityMembers.joinedAt,
    followedByMe: viewerId
      ? sql<boolean>`exists (select 1 from follows f
          where f.follower_id = ${viewerId} and f.followed_id = ${communityMembers.userId})`
      : sql<boolean>`false`,
  };
}

/** One member by membership id, for the answer to a change. */
export async function loadMember(db: TDb, memberId: string, viewerId: string | null) {
  const [row] = await db
    .select(memberColumns(viewerId))
    .from(communityMembers)
    .leftJoin(profiles, eq(profiles.id, communityMembers.userId))
    .where(eq(communityMembers.id, memberId));
  return row ? toCommunityMember(row) : null;
}

/** `term` for ILIKE '%term%', with LIKE's own characters taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
