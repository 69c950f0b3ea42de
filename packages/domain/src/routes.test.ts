import { describe, expect, it } from "vitest";
import { isPageRoute, matchPageRoute, safeNextPath } from "./routes.ts";

describe("isPageRoute", () => {
  it("knows the product's pages", () => {
    for (const path of [
      "/",
      "/plugfeed",
      "/kol/abc",
      "/posts/123",
      "/admin",
      "/admin/users/1",
      "/dashboard/security",
    ]) {
      expect(isPageRoute(path), path).toBe(true);
    }
    expect(isPageRoute("/communities/solana/manage")).toBe(true);
    expect(isPageRoute("/learn/course/1/lesson/2/quiz")).toBe(true);
  });
  it("refuses everything else", () => {
    for (const path of ["/nope", "/kol", "/posts/1/2", "/administrator", "/learn/course"]) {
      expect(isPageRoute(path), path).toBe(false);
    }
  });
});

describe("matchPageRoute", () => {
  it("names the route a path belongs to, the fixed one before the parameter one", () => {
    expect(matchPageRoute("/")).toBe("/");
    expect(matchPageRoute("/kols")).toBe("/kols");
    expect(matchPageRoute("/kol/abc")).toBe("/kol/:handle");
    expect(matchPageRoute("/user/profile")).toBe("/user/profile");
    expect(matchPageRoute("/user/alice")).toBe("/user/:username");
    expect(matchPageRoute("/communities/solana/manage")).toBe("/communities/:slug/manage");
    expect(matchPageRoute("/dashboard/security")).toBe("/dashboard/*");
    expect(matchPageRoute("/nope")).toBeNull();
  });
});

describe("safeNextPath", () => {
  it("keeps a path of this site with its query and hash", () => {
    expect(safeNextPath("/kol/abc?tab=reports#top")).toBe("/kol/abc?tab=reports#top");
    expect(safeNextPath("/")).toBe("/");
  });
  it("falls back to / for anything that could leave the site, or nothing", () => {
    for (const next of [
      null,
      undefined,
      "",
      "//evil.example/",
      "/\\evil.example/",
      decodeURIComponent("/%5Cevil.example/"),
      "https://evil.example/",
      "javascript:alert(1)",
      "/ok\nSet-Cookie: x",
      "kols",
    ]) {
      expect(safeNextPath(next), String(next)).toBe("/");
    }
  });
});
