import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  COMMENT_LIMITS,
  FILE_RULES,
  M,
  REACTION_EMOJIS,
  ZAddReactionRequest,
  ZComment,
  ZCommentsPage,
  ZCommentsQuery,
  ZCreateCommentRequest,
  ZLikeState,
  ZReactionEmoji,
  ZReactionState,
} from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { access, defineRoute, errorResponses, json, viewerOf, ZFile } from "../../http/openapi.ts";
import { gifsOf, ZGifsField } from "../gifs/form-field.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { fileFields, filesOf, uploadBodyLimit } from "../media/multipart.ts";
import { createComment } from "./create-comment.ts";
import { deleteComment } from "./delete-comment.ts";
import { likeComment, unlikeComment } from "./like-comment.ts";
import { listComments } from "./list-comments.ts";
import { addReaction, removeReaction } from "./react-to-comment.ts";

const ZIdParams = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
const ZReactionParams = ZIdParams.extend({
  emoji: z
    .string()
    .openapi({ param: { name: "emoji", in: "path" }, description: "One of the palette, URL-encoded" }),
});

/** The multipart body of POST /api/posts/:id/comments as it arrives; the rules are ZCreateCommentRequest's. */
const ZCreateCommentForm = z.object({
  content: z.string().optional().openapi({ description: "The text (may be empty when a file is attached)" }),
  parentId: z
    .string()
    .optional()
    .openapi({ description: "Reply to this comment (a reply to a reply joins the same thread)" }),
  attachments: z
    .union([ZFile, z.array(ZFile)])
    .optional()
    .openapi({
      description: `Repeated files: images (${FILE_RULES.image.megabytes} MB), documents (PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, TXT, RTF; ${FILE_RULES.document.megabytes} MB) and videos (${FILE_RULES.video.megabytes} MB), checked by their bytes`,
    }),
  gifs: ZGifsField,
});

function formToRequest(form: z.infer<typeof ZCreateCommentForm>) {
  const attachments = form.attachments === undefined ? [] : filesOf({ a: form.attachments }, "a");
  const request = ZCreateCommentRequest.parse({
    content: form.content ?? "",
    parentId: form.parentId?.trim() ? form.parentId.trim() : null,
    attachments,
    gifs: gifsOf(form.gifs),
  });
  return { ...request, attachments };
}

/** The emoji in DELETE .../reactions/:emoji (Hono has already percent-decoded it). */
function emojiParam(raw: string) {
  const parsed = ZReactionEmoji.safeParse(raw);
  if (!parsed.success) {
    throw new AppError("VALIDATION", M.reactions.unknownEmoji, {
      fields: { emoji: M.reactions.unknownEmoji },
    });
  }
  return parsed.data;
}

/**
 * Comments, comment likes and emoji reactions: GET and POST /api/posts/:id/comments, DELETE /api/comments/:id,
 * PUT and DELETE /api/comments/:id/like, POST /api/comments/:id/reactions, DELETE /api/comments/:id/reactions/:emoji.
 */
export function commentRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/posts/{id}/comments",
        operationId: "listComments",
        security: access.optional,
        tags: ["comments"],
        summary: "A post's comments, oldest first: keyset pages of threads, each with all its replies",
        request: { params: ZIdParams, query: ZCommentsQuery },
        responses: {
          200: json(ZCommentsPage, "A page of threads; pass nextCursor back as cursor"),
          ...errorResponses(400, 404),
        },
      }),
      async (c) =>
        c.json(await listComments(deps, viewerOf(c), c.req.valid("param").id, c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/posts/{id}/comments",
        operationId: "createComment",
        security: access.signedIn(M.comments.loginToComment),
        tags: ["comments"],
        summary: "Comment on a post, or reply to a comment (community posts: active members only)",
        middleware: [
          memberLimit(deps, "comment"),
          uploadBodyLimit("video", COMMENT_LIMITS.maxAttachments),
          fileFields({ attachments: "many" }),
        ] as const,
        request: {
          params: ZIdParams,
          body: { required: true, content: { "multipart/form-data": { schema: ZCreateCommentForm } } },
        },
        responses: {
          201: json(ZComment, "The new comment"),
          ...errorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      }),
      async (c) => {
        const input = formToRequest(c.req.valid("form"));
        return c.json(await createComment(deps, viewerOf(c), c.req.valid("param").id, input), 201);
      },
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/comments/{id}",
        operationId: "deleteComment",
        security: access.signedIn(M.comments.loginToDelete),
        tags: ["comments"],
        summary: "Delete a comment (its author or an admin) with its replies and files",
        middleware: [memberLimit(deps, "edit")] as const,
        request: { params: ZIdParams },
        responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 429) },
      }),
      async (c) => {
        await deleteComment(deps, viewerOf(c), c.req.valid("param").id);
        return c.body(null, 204);
      },
    )
    .openapi(
      defineRoute({
        method: "put",
        path: "/comments/{id}/like",
        operationId: "likeComment",
        security: access.signedIn(M.comments.loginToLike),
        tags: ["comments"],
        summary: "Like a comment (liking twice changes nothing)",
        middleware: [memberLimit(deps, "reaction")] as const,
        request: { params: ZIdParams },
        responses: { 200: json(ZLikeState, "Liked"), ...errorResponses(401, 403, 404, 429) },
      }),
      async (c) => c.json(await likeComment(deps, viewerOf(c), c.req.valid("param").id), 200),
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/comments/{id}/like",
        operationId: "unlikeComment",
        security: access.signedIn(M.comments.loginToLike),
        tags: ["comments"],
        summary: "Take a comment like back",
        middleware: [memberLimit(deps, "reaction")] as const,
        request: { params: ZIdParams },
        responses: { 200: json(ZLikeState, "Not liked"), ...errorResponses(401, 404, 429) },
      }),
      async (c) => c.json(await unlikeComment(deps, viewerOf(c), c.req.valid("param").id), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/comments/{id}/reactions",
        operationId: "addCommentReaction",
        security: access.signedIn(M.reactions.signIn),
        tags: ["comments"],
        summary: `React with an emoji of the palette (${REACTION_EMOJIS.join(" ")}); each once per user per comment`,
        middleware: [memberLimit(deps, "reaction")] as const,
        request: {
          params: ZIdParams,
          body: { required: true, content: { "application/json": { schema: ZAddReactionRequest } } },
        },
        responses: {
          200: json(ZReactionState, "The comment's reactions and yours"),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      }),
      async (c) =>
        c.json(await addReaction(deps, viewerOf(c), c.req.valid("param").id, c.req.valid("json").emoji), 200),
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/comments/{id}/reactions/{emoji}",
        operationId: "removeCommentReaction",
        security: access.signedIn(M.reactions.signIn),
        tags: ["comments"],
        summary: "Take your reaction back",
        middleware: [memberLimit(deps, "reaction")] as const,
        request: { params: ZReactionParams },
        responses: {
          200: json(ZReactionState, "The comment's reactions and yours"),
          ...errorResponses(400, 401, 404, 429),
        },
      }),
      async (c) => {
        const { id, emoji } = c.req.valid("param");
        return c.json(await removeReaction(deps, viewerOf(c), id, emojiParam(emoji)), 200);
      },
    );
}
