// This file's first import, as it is main.tsx's: the setting is in place before zod is loaded.
import "./zod-jitless.ts";
import { expect, it } from "vitest";
import { z } from "zod";
import { globalConfig } from "zod/v4/core";

it("tells zod, before it loads, to parse without new Function", () => {
  expect(globalConfig.jitless).toBe(true);
  // Object schemas still parse (without compiling).
  expect(z.object({ a: z.string() }).parse({ a: "x", b: 1 })).toEqual({ a: "x" });
});
