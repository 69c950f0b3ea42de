import { OpenAPIHono } from "@hono/zod-openapi";
import { M, ZCursorQuery, ZFollowList, ZFollowState } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { ZUsernameParams } from "../profiles/routes.ts";
import { followUser, unfollowUser } from "./follow-user.ts";
import { listFollows } from "./list-follows.ts";

function listRoute(direction: "followers" | "following") {
  return defineRoute({
    method: "get",
    path: `/users/{username}/${direction}`,
    operationId: direction === "followers" ? "listFollowers" : "listFollowing",
    security: access.optional,
    tags: ["users"],
    summary:
      direction === "followers"
        ? "Who follows this user, newest first, keyset pages"
        : "Whom this user follows, newest first, keyset pages",
    request: { params: ZUsernameParams, query: ZCursorQuery },
    responses: { 200: json(ZFollowList, "A page of users"), ...errorResponses(400, 404) },
  });
}

/** Follows: PUT and DELETE /api/users/:username/follow, GET .../followers and .../following. */
export function followRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "put",
        path: "/users/{username}/follow",
        operationId: "followUser",
        security: access.signedIn(M.follows.signIn),
        tags: ["users"],
        summary: "Follow a user (following twice changes nothing)",
        middleware: [memberLimit(deps, "follow")] as const,
        request: { params: ZUsernameParams },
        responses: { 200: json(ZFollowState, "Following"), ...errorResponses(400, 401, 404, 429) },
      }),
      async (c) => c.json(await followUser(deps, viewerOf(c), c.req.valid("param").username), 200),
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/users/{username}/follow",
        operationId: "unfollowUser",
        security: access.signedIn(M.follows.signIn),
        tags: ["users"],
        summary: "Unfollow a user",
        middleware: [memberLimit(deps, "follow")] as const,
        request: { params: ZUsernameParams },
        responses: { 200: json(ZFollowState, "Not following"), ...errorResponses(400, 401, 404, 429) },
      }),
      async (c) => c.json(await unfollowUser(deps, viewerOf(c), c.req.valid("param").username), 200),
    )
    .openapi(listRoute("followers"), async (c) =>
      c.json(
        await listFollows(
          deps,
          viewerOf(c),
          c.req.valid("param").username,
          "followers",
          c.req.valid("query"),
        ),
        200,
      ),
    )
    .openapi(listRoute("following"), async (c) =>
      c.json(
        await listFollows(
          deps,
          viewerOf(c),
          c.req.valid("param").username,
          "following",
          c.req.valid("query"),
        ),
        200,
      ),
    );
}
