import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const README = new URL("../../../README.md", import.meta.url);

/** The variables README's configuration table names (a row may name several, as the S3 one does). */
function readmeVariables(): string[] {
  const readme = fs.readFileSync(README, "utf8");
  const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Running on PostgreSQL"));
  const names = table
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) =>
      [...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ""),
    );
  return [...new Set(names)].sort();
}

/** The variables loadConfig reads, seen through an environment that records every name asked for. */
function configVariables(): string[] {
  const read = new Set<string>();
  // S3_BUCKET set: the other S3 variables are only read when there is a bucket.
  const values: Record<string, string> = {
    S3_BUCKET: "uploads",
    S3_ACCESS_KEY_ID: "id",
    S3_SECRET_ACCESS_KEY: "key",
  };
  const env = new Proxy(values, {
    get(target, name) {
      if (typeof name === "string") read.add(name);
      return target[name as string];
    },
  });
  loadConfig(env);
  return [...read].sort();
}

describe("configuration", () => {
  it("README's table lists every variable the server reads, and no other", () => {
    expect(readmeVariables()).toEqual(configVariables());
  });

  it("names the variable and what it takes when a value is bad", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(/^PORT must be a port number/);
    expect(() => loadConfig({ TRUST_PROXY: "11" })).toThrow(/TRUST_PROXY/);
  });
});
