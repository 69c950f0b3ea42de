import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import { M } from "@plugs/domain";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { requireAdmin, requireViewer, type TAppEnv, type TViewer } from "../context.ts";
import { AppError } from "../errors.ts";
import { JSON_BODY_BYTES, jsonBodyLimit } from "../features/media/multipart.ts";

/** The error envelope every failing route answers with (see errors.ts and docs/api.md). */
export const ZErrorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      title: z.string().optional(),
    }),
  })
  .openapi("Error");

const DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input (the message says what to fix)",
  401: "Not signed in",
  403: "Not allowed",
  404: "Not found, or not visible to you",
  409: "Conflict",
  413: "Upload too large",
  415: "A body or upload of a type that is not taken here",
  429: "Rate limited",
  502: "An outside service failed",
  503: "An outside service is not configured",
};

/** OpenAPI response entries for the given error statuses, all with the error envelope. */
export function errorResponses<const S extends keyof typeof DESCRIPTIONS>(...statuses: S[]) {
  const out = {} as Record<
    S,
    { description: string; content: { "application/json": { schema: typeof ZErrorBody } } }
  >;
  for (const status of statuses) {
    out[status] = {
      description: DESCRIPTIONS[status] ?? "Error",
      content: { "application/json": { schema: ZErrorBody } },
    };
  }
  return out;
}

/** An OpenAPI response entry: a JSON body of `schema`. */
export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/** An OpenAPI route's `request` part: a required JSON body of `schema`, validated before the handler runs. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { required: true, content: { "application/json": { schema } } } };
}

/** A file field of a multipart body, documented as binary. */
export const ZFile = z.instanceof(File).openapi({ type: "string", format: "binary" });

/** The signed-in viewer of this request, or null for a visitor (set by the session middleware). */
export function viewerOf(c: Context<TAppEnv>): TViewer | null {
  return c.get("viewer") ?? null;
}

type TSecurity = NonNullable<RouteConfig["security"]>;

/**
 * Who may call an operation: its OpenAPI security requirement on the cookies declared by mountApiDocs and, when a
 * session is needed, the guard that refuses everyone else before the route reads anything (see defineRoute).
 */
export type TAccess = { requirement: TSecurity; guard: MiddlewareHandler<TAppEnv> | null };

/** The cookie a sign-in that needs a second factor sets (the `twoFactor` scheme of mountApiDocs). */
const TWO_FACTOR_COOKIE = /^(?:__Secure-)?better-auth\.two_factor$/;

/**
 * The `security` of a route declared with defineRoute. `signedIn` answers 401 with the spec's words for what a
 * visitor tried; `admin` answers 401 signed out and 403 to a member (documented as the session scheme with the
 * role "admin"); `optional` answers visitors too, but what it answers may depend on who asks; `none` does not read
 * the session; `secondFactor` is better-auth's MFA step: a session, or the two-factor cookie a sign-in set (401
 * without either; better-auth checks the cookie itself).
 */
export const access: {
  signedIn: (message?: string) => TAccess;
  admin: TAccess;
  optional: TAccess;
  none: TAccess;
  secondFactor: TAccess;
} = {
  signedIn: (message: string = M.auth.signInRequired): TAccess => ({
    requirement: [{ session: [] }],
    guard: async (c, next) => {
      requireViewer(c.get("viewer"), message);
      await next();
    },
  }),
  admin: {
    requirement: [{ session: ["admin"] }],
    guard: async (c, next) => {
      requireAdmin(c.get("viewer"));
      await next();
    },
  },
  optional: { requirement: [{}, { session: [] }], guard: null },
  none: { requirement: [], guard: null },
  secondFactor: {
    requirement: [{ session: [] }, { twoFactor: [] }],
    // Either cookie will do here; better-auth checks the one sent.
    guard: async (c, next) => {
      const hasTwoFactor = Object.keys(getCookie(c)).some((name) => TWO_FACTOR_COOKIE.test(name));
      if (!hasTwoFactor) requireViewer(c.get("viewer"), M.auth.signInRequired);
      await next();
    },
  },
};

type TRouteDeclaration = Omit<RouteConfig, "security"> & {
  security: TAccess;
  /** The most a JSON body may weigh on this route (JSON_BODY_BYTES unless it needs more). */
  jsonLimit?: number;
};

/** 415 naming the content types a route's body may have, for a request that sends another. */
function acceptContentTypes(types: string[]): MiddlewareHandler<TAppEnv> {
  const message = M.generic.unsupportedContentType(types.join(" or "));
  return async (c, next) => {
    const sent = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (sent && !types.includes(sent)) throw new AppError("UNSUPPORTED_TYPE", message);
    await next();
  };
}

/**
 * createRoute with who may call the route: `security` (one of `access`) is documented, and its guard runs first,
 * before the route's own middleware (body limits) and its validators, so a visitor gets 401 and a member 403 before
 * a byte of their input is read or judged. Every route is declared with it; `access` fits nothing else. Then a body
 * of a content type the route does not declare is refused (415, naming the ones it does), and a JSON body past the
 * route's `jsonLimit` (64 KB unless it says more) with 413, from its Content-Length or while it streams.
 */
export function defineRoute<P extends string, R extends Omit<TRouteDeclaration, "path"> & { path: P }>(
  declaration: R,
) {
  const { security, middleware, jsonLimit, ...route } = declaration;
  const own = middleware === undefined ? [] : Array.isArray(middleware) ? middleware : [middleware];
  const contentTypes = Object.keys(route.request?.body?.content ?? {});
  const first = [
    ...(security.guard ? [security.guard] : []),
    ...(contentTypes.length > 0 ? [acceptContentTypes(contentTypes)] : []),
    ...(contentTypes.includes("application/json") ? [jsonBodyLimit(jsonLimit ?? JSON_BODY_BYTES)] : []),
  ];
  return createRoute({ ...route, security: security.requirement, middleware: [...first, ...own] });
}
