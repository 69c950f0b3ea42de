import { createRequire } from "node:module";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { TAppEnv } from "../context.ts";

const require = createRequire(import.meta.url);
const swaggerDist = path.dirname(require.resolve("swagger-ui-dist/package.json"));

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plugs &amp; Rugs API</title><link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });`;

/** OpenAPI 3.1 at /api/openapi.json, generated from the routes' zod schemas, and a reference page at /api/docs. */
export function mountApiDocs(api: OpenAPIHono<TAppEnv>, version: string) {
  // The cookies better-auth sets; each operation names the ones it reads (`access` in openapi.ts).
  const cookie = (name: string, description: string) =>
    ({ type: "apiKey", in: "cookie", name: `better-auth.${name}`, description }) as const;
  const secure = "(`__Secure-` in front of the name when PUBLIC_URL is https)";
  api.openAPIRegistry.registerComponent(
    "securitySchemes",
    "session",
    cookie("session_token", `The session cookie sign-in and the verification link set, httpOnly ${secure}`),
  );
  api.openAPIRegistry.registerComponent(
    "securitySchemes",
    "twoFactor",
    cookie("two_factor", `Set by a sign-in that needs a second factor, for its MFA step ${secure}`),
  );
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    servers: [{ url: "/api" }],
    info: {
      title: "Plugs & Rugs API",
      version,
      description: "JSON over HTTP. Errors: `{ error: { code, message, fields? } }`. See docs/api.md.",
    },
  });
  api.get("/docs", (c) => c.html(PAGE));
  api.get("/docs/init.js", (c) => c.body(INIT, 200, { "content-type": "text/javascript; charset=utf-8" }));
  api.get(
    "/docs/assets/*",
    serveStatic({
      root: swaggerDist,
      rewriteRequestPath: (p) => p.replace(/^\/api\/docs\/assets/, ""),
      onFound: (_path, c) => {
        c.header("cache-control", "public, max-age=86400");
      },
    }),
  );
}
