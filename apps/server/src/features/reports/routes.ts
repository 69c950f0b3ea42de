import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  FILE_RULES,
  KOL_LIMITS,
  M,
  ZAdminReportsQuery,
  ZCreateReportRequest,
  ZReport,
  ZReportList,
  ZReportPage,
  ZReviewReportRequest,
} from "@plugs/domain";
import type { TAppEnv, TDeps } from "../../context.ts";
import { access, defineRoute, errorResponses, json, viewerOf, ZFile } from "../../http/openapi.ts";
import { memberLimit } from "../limits/member-limits.ts";
import { fileFields, filesOf, uploadBodyLimit } from "../media/multipart.ts";
import { listMyReports, listReportsForReview, reviewReport } from "./review-report.ts";
import { submitReport } from "./submit-report.ts";

/** The multipart body of POST /api/reports as it arrives; the rules are ZCreateReportRequest's. */
const ZReportForm = z.object({
  kolHandle: z.string().optional().openapi({ description: "The KOL's handle, '@' optional" }),
  category: z.string().optional().openapi({
    description: "rug_pull, scam_promotion, undisclosed_paid_promotion, impersonation or other",
  }),
  description: z.string().optional(),
  evidenceUrls: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({ description: "Repeated: links to evidence (http or https)" }),
  contractAddress: z.string().optional(),
  txHash: z.string().optional(),
  evidence: z
    .union([ZFile, z.array(ZFile)])
    .optional()
    .openapi({
      description: `Repeated: screenshots (JPEG, PNG, GIF, WebP; ${FILE_RULES.image.megabytes} MB each), checked by their bytes`,
    }),
});

/** The JSON body of POST /api/reports, for a report without screenshots (those need multipart); the same rules. */
const ZReportJson = ZReportForm.omit({ evidence: true }).extend({
  evidenceUrls: z.array(z.string()).optional().openapi({ description: "Links to evidence (http or https)" }),
});

const ZReportParams = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

function listOf(value: string | string[] | undefined): string[] {
  return (value === undefined ? [] : [value].flat()).map((v) => v.trim()).filter((v) => v !== "");
}

/** POST /api/reports, GET /api/reports/me, and the moderators' GET /api/admin/reports and PATCH /api/admin/reports/:id. */
export function reportRoutes(deps: TDeps) {
  return new OpenAPIHono<TAppEnv>()
    .openapi(
      defineRoute({
        method: "post",
        path: "/reports",
        operationId: "submitReport",
        security: access.signedIn(M.reports.loginToReport),
        tags: ["reports"],
        summary: "Report a KOL with evidence (a handle not listed yet adds the KOL)",
        middleware: [
          memberLimit(deps, "report"),
          uploadBodyLimit("image", KOL_LIMITS.screenshots),
          fileFields({ evidence: "many" }),
        ] as const,
        request: {
          body: {
            required: true,
            content: {
              "multipart/form-data": { schema: ZReportForm },
              "application/json": { schema: ZReportJson },
            },
          },
        },
        responses: {
          201: json(ZReport, "The report, pending review"),
          ...errorResponses(400, 401, 413, 415, 429),
        },
      }),
      async (c) => {
        // Each validator passes the other content type as {}: the one that matches the request holds the fields.
        const sentJson = /^application\/json\b/i.test(c.req.header("content-type") ?? "");
        const form: z.infer<typeof ZReportForm> = sentJson ? c.req.valid("json") : c.req.valid("form");
        const screenshots = filesOf({ evidence: form.evidence ?? [] }, "evidence");
        const input = ZCreateReportRequest.parse({
          kolHandle: form.kolHandle ?? "",
          category: form.category ?? "",
          description: form.description ?? "",
          evidenceUrls: listOf(form.evidenceUrls),
          contractAddress: form.contractAddress,
          txHash: form.txHash,
          screenshotCount: screenshots.length,
        });
        return c.json(await submitReport(deps, viewerOf(c), { ...input, screenshots }), 201);
      },
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/reports/me",
        operationId: "listMyReports",
        security: access.signedIn(M.reports.loginToView),
        tags: ["reports"],
        summary:
          "Your reports, newest first, with their status (pending, approved, or rejected with a reason)",
        responses: { 200: json(ZReportList, "Your reports"), ...errorResponses(401) },
      }),
      async (c) => c.json(await listMyReports(deps, viewerOf(c)), 200),
    )
    .openapi(
      defineRoute({
        method: "get",
        path: "/admin/reports",
        operationId: "listReportsForReview",
        security: access.admin,
        tags: ["admin"],
        summary: "The review queue by status, oldest first (admins only)",
        request: { query: ZAdminReportsQuery },
        responses: { 200: json(ZReportPage, "One page of reports"), ...errorResponses(400, 401, 403) },
      }),
      async (c) => c.json(await listReportsForReview(deps, viewerOf(c), c.req.valid("query")), 200),
    )
    .openapi(
      defineRoute({
        method: "patch",
        path: "/admin/reports/{id}",
        operationId: "reviewReport",
        security: access.admin,
        tags: ["admin"],
        summary: "Approve a report, or reject it with a reason (admins only)",
        request: {
          params: ZReportParams,
          body: { required: true, content: { "application/json": { schema: ZReviewReportRequest } } },
        },
        responses: { 200: json(ZReport, "The reviewed report"), ...errorResponses(400, 401, 403, 404) },
      }),
      async (c) =>
        c.json(await reviewReport(deps, viewerOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    );
}
