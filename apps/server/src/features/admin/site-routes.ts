import { OpenAPIHono, z } from "@hono/zod-openapi";
import { FILE_RULES, ZSiteSettings, ZUpdateSiteRequest } from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf } from "../../http/openapi.ts";
import { fileFields, fileOf, type TParsedBody, uploadBodyLimit } from "../media/multipart.ts";
import { updateSite, uploadSiteLogo } from "./site-settings.ts";

const ZLogoForm = z.object({
  logo: z
    .unknown()
    .optional()
    .openapi({
      type: "string",
      format: "binary",
      description: `The logo (JPEG, PNG, GIF, WebP; ${FILE_RULES.image.megabytes} MB), checked by its bytes`,
    }),
});

/** The site's settings for admins; everyone reads them at GET /api/site. */
export function adminSiteRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "patch",
        path: "/admin/site",
        operationId: "updateSite",
        security: access.admin,
        tags: ["admin"],
        summary:
          "Change any site setting (name, default theme, footer links, announcement), or remove the logo with " +
          "logoUrl: null (admins only)",
        description:
          "Audited with each setting's before and after in the same transaction; then every open event stream gets a " +
          "`site` event. An empty link or announcement is stored as none.",
        request: {
          body: { required: true, content: { "application/json": { schema: ZUpdateSiteRequest } } },
        },
        responses: {
          200: json(ZSiteSettings, "The settings as everyone now reads them"),
          ...errorResponses(400, 401, 403),
        },
      }),
      async (c) => c.json(await updateSite(deps, viewerOf(c), c.req.valid("json")), 200),
    )
    .openapi(
      defineRoute({
        method: "post",
        path: "/admin/site/logo",
        operationId: "uploadSiteLogo",
        security: access.admin,
        tags: ["admin"],
        summary:
          "Upload the site's logo (multipart field `logo`), checked by its bytes and re-encoded (admins only)",
        middleware: [uploadBodyLimit("image", 1), fileFields({ logo: "one" })] as const,
        request: { body: { required: true, content: { "multipart/form-data": { schema: ZLogoForm } } } },
        responses: {
          200: json(ZSiteSettings, "The settings as everyone now reads them"),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      }),
      async (c) => {
        const form = c.req.valid("form") as TParsedBody;
        return c.json(await uploadSiteLogo(deps, viewerOf(c), fileOf(form, "logo")), 200);
      },
    );
}
