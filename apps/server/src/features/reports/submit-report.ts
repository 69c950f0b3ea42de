import { randomUUID } from "node:crypto";
import { KOL_LIMITS, M, type TCreateReportRequest, type TReport } from "@plugs/domain";
import { eq, sql } from "drizzle-orm";
import { requireVerifiedMember, type TDeps, type TViewer } from "../../context.ts";
import { kols, reportEvidence, reports } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { handleIs } from "../kols/kol-dto.ts";
import { removeStoredFiles, saveUploadedFiles } from "../media/save-upload.ts";
import { awardPointsSafely } from "../points/award-points.ts";
import { hydrateReports, selectReports } from "./report-dto.ts";

/**
 * Files a report. Screenshots are stored first (images only, checked by their bytes and re-encoded); then, in one
 * transaction, the KOL is found or created (a report of an unknown handle adds the KOL) and the report and its
 * evidence are written. The report is the reporter's first of this KOL unless one exists already; the partial
 * unique index decides that even when two reports race. If anything fails, the stored screenshots are removed.
 */
export async function submitReport(
  deps: TDeps,
  viewer: TViewer | null,
  input: TCreateReportRequest & { screenshots: File[] },
): Promise<TReport> {
  const me = requireVerifiedMember(viewer, M.reports.loginToReport);
  if (input.screenshots.length > KOL_LIMITS.screenshots)
    throw new AppError("VALIDATION", M.reports.tooManyScreenshots);
  const reportId = randomUUID();
  // Screenshots live in one folder per report.
  const saved = await saveUploadedFiles(deps, {
    folder: `reports/${reportId}`,
    files: input.screenshots,
    allowedKinds: ["image"],
  });
  try {
    await deps.db.transaction(async (tx) => {
      const created = await tx
        .insert(kols)
        .values({ handle: input.kolHandle, name: input.kolHandle, createdBy: me.id })
        .onConflictDoNothing()
        .returning({ id: kols.id });
      const kolId =
        created[0]?.id ??
        (await tx.select({ id: kols.id }).from(kols).where(handleIs(input.kolHandle)))[0]?.id;
      if (!kolId) throw new AppError("NOT_FOUND", M.kols.notFound);
      const values = {
        id: reportId,
        reporterId: me.id,
        kolId,
        kolHandle: input.kolHandle,
        category: input.category,
        description: input.description,
        contractAddress: input.contractAddress,
        txHash: input.txHash,
      };
      const first = await tx
        .insert(reports)
        .values({ ...values, isFirstReport: true })
        .onConflictDoNothing({
          target: [reports.reporterId, reports.kolId],
          where: sql`${reports.isFirstReport}`,
        })
        .returning({ id: reports.id });
      if (first.length === 0) await tx.insert(reports).values({ ...values, isFirstReport: false });
      // Only the reporter's first report of this handle earns (the activity being off pays nothing), keyed by the
      // KOL: the item reported, once per reporter ever.
      else
        await awardPointsSafely(
          deps,
          { userId: me.id, activity: "report_submission", referenceId: kolId, referenceType: "kol" },
          tx,
        );
      const evidence = [
        ...input.evidenceUrls.map((url) => ({
          kind: "link" as const,
          url,
          storagePath: null,
          width: null,
          height: null,
        })),
        ...saved.map((file) => ({
          kind: "screenshot" as const,
          url: file.url,
          storagePath: file.path,
          width: file.width,
          height: file.height,
        })),
      ].map((e, position) => ({ ...e, reportId, position }));
      if (evidence.length > 0) await tx.insert(reportEvidence).values(evidence);
    });
  } catch (err) {
    await removeStoredFiles(
      deps,
      saved.map((f) => f.path),
    );
    throw err;
  }
  const [report] = await hydrateReports(
    deps.db,
    await selectReports(deps.db).where(eq(reports.id, reportId)),
  );
  if (!report) throw new AppError("NOT_FOUND", M.reports.notFound);
  return report;
}
