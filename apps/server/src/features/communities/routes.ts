import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  BRANDING_TYPES,
  COMMUNITY_ROLES,
  FILE_RULES,
  M,
  MEMBER_STATUSES,
  ZBrandingResponse,
  ZCommunitiesPage,
  ZCommunitiesQuery,
  ZCommunityDetail,
  ZCommunityMember,
  ZCommunityMembersPage,
  ZCommunityUserSearch,
  ZCreateCommunityResponse,
  ZMembershipState,
  ZMembersQuery,
  ZUserSearchQuery,
} from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { fileFields, fileOf, type TParsedBody, uploadBodyLimit } from "../media/multipart.ts";
import { replaceBranding } from "./branding.ts";
import { createCommunity } from "./create-community.ts";
import { joinCommunity, leaveCommunity } from "./join-community.ts";
import { getCommunity, listCommunities } from "./list-communities.ts";
import { addMember, listMembers, updateMember } from "./members.ts";
import { updateCommunity } from "./update-community.ts";
import { searchUsersForCommunity } from "./user-search.ts";

/*
 * Bodies are declared loosely here (documented fields, any values) and parsed with the shared schemas inside the
 * services, after the sign-in check: a visitor learns they must sign in before being told what to fix.
 */

const pathParam = (name: string, description: string) =>
  z.string().openapi({ param: { name, in: "path" }, description });
const ZIdParams = z.object({ id: pathParam("id", "The community's id") });
const ZMemberParams = ZIdParams.extend({ memberId: pathParam("memberId", "The membership's id") });
const ZBrandingParams = ZIdParams.extend({
  type: z
    .enum(BRANDING_TYPES, { error: M.communities.invalidBrandingType })
    .openapi({ param: { name: "type", in: "path" } }),
});

const field = (type: "string" | "boolean" | "integer", description: string) =>
  z.unknown().optional().openapi({ type, description });
const fileField = (description: string) =>
  z.unknown().optional().openapi({ type: "string", format: "binary", description });

const ZCreateCommunityForm = z.object({
  name: field("string", "3-50 letters, numbers and spaces"),
  description: field("string", "10-500 characters"),
  rules: field("string", "10-1000 characters"),
  avatar: fileField(
    `The avatar image (JPEG, PNG, GIF, WebP; ${FILE_RULES.image.megabytes} MB), checked by its bytes`,
  ),
  banner: fileField(
    `The banner image (shown at 3:1; JPEG, PNG, GIF, WebP; ${FILE_RULES.image.megabytes} MB), checked by its bytes`,
  ),
});
const ZBrandingForm = z.object({
  file: fileField(`The new image (JPEG, PNG, GIF, WebP; ${FILE_RULES.image.megabytes} MB)`),
});
const ZUpdateCommunityBody = z.object({
  name: field("string", "3-50 letters, numbers and spaces"),
  description: field("string", "10-500 characters"),
  rules: field("string", "10-1000 characters; a change moves rulesVersion up"),
});
const ZJoinBody = z.object({
  acceptRules: field("boolean", "Must be true: the rules were read and accepted"),
  rulesVersion: field("integer", "Optional: the rulesVersion that was read; 409 if the rules changed since"),
});
const ZUpdateMemberBody = z.object({
  status: z
    .unknown()
    .optional()
    .openapi({ type: "string", enum: [...MEMBER_STATUSES] }),
  role: z
    .unknown()
    .optional()
    .openapi({ type: "string", enum: [...COMMUNITY_ROLES] }),
});
const ZAddMemberBody = z.object({ userId: field("string", "The user's id, from the community user search") });

function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: false, content: { "application/json": { schema } } };
}

/**
 * Communities: the list, create, detail and edit, join and leave, members (list, add, ban and roles), the
 * community user search and branding.
 */
export function communityRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/communities",
        operationId: "listCommunities",
        security: access.optional,
        tags: ["communities"],
        summary: "The community list: search name or description, Most Popular or Newest, numbered pages",
        request: { query: ZCommunitiesQuery },
        responses: { 200: json(ZCommunitiesPage, "One page of communities"), ...errorResponses(400) },
      }),
      async (c) => c.json(await listCommunities(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/communities",
        operationId: "createCommunity",
        security: access.signedIn(M.communities.loginToCreate),
        tags: ["communities"],
        summary: "Create a community with its avatar and banner; the creator joins as its creator",
        middleware: [
          memberLimit(deps, "community"),
          uploadBodyLimit("image", 2),
          fileFields({ avatar: "one", banner: "one" }),
        ] as const,
        request: {
          body: { required: true, content: { "multipart/form-data": { schema: ZCreateCommunityForm } } },
        },
        responses: {
          201: json(
            ZCreateCommunityResponse,
            "The new community, with warnings for images that failed to store",
          ),
          ...errorResponses(400, 401, 413, 415, 429),
        },
      }),
      async (c) => {
        const form = c.req.valid("form") as TParsedBody;
        const result = await createCommunity(deps, viewerOf(c), {
          name: form.name,
          description: form.description,
          rules: form.rules,
          avatar: fileOf(form, "avatar"),
          banner: fileOf(form, "banner"),
        });
        return c.json(result, 201);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/communities/{id}",
        operationId: "getCommunity",
        security: access.optional,
        tags: ["communities"],
        summary: "A community's details (public), the viewer's membership and its creators",
        // Named like the other /communities/{id} paths, so clients see one path: this one takes a slug too.
        request: { params: z.object({ id: pathParam("id", "The community's id, or its slug") }) },
        responses: { 200: json(ZCommunityDetail, "The community"), ...errorResponses(404) },
      }),
      async (c) => c.json(await getCommunity(deps, viewerOf(c), c.req.valid("param").id), 200),
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/communities/{id}",
        operationId: "updateCommunity",
        security: access.signedIn(M.communities.loginToEdit),
        tags: ["communities"],
        summary: "Edit name, description or rules (creators only)",
        middleware: [memberLimit(deps, "edit")] as const,
        request: { params: ZIdParams, body: jsonBody(ZUpdateCommunityBody) },
        responses: {
          200: json(ZCommunityDetail, "The edited community"),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      }),
      async (c) =>
        c.json(await updateCommunity(deps, viewerOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/communities/{id}/join",
        operationId: "joinCommunity",
        security: access.signedIn(M.communities.loginToJoin),
        tags: ["communities"],
        summary: "Join after accepting the rules (the accepted rules version is recorded)",
        middleware: [memberLimit(deps, "follow")] as const,
        request: { params: ZIdParams, body: jsonBody(ZJoinBody) },
        responses: {
          200: json(ZMembershipState, "Now an active member"),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      }),
      async (c) =>
        c.json(await joinCommunity(deps, viewerOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/communities/{id}/leave",
        operationId: "leaveCommunity",
        security: access.signedIn(M.communities.loginToLeave),
        tags: ["communities"],
        summary: "Leave (the last creator must first make another member a creator)",
        middleware: [memberLimit(deps, "follow")] as const,
        request: { params: ZIdParams },
        responses: {
          200: json(ZMembershipState, "No longer a member"),
          ...errorResponses(401, 404, 409, 429),
        },
      }),
      async (c) => c.json(await leaveCommunity(deps, viewerOf(c), c.req.valid("param").id), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/communities/{id}/members",
        operationId: "listCommunityMembers",
        security: access.optional,
        tags: ["communities"],
        summary: "Members, newest first, searched by username, pages of 10 (banned: creators only)",
        request: { params: ZIdParams, query: ZMembersQuery },
        responses: {
          200: json(ZCommunityMembersPage, "One page of members"),
          ...errorResponses(400, 401, 403, 404),
        },
      }),
      async (c) =>
        c.json(await listMembers(deps, viewerOf(c), c.req.valid("param").id, c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/communities/{id}/members",
        operationId: "addCommunityMember",
        security: access.signedIn(M.communities.loginToManage),
        tags: ["communities"],
        summary: "Add a user to the community (creators only)",
        middleware: [memberLimit(deps, "moderate")] as const,
        request: { params: ZIdParams, body: jsonBody(ZAddMemberBody) },
        responses: {
          201: json(ZCommunityMember, "The new member"),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      }),
      async (c) =>
        c.json(await addMember(deps, viewerOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/communities/{id}/members/{memberId}",
        operationId: "updateCommunityMember",
        security: access.signedIn(M.communities.loginToManage),
        tags: ["communities"],
        summary: "Ban or unban a member, or make or unmake a creator (creators only, never on oneself)",
        middleware: [memberLimit(deps, "moderate")] as const,
        request: { params: ZMemberParams, body: jsonBody(ZUpdateMemberBody) },
        responses: {
          200: json(ZCommunityMember, "The member as now"),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      }),
      async (c) => {
        const { id, memberId } = c.req.valid("param");
        return c.json(await updateMember(deps, viewerOf(c), id, memberId, c.req.valid("json")), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/communities/{id}/user-search",
        operationId: "searchUsersForCommunity",
        security: access.signedIn(M.communities.loginToManage),
        tags: ["communities"],
        summary: "Users not yet in the community whose username starts with q (2+ characters; creators only)",
        request: { params: ZIdParams, query: ZUserSearchQuery },
        responses: {
          200: json(ZCommunityUserSearch, "At most 10 users"),
          ...errorResponses(400, 401, 403, 404),
        },
      }),
      async (c) =>
        c.json(
          await searchUsersForCommunity(deps, viewerOf(c), c.req.valid("param").id, c.req.valid("query")),
          200,
        ),
    )
    .openapi(
      defineRoute({
        method: "put",
        path: "/communities/{id}/branding/{type}",
        operationId: "replaceCommunityBranding",
        security: access.signedIn(M.communities.loginToEdit),
        tags: ["communities"],
        summary: "Replace the avatar or banner (creators only): a new active version",
        middleware: [
          memberLimit(deps, "upload"),
          uploadBodyLimit("image", 1),
          fileFields({ file: "one" }),
        ] as const,
        request: {
          params: ZBrandingParams,
          body: { required: true, content: { "multipart/form-data": { schema: ZBrandingForm } } },
        },
        responses: {
          200: json(ZBrandingResponse, "The new version and the community"),
          ...errorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      }),
      async (c) => {
        const { id, type } = c.req.valid("param");
        const form = c.req.valid("form") as TParsedBody;
        return c.json(await replaceBranding(deps, viewerOf(c), id, type, fileOf(form, "file")), 200);
      },
    );
}
