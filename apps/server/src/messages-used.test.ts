import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as domain from "@plugs/domain";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** Where the product's code lives: the web app, the server, and the shared rules (schemas use messages too). */
const CODE = ["apps/web/src", "apps/server/src", "packages/domain/src"];
/** The message catalogues: `M`, `M_*`, `*_M` and `*_MESSAGES`. */
const CATALOGUE = /^(M|M_[A-Z_]+|[A-Z_]+_M|[A-Z_]+_MESSAGES)$/;

function sourceText(): string {
  return CODE.flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => fs.readFileSync(path.join(ROOT, dir, file), "utf8")),
  ).join("\n");
}

/** Every message as the code names it (`M.posts.created` is named `posts.created`), with its full path. */
function messages(): { name: string; path: string }[] {
  const found: { name: string; path: string }[] = [];
  const walk = (value: unknown, trail: string[]) => {
    if (typeof value === "string" || typeof value === "function") {
      found.push({ name: trail.slice(-2).join("."), path: trail.join(".") });
    } else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) walk(inner, [...trail, key]);
    }
  };
  for (const [name, value] of Object.entries(domain)) if (CATALOGUE.test(name)) walk(value, [name]);
  return found;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether the code names this message: as `group.key`, through a catalogue's other name (`import { X as V }`,
 * `const P = X`) as `V.key`, or by any key (`X[reason]`: the catalogue maps data to words, so all of it is used).
 */
function named(text: string, message: { name: string; path: string }): boolean {
  const [catalogue = ""] = message.path.split(".");
  if (new RegExp(`\\b${escapeRegExp(message.name)}\\b`).test(text)) return true;
  if (new RegExp(`\\b${catalogue}\\[`).test(text)) return true;
  const key = message.path.slice(catalogue.length + 1);
  const aliases = text.matchAll(new RegExp(`\\b${catalogue} as (\\w+)|\\bconst (\\w+) = ${catalogue};`, "g"));
  return [...aliases].some((a) => new RegExp(`\\b${a[1] ?? a[2]}\\.${escapeRegExp(key)}\\b`).test(text));
}

describe("the message catalogues", () => {
  it("hold only messages the web app or the server shows", () => {
    const text = sourceText();
    const all = messages();
    expect(all.length).toBeGreaterThan(300);
    const unused = all.filter((m) => !named(text, m)).map((m) => m.path);
    expect(unused).toEqual([]);
  });

  it("find a message no code names", () => {
    const text = sourceText();
    expect(named(text, { name: "posts.created", path: "M.posts.created" })).toBe(true);
    expect(named(text, { name: "posts.neverWritten", path: "M.posts.neverWritten" })).toBe(false);
    expect(named(text, { name: "VERIFICATION_MESSAGES.sent", path: "VERIFICATION_MESSAGES.sent" })).toBe(
      true,
    );
  });
});
