import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  FILE_RULES,
  M,
  POST_LIMITS,
  ZCreatePostRequest,
  ZFeedPage,
  ZFeedQuery,
  ZLikeState,
  ZPost,
  ZPostDetail,
  ZPostEdits,
  ZPostsPage,
  ZPostsPageQuery,
  ZUpdatePostRequest,
} from "@plugs/domain";
import type { Context } from "hono";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf, ZFile } from "../../http/openapi.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { gifsOf, ZGifsField } from "../gifs/form-field.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { fileFields, filesOf, jsonFieldOf, uploadBodyLimit } from "../media/multipart.ts";
import { createPost } from "./create-post.ts";
import { deletePost } from "./delete-post.ts";
import { likePost, unlikePost } from "./like-post.ts";
import { getFeed, listPostsPage } from "./list-posts.ts";
import { updatePost } from "./update-post.ts";
import { listPostEdits, viewPost } from "./view-post.ts";

const ZPostParams = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

/** The multipart body of POST /api/posts as it arrives; the rules are ZCreatePostRequest's. */
const ZCreatePostForm = z.object({
  content: z.string().optional().openapi({ description: "The text (may be empty when media is attached)" }),
  communityId: z
    .string()
    .optional()
    .openapi({ description: "Post into this community (active members only)" }),
  media: z
    .union([ZFile, z.array(ZFile)])
    .optional()
    .openapi({
      description: `Repeated files: images (JPEG, PNG, GIF, WebP; ${FILE_RULES.image.megabytes} MB) and videos (MP4, MOV, AVI; ${FILE_RULES.video.megabytes} MB), checked by their bytes`,
    }),
  gifs: ZGifsField,
  mediaAlt: z
    .string()
    .optional()
    .openapi({
      description: `JSON list of alt texts (each at most ${POST_LIMITS.altTextMax} characters; "" for none), one per attachment: the files in their order, then the GIFs`,
    }),
});

/** Turns the arriving form into ZCreatePostRequest's input: files as a list, GIFs parsed from JSON. */
function formToRequest(form: z.infer<typeof ZCreatePostForm>) {
  // An empty file input (no name, no bytes) is no file.
  const media = form.media === undefined ? [] : filesOf({ media: form.media }, "media");
  const request = ZCreatePostRequest.parse({
    content: form.content ?? "",
    communityId: form.communityId?.trim() ? form.communityId.trim() : null,
    media,
    gifs: gifsOf(form.gifs),
    mediaAlt: jsonFieldOf(form.mediaAlt, "mediaAlt", M.posts.altTextInvalid),
  });
  return { ...request, media };
}

function clientOf(c: Context<TAppEnv>, deps: TDeps) {
  return { ip: clientIp(c, deps.config) ?? "", userAgent: c.req.header("user-agent") ?? "" };
}

/**
 * PlugFeed and posts: GET /api/feed, GET and POST /api/posts, GET, PATCH and DELETE /api/posts/:id,
 * GET /api/posts/:id/edits, PUT and DELETE /api/posts/:id/like.
 */
export function postRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/feed",
        operationId: "getFeed",
        security: access.optional,
        tags: ["posts"],
        summary: "PlugFeed: For You ('all') or Following, newest or most popular, keyset pages",
        request: { query: ZFeedQuery },
        responses: {
          200: json(ZFeedPage, "A page of posts; pass nextCursor back as cursor"),
          ...errorResponses(400),
        },
      }),
      async (c) => c.json(await getFeed(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/posts",
        operationId: "listPosts",
        security: access.optional,
        tags: ["posts"],
        summary: "Community Posts: numbered pages, newest first, optionally of one community",
        request: { query: ZPostsPageQuery },
        responses: { 200: json(ZPostsPage, "One page of posts"), ...errorResponses(400) },
      }),
      async (c) => c.json(await listPostsPage(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/posts",
        operationId: "createPost",
        security: access.signedIn(M.posts.loginToCreate),
        tags: ["posts"],
        summary: "Create a post with text, files, GIFs and mentions",
        middleware: [
          memberLimit(deps, "post"),
          uploadBodyLimit("video", POST_LIMITS.maxAttachments),
          fileFields({ media: "many" }),
        ] as const,
        request: {
          body: { required: true, content: { "multipart/form-data": { schema: ZCreatePostForm } } },
        },
        responses: {
          201: json(ZPost, "The new post"),
          ...errorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      }),
      async (c) => {
        const input = formToRequest(c.req.valid("form"));
        return c.json(await createPost(deps, viewerOf(c), input), 201);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/posts/{id}",
        operationId: "getPost",
        security: access.optional,
        tags: ["posts"],
        summary: "One post (counts a view once per viewer per day)",
        request: { params: ZPostParams },
        responses: { 200: json(ZPostDetail, "The post"), ...errorResponses(404) },
      }),
      async (c) => c.json(await viewPost(deps, viewerOf(c), c.req.valid("param").id, clientOf(c, deps)), 200),
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/posts/{id}",
        operationId: "updatePost",
        security: access.signedIn(M.posts.loginToUpdate),
        tags: ["posts"],
        summary: "Edit a post's text (author only); the previous text is kept in its history",
        middleware: [memberLimit(deps, "edit")] as const,
        request: {
          params: ZPostParams,
          body: { required: true, content: { "application/json": { schema: ZUpdatePostRequest } } },
        },
        responses: { 200: json(ZPost, "The edited post"), ...errorResponses(400, 401, 403, 404, 429) },
      }),
      async (c) =>
        c.json(await updatePost(deps, viewerOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/posts/{id}",
        operationId: "deletePost",
        security: access.signedIn(M.posts.loginToDelete),
        tags: ["posts"],
        summary: "Delete a post (author only) and its files",
        middleware: [memberLimit(deps, "edit")] as const,
        request: { params: ZPostParams },
        responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 429) },
      }),
      async (c) => {
        await deletePost(deps, viewerOf(c), c.req.valid("param").id);
        return c.body(null, 204);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/posts/{id}/edits",
        operationId: "listPostEdits",
        security: access.optional,
        tags: ["posts"],
        summary: "A post's earlier versions, newest first",
        request: { params: ZPostParams },
        responses: { 200: json(ZPostEdits, "Earlier versions"), ...errorResponses(404) },
      }),
      async (c) => c.json({ items: await listPostEdits(deps, viewerOf(c), c.req.valid("param").id) }, 200),
    )
    .openapi(
      defineRoute({
        method: "put",
        path: "/posts/{id}/like",
        operationId: "likePost",
        security: access.signedIn(M.posts.signInToLike),
        tags: ["posts"],
        summary: "Like a post (liking twice changes nothing)",
        middleware: [memberLimit(deps, "reaction")] as const,
        request: { params: ZPostParams },
        responses: { 200: json(ZLikeState, "Liked"), ...errorResponses(401, 403, 404, 429) },
      }),
      async (c) => c.json(await likePost(deps, viewerOf(c), c.req.valid("param").id), 200),
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/posts/{id}/like",
        operationId: "unlikePost",
        security: access.signedIn(M.posts.signInToLike),
        tags: ["posts"],
        summary: "Take a like back",
        middleware: [memberLimit(deps, "reaction")] as const,
        request: { params: ZPostParams },
        responses: { 200: json(ZLikeState, "Not liked"), ...errorResponses(401, 404, 429) },
      }),
      async (c) => c.json(await unlikePost(deps, viewerOf(c), c.req.valid("param").id), 200),
    );
}
