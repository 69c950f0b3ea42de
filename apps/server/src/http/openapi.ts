import { type RouteConfig, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { TAppEnv, TViewer } from "../context.ts";

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
  415: "Upload of a type that is not allowed",
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

/** A file field of a multipart body, documented as binary. */
export const ZFile = z.instanceof(File).openapi({ type: "string", format: "binary" });

/** The signed-in viewer of this request, or null for a visitor (set by the session middleware). */
export function viewerOf(c: Context<TAppEnv>): TViewer | null {
  return c.get("viewer") ?? null;
}

type TSecurity = NonNullable<RouteConfig["security"]>;

/**
 * Who may call an operation, as its OpenAPI security requirement on the cookies declared by mountApiDocs:
 * `signedIn` answers 401 without a session; `optional` answers visitors too, but what it answers may depend on
 * who asks; `none` does not read the session; `secondFactor` is better-auth's MFA step (a session, or the
 * two-factor cookie a sign-in set).
 */
export const access: Record<"signedIn" | "optional" | "none" | "secondFactor", TSecurity> = {
  signedIn: [{ session: [] }],
  optional: [{}, { session: [] }],
  none: [],
  secondFactor: [{ session: [] }, { twoFactor: [] }],
};
