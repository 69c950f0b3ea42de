import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CAPTCHA_HEADER,
  ZAdminMessagesQuery,
  ZAssigneeList,
  ZContactMessage,
  ZContactMessagePage,
  ZContactReceipt,
  ZContactRequest,
  ZReplyRequest,
  ZUpdateMessageRequest,
} from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { getMessage, listAssignees, listMessages, replyToMessage, updateMessage } from "./inbox.ts";
import { submitMessage } from "./submit-message.ts";

const ZMessageParams = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { required: true, content: { "application/json": { schema } } } };
}

/**
 * POST /api/contact, and the admins' inbox under /api/admin/messages: access.admin refuses a visitor (401) and a
 * member (403) before anything they sent is read.
 */
export function contactRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "post",
        path: "/contact",
        operationId: "sendContactMessage",
        security: access.optional,
        tags: ["contact"],
        summary:
          "Send the team a message (visitors and members; a member writes from their account's e-mail)",
        description:
          "Stores the message, notifies the admins and e-mails the sender an acknowledgement with the reference number. Needs the captcha as sign-up does (X-Captcha-Token). 429 past 3 messages per e-mail or 10 per address in an hour, with the wait in the message and Retry-After.",
        request: {
          headers: z.object({
            [CAPTCHA_HEADER]: z.string().optional().openapi({
              description:
                "ALTCHA payload (base64) or Turnstile token; required unless CAPTCHA_PROVIDER=none",
            }),
          }),
          ...jsonBody(ZContactRequest),
        },
        responses: { 201: json(ZContactReceipt, "Received"), ...errorResponses(400, 429) },
      }),
      async (c) => c.json(await submitMessage(deps, c, viewerOf(c), c.req.valid("json")), 201),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/messages",
        operationId: "listContactMessages",
        security: access.admin,
        tags: ["admin"],
        summary: "The contact inbox, newest first, by status or all (admins only)",
        request: { query: ZAdminMessagesQuery },
        responses: {
          200: json(ZContactMessagePage, "One page of messages, with the count of each status"),
          ...errorResponses(400, 401, 403),
        },
      }),
      async (c) => c.json(await listMessages(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/messages/assignees",
        operationId: "listContactAssignees",
        security: access.admin,
        tags: ["admin"],
        summary: "The admins a message can be assigned to (admins only)",
        responses: { 200: json(ZAssigneeList, "Admins by username"), ...errorResponses(401, 403) },
      }),
      async (c) => c.json(await listAssignees(deps, viewerOf(c)), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/messages/{id}",
        operationId: "getContactMessage",
        security: access.admin,
        tags: ["admin"],
        summary: "A message with its thread of replies (admins only)",
        request: { params: ZMessageParams },
        responses: { 200: json(ZContactMessage, "The message"), ...errorResponses(401, 403, 404) },
      }),
      async (c) => c.json(await getMessage(deps, viewerOf(c), c.req.valid("param").id), 200),
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/admin/messages/{id}",
        operationId: "updateContactMessage",
        security: access.admin,
        tags: ["admin"],
        summary: "Set a message's status or assign it to an admin (admins only)",
        description: "Assigning a new message opens it unless a status is given too.",
        request: { params: ZMessageParams, ...jsonBody(ZUpdateMessageRequest) },
        responses: { 200: json(ZContactMessage, "The message"), ...errorResponses(400, 401, 403, 404) },
      }),
      async (c) =>
        c.json(await updateMessage(deps, viewerOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/messages/{id}/replies",
        operationId: "replyToContactMessage",
        security: access.admin,
        tags: ["admin"],
        summary:
          "Answer a message by e-mail; the reply is kept in the thread and the message becomes answered",
        request: { params: ZMessageParams, ...jsonBody(ZReplyRequest) },
        responses: {
          201: json(ZContactMessage, "The message with the reply"),
          ...errorResponses(400, 401, 403, 404, 502),
        },
      }),
      async (c) =>
        c.json(await replyToMessage(deps, viewerOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
    );
}
