import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  ZCursorQuery,
  ZFeedPage,
  ZPublicProfile,
  ZUserCommunities,
  ZUserPostsQuery,
  ZUserReports,
} from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { getPublicProfile } from "./get-profile.ts";
import { listUserCommunities } from "./user-communities.ts";
import { listUserPosts } from "./user-posts.ts";
import { listUserReports } from "./user-reports.ts";

export const ZUsernameParams = z.object({
  username: z.string().openapi({ param: { name: "username", in: "path" } }),
});

/** Public profiles: GET /api/users/:username, and its posts, communities and approved KOL reports. */
export function profileRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/users/{username}",
        operationId: "getProfile",
        security: access.optional,
        tags: ["users"],
        summary: "A user's public profile with follower and following counts (banned users are not found)",
        request: { params: ZUsernameParams },
        responses: { 200: json(ZPublicProfile, "The profile"), ...errorResponses(404) },
      }),
      async (c) => c.json(await getPublicProfile(deps, viewerOf(c), c.req.valid("param").username), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/users/{username}/posts",
        operationId: "listUserPosts",
        security: access.optional,
        tags: ["users"],
        summary: "The user's posts the viewer may see, newest first, keyset pages",
        request: { params: ZUsernameParams, query: ZUserPostsQuery },
        responses: {
          200: json(ZFeedPage, "A page of posts; pass nextCursor back as cursor"),
          ...errorResponses(400, 404),
        },
      }),
      async (c) =>
        c.json(
          await listUserPosts(deps, viewerOf(c), c.req.valid("param").username, c.req.valid("query")),
          200,
        ),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/users/{username}/communities",
        operationId: "listUserCommunities",
        security: access.none,
        tags: ["users"],
        summary: "The communities the user is an active member of, most recently joined first, keyset pages",
        request: { params: ZUsernameParams, query: ZCursorQuery },
        responses: {
          200: json(ZUserCommunities, "A page of communities; pass nextCursor back as cursor"),
          ...errorResponses(400, 404),
        },
      }),
      async (c) =>
        c.json(await listUserCommunities(deps, c.req.valid("param").username, c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/users/{username}/reports",
        operationId: "listUserReports",
        security: access.none,
        tags: ["users"],
        summary: "The KOL reports the user made that moderators approved, newest first, keyset pages",
        request: { params: ZUsernameParams, query: ZCursorQuery },
        responses: {
          200: json(ZUserReports, "A page of reports; pass nextCursor back as cursor"),
          ...errorResponses(400, 404),
        },
      }),
      async (c) =>
        c.json(await listUserReports(deps, c.req.valid("param").username, c.req.valid("query")), 200),
    );
}
