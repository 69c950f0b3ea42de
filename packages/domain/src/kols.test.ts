import { describe, expect, it } from "vitest";
import {
  M,
  normalizeHandle,
  scoreKol,
  ZCreateReportRequest,
  ZHandle,
  ZReviewReportRequest,
  ZWebUrl,
} from "./index.ts";

function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe("the handle rule", () => {
  it("takes an optional @ and 1 to 15 word characters, stored without the @", () => {
    expect(ZHandle.parse("@Moon_Boy")).toBe("Moon_Boy");
    expect(ZHandle.parse("  a ")).toBe("a");
    expect(ZHandle.parse("abcdefghij12345")).toBe("abcdefghij12345");
    expect(normalizeHandle("@x")).toBe("x");
  });

  it("refuses anything else with the handle message", () => {
    for (const bad of ["abcdefghij123456", "moon boy", "moon-boy", "@@moon", "moon.eth", "émile"]) {
      expect(firstError(ZHandle.safeParse(bad)), bad).toBe(M.kols.handleInvalid);
    }
    expect(firstError(ZHandle.safeParse(""))).toBe(M.kols.handleRequired);
    expect(firstError(ZHandle.safeParse("@"))).toBe(M.kols.handleInvalid);
  });
});

describe("the safe string rule and report fields", () => {
  const valid = {
    kolHandle: "moon",
    category: "rug_pull",
    description: "Dumped his bags on us right after the call.",
  };

  it("refuses < > { } in a description with the spec's message", () => {
    for (const ch of ["<", ">", "{", "}"]) {
      const result = ZCreateReportRequest.safeParse({ ...valid, description: `${valid.description} ${ch}` });
      expect(firstError(result), ch).toBe("Input contains invalid characters");
    }
    expect(ZCreateReportRequest.safeParse(valid).success).toBe(true);
  });

  it("checks length, category, links, contract and transaction", () => {
    expect(firstError(ZCreateReportRequest.safeParse({ ...valid, description: "too short" }))).toBe(
      M.reports.descriptionMin,
    );
    expect(firstError(ZCreateReportRequest.safeParse({ ...valid, category: "fud" }))).toBe(
      M.reports.categoryInvalid,
    );
    expect(
      firstError(
        ZCreateReportRequest.safeParse({ ...valid, evidenceUrls: Array(6).fill("https://x.com/a") }),
      ),
    ).toBe(M.reports.tooManyLinks);
    expect(firstError(ZCreateReportRequest.safeParse({ ...valid, contractAddress: "0x123" }))).toBe(
      M.reports.contractInvalid,
    );
    expect(firstError(ZCreateReportRequest.safeParse({ ...valid, txHash: "0xzz" }))).toBe(
      M.reports.txInvalid,
    );
    const ok = ZCreateReportRequest.parse({
      ...valid,
      contractAddress: `0x${"a".repeat(40)}`,
      txHash: `0x${"b".repeat(64)}`,
    });
    expect(ok.contractAddress).toBe(`0x${"a".repeat(40)}`);
  });

  it("accepts http(s) links only", () => {
    expect(ZWebUrl.safeParse("https://x.com/moon/status/1").success).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "ftp://x.com",
      "https://localhost",
      "https://a b.com",
      "x.com",
    ]) {
      expect(firstError(ZWebUrl.safeParse(bad)), bad).toBe(M.kols.invalidUrl);
    }
  });

  it("needs a reason to reject", () => {
    expect(firstError(ZReviewReportRequest.safeParse({ status: "rejected" }))).toBe(M.reports.reasonRequired);
    expect(ZReviewReportRequest.safeParse({ status: "approved" }).success).toBe(true);
    expect(firstError(ZReviewReportRequest.safeParse({ status: "pending" }))).toBe(M.reports.statusInvalid);
  });
});

describe("the score", () => {
  it("is the smoothed plug share minus 15 per approved report, 0 to 100", () => {
    expect(scoreKol({ plugVotes: 0, rugVotes: 0, approvedReports: 0 })).toEqual({
      plugShare: 50,
      reportPenalty: 0,
      score: null,
      verdict: "unrated",
    });
    expect(scoreKol({ plugVotes: 8, rugVotes: 0, approvedReports: 0 })).toMatchObject({
      score: 90,
      verdict: "plug",
    });
    expect(scoreKol({ plugVotes: 1, rugVotes: 1, approvedReports: 0 })).toMatchObject({
      score: 50,
      verdict: "contested",
    });
    expect(scoreKol({ plugVotes: 0, rugVotes: 0, approvedReports: 1 })).toMatchObject({
      score: 35,
      verdict: "rug",
    });
    expect(scoreKol({ plugVotes: 0, rugVotes: 10, approvedReports: 3 })).toMatchObject({
      score: 0,
      verdict: "rug",
    });
    expect(scoreKol({ plugVotes: 2, rugVotes: 1, approvedReports: 0 })).toMatchObject({
      plugShare: 60,
      score: 60,
    });
  });
});

describe("the report form", () => {
  it("takes evidence links one per line and checks each", async () => {
    const { ZReportForm } = await import("./reports.ts");
    const base = {
      kolHandle: "@moon",
      category: "other",
      description: "A long enough description of what happened.",
      contractAddress: "",
      txHash: "",
    };
    expect(
      ZReportForm.parse({ ...base, evidenceLinks: "https://a.example/1\n\n  https://b.example/2 " }),
    ).toMatchObject({
      kolHandle: "moon",
      evidenceLinks: ["https://a.example/1", "https://b.example/2"],
      contractAddress: null,
    });
    expect(
      firstError(ZReportForm.safeParse({ ...base, evidenceLinks: "https://a.example\nnot a link" })),
    ).toBe(M.kols.invalidUrl);
  });
});
