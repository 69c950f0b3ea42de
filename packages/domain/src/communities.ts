import { z } from "zod";
import { M } from "./messages.ts";
import { ZKeysetPage } from "./pages.ts";
import type { TFileLike } from "./posts.ts";
import { zText } from "./text.ts";

/** The spec's numbers for communities (sections 8 and 9). */
export const COMMUNITY_LIMITS = {
  nameMin: 3,
  nameMax: 50,
  descriptionMin: 10,
  descriptionMax: 500,
  rulesMin: 10,
  rulesMax: 1000,
  pageSize: 10,
  maxPageSize: 50,
  membersPageSize: 10,
  /** A members list counts up to this many; past it the count line says "1000+". */
  membersCountCap: 1000,
  /** How far the community list counts (all, or a search's matches); past it `totalCapped`. */
  listCountCap: 1000,
  userSearchLimit: 10,
  userSearchMinLength: 2,
  /** Banner width : height. */
  bannerRatio: 3,
} as const;

export const COMMUNITY_SORTS = ["popular", "newest"] as const;
export const COMMUNITY_ROLES = ["member", "creator"] as const;
export const MEMBER_STATUSES = ["active", "banned"] as const;
export const BRANDING_TYPES = ["avatar", "banner"] as const;
export type TCommunitySort = (typeof COMMUNITY_SORTS)[number];
export type TCommunityRole = (typeof COMMUNITY_ROLES)[number];
export type TMemberStatus = (typeof MEMBER_STATUSES)[number];
export type TBrandingType = (typeof BRANDING_TYPES)[number];

// PostgreSQL text cannot hold NUL characters; they carry no meaning here, so they are dropped before the checks.
const clean = (s: string) => s.replaceAll("\u0000", "").trim();

export const ZCommunityName = zText({ error: M.communities.nameMin })
  .transform(clean)
  .pipe(
    zText()
      .min(COMMUNITY_LIMITS.nameMin, M.communities.nameMin)
      .max(COMMUNITY_LIMITS.nameMax, M.communities.nameMax)
      // ASCII letters, as the slug rule keeps only those: a name of other letters would have no slug.
      .regex(/^[A-Za-z0-9 ]+$/, M.communities.nameChars),
  );

export const ZCommunityDescription = zText({ error: M.communities.descriptionMin })
  .transform(clean)
  .pipe(
    zText()
      .min(COMMUNITY_LIMITS.descriptionMin, M.communities.descriptionMin)
      .max(COMMUNITY_LIMITS.descriptionMax, M.communities.descriptionMax),
  );

export const ZCommunityRules = zText({ error: M.communities.rulesMin })
  .transform(clean)
  .pipe(
    zText()
      .min(COMMUNITY_LIMITS.rulesMin, M.communities.rulesMin)
      .max(COMMUNITY_LIMITS.rulesMax, M.communities.rulesMax),
  );

function isFileLike(value: unknown): value is TFileLike {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as TFileLike).name === "string" &&
    typeof (value as TFileLike).size === "number" &&
    (value as TFileLike).size > 0
  );
}

/**
 * Creating a community. The dialog validates with it before sending; the server validates again, then checks the
 * two images by their bytes when it stores them.
 */
export const ZCreateCommunityRequest = z.object({
  name: ZCommunityName,
  description: ZCommunityDescription,
  rules: ZCommunityRules,
  avatar: z.custom<TFileLike>(isFileLike, M.communities.avatarRequired),
  banner: z.custom<TFileLike>(isFileLike, M.communities.bannerRequired),
});
export type TCreateCommunityRequest = z.infer<typeof ZCreateCommunityRequest>;

/** Editing a community (creators): any of name, description and rules. */
export const ZUpdateCommunityRequest = z
  .object({
    name: ZCommunityName.optional(),
    description: ZCommunityDescription.optional(),
    rules: ZCommunityRules.optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.rules !== undefined, {
    message: M.communities.nothingToUpdate,
  });
export type TUpdateCommunityRequest = z.infer<typeof ZUpdateCommunityRequest>;

/**
 * Joining: the rules checkbox must be ticked, and the server records which rules text was accepted. `rulesVersion`
 * is the version the member read (the dialog sends it); if the rules changed since, the join is refused so nobody
 * is recorded as accepting rules they never saw. Without it, the current rules are the ones accepted.
 */
export const ZJoinCommunityRequest = z.object(
  {
    acceptRules: z.literal(true, { error: M.communities.acceptRules }),
    rulesVersion: z
      .number({ error: M.communities.rulesVersionInvalid })
      .int(M.communities.rulesVersionInvalid)
      .positive(M.communities.rulesVersionInvalid)
      .optional(),
  },
  { error: M.communities.acceptRules },
);
export type TJoinCommunityRequest = z.infer<typeof ZJoinCommunityRequest>;

/** A creator changes another member's status (ban, unban) and/or role. */
export const ZUpdateMemberRequest = z
  .object({
    status: z.enum(MEMBER_STATUSES, { error: M.communities.invalidStatus }).optional(),
    role: z.enum(COMMUNITY_ROLES, { error: M.communities.invalidRole }).optional(),
  })
  .refine((v) => v.status !== undefined || v.role !== undefined, { message: M.communities.nothingToUpdate });
export type TUpdateMemberRequest = z.infer<typeof ZUpdateMemberRequest>;

/** A creator adds a user found by the community user search. */
export const ZAddMemberRequest = z.object({
  userId: z.uuid({ error: M.communities.userNotFound }),
});
export type TAddMemberRequest = z.infer<typeof ZAddMemberRequest>;

export const ZCommunitiesQuery = z.object({
  search: zText().max(200).optional(),
  sort: z.enum(COMMUNITY_SORTS).default("popular"),
  /** A page's nextCursor or previousCursor (none for page 1): pages are read by keyset, not offset. */
  cursor: zText({ error: M.communities.listCursorInvalid })
    .max(600, M.communities.listCursorInvalid)
    .optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(COMMUNITY_LIMITS.maxPageSize)
    .default(COMMUNITY_LIMITS.pageSize),
});
export type TCommunitiesQuery = z.infer<typeof ZCommunitiesQuery>;

export const ZMembersQuery = z.object({
  search: zText().max(100).optional(),
  /** A page's nextCursor or previousCursor (none for page 1). */
  cursor: zText({ error: M.communities.invalidCursor }).max(600, M.communities.invalidCursor).optional(),
  /** Active members by default; the banned list is for the community's creators. */
  status: z.enum(MEMBER_STATUSES).default("active"),
});
export type TMembersQuery = z.infer<typeof ZMembersQuery>;

export const ZUserSearchQuery = z.object({ q: zText().max(100).default("") });
export type TUserSearchQuery = z.infer<typeof ZUserSearchQuery>;

/** The community user search's rule: at least 2 characters after trimming, else no search at all. */
export function communityUserSearchTerm(q: string | null | undefined): string | null {
  const term = (q ?? "").trim();
  return term.length >= COMMUNITY_LIMITS.userSearchMinLength ? term : null;
}

// ---- Response shapes (the API contract for the web app) ----

export const ZMembership = z.object({
  role: z.enum(COMMUNITY_ROLES),
  status: z.enum(MEMBER_STATUSES),
});
export type TMembership = z.infer<typeof ZMembership>;

export const ZCommunitySummary = z.object({
  id: zText(),
  name: zText(),
  slug: zText(),
  description: zText().nullable(),
  avatarUrl: zText().nullable(),
  bannerUrl: zText().nullable(),
  memberCount: z.number(),
  createdAt: zText(),
  /** The signed-in viewer's membership (null: not a member, or a visitor). */
  membership: ZMembership.nullable(),
});
export type TCommunitySummary = z.infer<typeof ZCommunitySummary>;

export const ZCommunityDetail = ZCommunitySummary.extend({
  rules: zText().nullable(),
  /** Goes up by one each time the rules text changes; a join records the version it accepted. */
  rulesVersion: z.number(),
  creatorId: zText().nullable(),
  /** Every member with the creator role (active), oldest first. */
  creators: z.array(z.object({ id: zText(), username: zText() })),
  /** Suspended by an admin: read-only (no new posts, comments or members). */
  suspended: z.boolean(),
  updatedAt: zText(),
});
export type TCommunityDetail = z.infer<typeof ZCommunityDetail>;

/** `totalCapped`: more than COMMUNITY_LIMITS.listCountCap communities, which `total` is then. */
export const ZCommunitiesPage = ZKeysetPage(ZCommunitySummary).extend({ totalCapped: z.boolean() });
export type TCommunitiesPage = z.infer<typeof ZCommunitiesPage>;

export const ZCreateCommunityResponse = z.object({
  community: ZCommunityDetail,
  /** Branding uploads that failed after the community was created ('Failed to upload avatar image, but ...'). */
  warnings: z.array(zText()),
});
export type TCreateCommunityResponse = z.infer<typeof ZCreateCommunityResponse>;

export const ZMembershipState = z.object({
  membership: ZMembership.nullable(),
  memberCount: z.number(),
});
export type TMembershipState = z.infer<typeof ZMembershipState>;

export const ZCommunityMember = z.object({
  /** The membership's id (what PATCH .../members/:memberId takes). */
  id: zText(),
  userId: zText(),
  username: zText(),
  /** Shown beside the username when set. */
  displayName: zText().nullable(),
  avatarUrl: zText().nullable(),
  role: z.enum(COMMUNITY_ROLES),
  status: z.enum(MEMBER_STATUSES),
  joinedAt: zText(),
  isVerified: z.boolean(),
  /** Whether the signed-in viewer follows this member (false for a visitor). */
  followedByMe: z.boolean(),
});
export type TCommunityMember = z.infer<typeof ZCommunityMember>;

export const ZCommunityMembersPage = ZKeysetPage(ZCommunityMember).extend({
  /** More than membersCountCap members: `total` is the cap, and there are more. */
  totalCapped: z.boolean(),
});
export type TCommunityMembersPage = z.infer<typeof ZCommunityMembersPage>;

export const ZCommunityUserSearch = z.object({
  items: z.array(
    z.object({
      id: zText(),
      username: zText(),
      avatarUrl: zText().nullable(),
      isVerified: z.boolean(),
    }),
  ),
});
export type TCommunityUserSearch = z.infer<typeof ZCommunityUserSearch>;

export const ZBrandingResponse = z.object({
  type: z.enum(BRANDING_TYPES),
  url: zText(),
  version: z.number(),
  community: ZCommunityDetail,
});
export type TBrandingResponse = z.infer<typeof ZBrandingResponse>;
