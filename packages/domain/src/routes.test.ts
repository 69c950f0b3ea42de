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

// The domain is typed without the DOM or Node, but its tests run where URL is the WHATWG parser browsers use.
const BrowserUrl = (globalThis as unknown as { URL: new (input: string, base: string) => URL }).URL;
type URL = { origin: string; pathname: string };

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

  it("falls back to / for the nasty spellings of another host", () => {
    for (const next of [
      // Backslashes, which browsers read as slashes, anywhere.
      "\\evil.example",
      "/\\evil.example",
      "/\\\\evil.example",
      "/ok/\\..\\..\\evil",
      decodeURIComponent("/%5C%5Cevil.example"),
      // Encoded slashes once decoded (URLSearchParams decodes ?next= before we see it).
      decodeURIComponent("%2F%2Fevil.example"),
      decodeURIComponent("/%2Fevil.example"),
      "%2F%2Fevil.example",
      // Paths that become //host once a parser resolves their dot segments.
      "/.//evil.example",
      "/..//evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example",
      "/a/./b/../c",
      "/kols//x",
      // Other schemes, in any case, and scheme-relative forms.
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "https:evil.example",
      "http:/evil.example",
      "///evil.example",
      // Control characters, which parsers drop (tab and newlines) or refuse, anywhere.
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/ok\u0000",
      "/ok\u001f",
      "/ok\u007f",
      " /leaderboard",
    ]) {
      expect(safeNextPath(next), JSON.stringify(next)).toBe("/");
    }
  });

  it("keeps what stays a path of this site, however odd, and only that", () => {
    const kept = [
      "/%5Cevil.example/",
      "/%2F%2Fevil.example",
      "/leaderboard?period=month#me",
      "/search?q=//evil.example",
      "/kol/abc?next=https://evil.example",
      "/\u00e9t\u00e9",
      "/kols/",
      "/",
    ];
    for (const next of kept) {
      expect(safeNextPath(next), next).toBe(next);
      // As a browser (and React Router) reads it against this site: the same origin, a path with one leading /.
      const url = new BrowserUrl(next, "https://plugs.example/signin");
      expect(url.origin).toBe("https://plugs.example");
      expect(url.pathname.startsWith("//")).toBe(false);
    }
  });
});
