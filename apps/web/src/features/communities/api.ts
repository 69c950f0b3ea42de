import {
  COMMUNITY_LIMITS,
  M,
  type TBrandingResponse,
  type TBrandingType,
  type TCommunitiesPage,
  type TCommunityDetail,
  type TCommunityMember,
  type TCommunityMembersPage,
  type TCommunitySort,
  type TCommunityUserSearch,
  type TCreateCommunityResponse,
  type TMemberStatus,
  type TMembershipState,
  type TUpdateCommunityRequest,
  type TUpdateMemberRequest,
} from "@plugs/domain";
import { ApiError, apiFetch } from "../../lib/api.ts";
import { sendForm, type TUploadOptions } from "../../lib/upload.ts";

/** The communities calls (one function per route, shapes from packages/domain); the hooks are in queries.ts. */

export type TCommunityListParams = { search: string; sort: TCommunitySort };
/** A members list page: page 1 without a cursor, another by the cursor its neighbour gave. */
export type TMemberListParams = { search: string; cursor: string | null; status: TMemberStatus };

const communityPath = (id: string) => `/api/communities/${encodeURIComponent(id)}`;

/** Did the rules change between reading and joining? The rules dialog shows that itself, with the new rules. */
export const isRulesChanged = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.message === M.communities.rulesChanged;

/** A page of the list: the first without a cursor, the next by the page before's nextCursor. */
export function fetchCommunities(
  params: TCommunityListParams & { cursor: string | null },
): Promise<TCommunitiesPage> {
  const query = new URLSearchParams({ sort: params.sort, pageSize: String(COMMUNITY_LIMITS.pageSize) });
  if (params.search.trim()) query.set("search", params.search.trim());
  if (params.cursor) query.set("cursor", params.cursor);
  return apiFetch<TCommunitiesPage>(`/api/communities?${query}`);
}

export function fetchCommunity(slugOrId: string): Promise<TCommunityDetail> {
  return apiFetch<TCommunityDetail>(communityPath(slugOrId));
}

export function fetchMembers(communityId: string, params: TMemberListParams): Promise<TCommunityMembersPage> {
  const query = new URLSearchParams({ status: params.status });
  if (params.search.trim()) query.set("search", params.search.trim());
  if (params.cursor) query.set("cursor", params.cursor);
  return apiFetch<TCommunityMembersPage>(`${communityPath(communityId)}/members?${query}`);
}

/** Users not yet in the community whose name matches `term`. */
export async function searchCommunityUsers(communityId: string, term: string) {
  const query = new URLSearchParams({ q: term });
  return (await apiFetch<TCommunityUserSearch>(`${communityPath(communityId)}/user-search?${query}`)).items;
}

export type TCreateCommunityInput = {
  name: string;
  description: string;
  rules: string;
  avatar: File;
  banner: File;
} & TUploadOptions;

export function createCommunity(input: TCreateCommunityInput): Promise<TCreateCommunityResponse> {
  const body = new FormData();
  body.set("name", input.name);
  body.set("description", input.description);
  body.set("rules", input.rules);
  body.set("avatar", input.avatar);
  body.set("banner", input.banner);
  const { onProgress, signal } = input;
  return sendForm<TCreateCommunityResponse>("POST", "/api/communities", body, { onProgress, signal });
}

/** `rulesVersion` is the version of the rules the viewer read and accepted. */
export function joinCommunity(
  communityId: string,
  body: { acceptRules: boolean; rulesVersion?: number },
): Promise<TMembershipState> {
  return apiFetch<TMembershipState>(`${communityPath(communityId)}/join`, {
    method: "POST",
    body: JSON.stringify(body),
  });
}

export function leaveCommunity(communityId: string): Promise<TMembershipState> {
  return apiFetch<TMembershipState>(`${communityPath(communityId)}/leave`, { method: "POST" });
}

export function updateCommunity(
  communityId: string,
  changes: TUpdateCommunityRequest,
): Promise<TCommunityDetail> {
  return apiFetch<TCommunityDetail>(communityPath(communityId), {
    method: "PATCH",
    body: JSON.stringify(changes),
  });
}

/** A new avatar or banner (a new active version), with upload progress and cancelling. */
export function uploadBranding(
  communityId: string,
  { type, file, ...options }: { type: TBrandingType; file: File } & TUploadOptions,
): Promise<TBrandingResponse> {
  const body = new FormData();
  body.set("file", file);
  return sendForm<TBrandingResponse>("PUT", `${communityPath(communityId)}/branding/${type}`, body, options);
}

export function updateMember(
  communityId: string,
  memberId: string,
  changes: TUpdateMemberRequest,
): Promise<TCommunityMember> {
  return apiFetch<TCommunityMember>(`${communityPath(communityId)}/members/${encodeURIComponent(memberId)}`, {
    method: "PATCH",
    body: JSON.stringify(changes),
  });
}

export function addMember(communityId: string, userId: string): Promise<TCommunityMember> {
  return apiFetch<TCommunityMember>(`${communityPath(communityId)}/members`, {
    method: "POST",
    body: JSON.stringify({ userId }),
  });
}
