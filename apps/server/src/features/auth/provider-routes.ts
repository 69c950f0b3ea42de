import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  M,
  M_SIGN_IN_PROVIDER,
  PROVIDER_LINKED_PARAM,
  SECURITY_SETTINGS_PATH,
  SIGN_IN_PAGE_PATH,
  SIGN_IN_PROVIDER_IDS,
  safeNextPath,
  type TSignInProviderId,
  ZProviderLinkRequest,
  ZProviderSignInRequest,
} from "@plugs/domain";
import { requireViewer, type TAppEnv, type TDeps } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { access, defineRoute, errorResponses, json, jsonBody, viewerOf } from "../../http/openapi.ts";
import { mySignIns, unlinkProvider } from "../account/sign-ins.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { forwardToAuth, rewriteJson } from "./forward.ts";
import { offeredProviders } from "./sign-in-providers.ts";

/*
 * Linked sign-ins over HTTP. Starting one answers the provider's address for the browser to go to; the provider
 * sends the member back to better-auth's GET /api/auth/callback/{provider} (routes.ts lets it through), which signs
 * them in (or links the account) and redirects to the page they came from, or to the sign-in page (or the security
 * settings, for a link) with `?error=code`.
 */

const ZProvider = z.object({ id: z.enum(SIGN_IN_PROVIDER_IDS), name: z.string() }).openapi("SignInProvider");
const ZGo = z.object({ url: z.string().openapi({ description: "The provider's authorization page" }) });
const ZMySignIns = z
  .object({
    password: z.boolean(),
    passkeys: z.number().int(),
    providers: z.array(
      ZProvider.extend({
        linkedAt: z.string().nullable(),
        offered: z.boolean(),
      }),
    ),
  })
  .openapi("MySignIns");

function requireOffered(deps: TDeps, provider: TSignInProviderId) {
  if (!offeredProviders(deps.config).some((p) => p.id === provider)) {
    throw new AppError("VALIDATION", M_SIGN_IN_PROVIDER.unavailable, {
      fields: { provider: M_SIGN_IN_PROVIDER.unavailable },
    });
  }
}

/** better-auth's answer `{url, redirect}` as ours: the provider's address alone. */
const toGo = (res: Response) =>
  res.ok ? rewriteJson(res, (data) => ({ url: (data as { url: string }).url })) : res;

export function providerRoutes(deps: TDeps) {
  const limit = memberLimit(deps, "account");
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "get",
        path: "/auth/providers",
        operationId: "listSignInProviders",
        security: access.none,
        tags: ["auth"],
        summary: "The sign-in providers this server offers (each on when its client id and secret are set)",
        responses: {
          200: json(z.object({ providers: z.array(ZProvider) }), "The providers, in button order"),
        },
      }),
      (c) => c.json({ providers: offeredProviders(deps.config) }, 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/auth/sign-in/provider",
        operationId: "signInWithProvider",
        security: access.none,
        tags: ["auth"],
        summary: "Start signing in (or signing up) with a provider: answers the provider's address to go to",
        description:
          "Sets a short-lived state cookie. Back from the provider, GET /api/auth/callback/{provider} signs the member in and redirects to `next` (a path of this site), or to /signin?error=code. A new account gets a username made from the provider's name.",
        request: jsonBody(ZProviderSignInRequest),
        responses: { 200: json(ZGo, "Go to `url`"), ...errorResponses(400) },
      }),
      async (c) => {
        const { provider, next } = c.req.valid("json");
        requireOffered(deps, provider);
        const back = safeNextPath(next);
        const res = await forwardToAuth(deps, c, {
          endpoint: "/sign-in/social",
          body: {
            provider,
            callbackURL: back,
            errorCallbackURL: `${SIGN_IN_PAGE_PATH}?next=${encodeURIComponent(back)}`,
            disableRedirect: true,
          },
        });
        return (await toGo(res)) as never;
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/me/sign-ins",
        operationId: "listMySignIns",
        security: access.signedIn(),
        tags: ["account"],
        summary: "My ways to sign in: password, passkeys, and each offered provider (linked or not)",
        responses: { 200: json(ZMySignIns, "The list"), ...errorResponses(401) },
      }),
      async (c) => {
        c.header("cache-control", "no-store");
        return c.json(await mySignIns(deps, viewerOf(c)), 200);
      },
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/me/sign-ins",
        operationId: "linkSignInProvider",
        security: access.signedIn(),
        tags: ["account"],
        summary: "Link a provider to my account: answers the provider's address to go to",
        description: `Back from the provider, the member lands on ${SECURITY_SETTINGS_PATH}?${PROVIDER_LINKED_PARAM}={provider}, with &error=code when it was refused (e.g. account_already_linked_to_different_user).`,
        middleware: [limit] as const,
        request: jsonBody(ZProviderLinkRequest),
        responses: { 200: json(ZGo, "Go to `url`"), ...errorResponses(400, 401, 403, 429) },
      }),
      async (c) => {
        requireViewer(viewerOf(c), M.auth.signInRequired);
        const { provider } = c.req.valid("json");
        requireOffered(deps, provider);
        const res = await forwardToAuth(deps, c, {
          endpoint: "/link-social",
          // Back to the security settings either way; a refusal adds `error`.
          body: {
            provider,
            callbackURL: `${SECURITY_SETTINGS_PATH}?${PROVIDER_LINKED_PARAM}=${provider}`,
            errorCallbackURL: `${SECURITY_SETTINGS_PATH}?${PROVIDER_LINKED_PARAM}=${provider}`,
            disableRedirect: true,
          },
        });
        return (await toGo(res)) as never;
      },
    )
    .openapi(
      defineRoute({
        method: "delete",
        path: "/me/sign-ins/{provider}",
        operationId: "unlinkSignInProvider",
        security: access.signedIn(),
        tags: ["account"],
        summary: "Unlink a provider (refused with 409 when it is my only way to sign in)",
        middleware: [limit] as const,
        request: { params: z.object({ provider: z.string() }) },
        responses: {
          200: json(z.object({ message: z.string() }), "Unlinked"),
          ...errorResponses(401, 404, 409, 429),
        },
      }),
      async (c) => {
        const { name } = await unlinkProvider(deps, viewerOf(c), c.req.valid("param").provider);
        return c.json({ message: M_SIGN_IN_PROVIDER.unlinked(name) }, 200);
      },
    );
}
