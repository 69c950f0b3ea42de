import { describe, expect, it } from "vitest";
import { builtOnce } from "./built-once.ts";
import type { TDb } from "./client.ts";

// Only the database's identity matters to builtOnce: two plain objects stand for two databases.
const dbA = {} as TDb;
const dbB = {} as TDb;

describe("builtOnce", () => {
  it("builds a name once per database and gives back what it built", () => {
    const statement = builtOnce<{ name: string; build: number }>();
    let builds = 0;
    const build = (name: string) => ({ name, build: ++builds });
    const first = statement(dbA, "feed", build);
    expect(first).toEqual({ name: "feed", build: 1 });
    expect(statement(dbA, "feed", build)).toBe(first);
    expect(statement(dbA, "home", build)).toEqual({ name: "home", build: 2 });
    expect(statement(dbB, "feed", build)).toEqual({ name: "feed", build: 3 });
    expect(builds).toBe(3);
  });

  it("keeps at most max names, building any other for each use and saying it is not kept", () => {
    const statement = builtOnce<{ name: string; kept: boolean }>(2);
    const build = (name: string, kept: boolean) => ({ name, kept });
    expect(statement(dbA, "a", build)).toEqual({ name: "a", kept: true });
    expect(statement(dbA, "b", build)).toEqual({ name: "b", kept: true });
    const c = statement(dbA, "c", build);
    expect(c).toEqual({ name: "c", kept: false });
    expect(statement(dbA, "c", build)).not.toBe(c);
    expect(statement(dbA, "a", build).kept).toBe(true);
    expect(statement(dbB, "c", build)).toEqual({ name: "c", kept: true });
  });
});
