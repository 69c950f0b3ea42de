import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "./local-storage.ts";
import type { TStorage } from "./storage.ts";

let dataDir: string;
let root: string;
let storage: TStorage;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plugs-storage-"));
  root = path.join(dataDir, "uploads");
  storage = createLocalStorage(root);
  fs.writeFileSync(path.join(dataDir, "secret.txt"), "top secret");
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const bytes = (text: string) => new TextEncoder().encode(text);
async function readAll(stream: ReadableStream<Uint8Array> | null | undefined): Promise<string> {
  return stream ? new Response(stream).text() : "";
}

describe("local storage", () => {
  it("stores under the sanitized name and gives its URL", async () => {
    const saved = await storage.put("posts/p1", "../../My Photo!.png", bytes("one"), "image/png");
    expect(saved).toEqual({ path: "posts/p1/My-Photo.png", url: "/media/posts/p1/My-Photo.png" });
    expect(fs.readFileSync(path.join(root, "posts/p1/My-Photo.png"), "utf8")).toBe("one");
  });

  it("never overwrites: the same name becomes name-1, then name-2, and the first file is unchanged", async () => {
    const first = await storage.put("dup", "report.pdf", bytes("first"), "application/pdf");
    const second = await storage.put("dup", "report.pdf", bytes("second"), "application/pdf");
    const third = await storage.put("dup", "report.pdf", bytes("third"), "application/pdf");
    expect([first.path, second.path, third.path]).toEqual([
      "dup/report.pdf",
      "dup/report-1.pdf",
      "dup/report-2.pdf",
    ]);
    expect(fs.readFileSync(path.join(root, "dup/report.pdf"), "utf8")).toBe("first");
    expect(fs.readFileSync(path.join(root, "dup/report-2.pdf"), "utf8")).toBe("third");
  });

  it("keeps all of 20 concurrent uploads of one name, each in its own file", async () => {
    const puts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        storage.put("race", "same.txt", bytes(`upload ${i}`), "text/plain"),
      ),
    );
    const names = new Set(puts.map((p) => p.path));
    expect(names.size).toBe(20);
    expect(fs.readdirSync(path.join(root, "race")).sort()).toEqual(
      ["same.txt", ...Array.from({ length: 19 }, (_, i) => `same-${i + 1}.txt`)].sort(),
    );
    const contents = puts.map((p) => fs.readFileSync(path.join(root, p.path), "utf8")).sort();
    expect(contents).toEqual(Array.from({ length: 20 }, (_, i) => `upload ${i}`).sort());
  });

  it("reads a file whole or a byte range, and deletes it", async () => {
    const { path: key } = await storage.put("read", "abc.txt", bytes("0123456789"), "text/plain");
    const whole = await storage.read(key);
    expect(whole?.size).toBe(10);
    expect(await readAll(whole?.body)).toBe("0123456789");
    const part = await storage.read(key, { start: 2, end: 4 });
    expect(part?.range).toEqual({ start: 2, end: 4 });
    expect(await readAll(part?.body)).toBe("234");
    const tail = await storage.read(key, { start: 7 });
    expect(await readAll(tail?.body)).toBe("789");
    const past = await storage.read(key, { start: 10 });
    expect(past).toEqual({ size: 10, range: null, body: null });
    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    await storage.delete(key); // a missing file is not an error
  });

  it("cannot be led outside its root", async () => {
    for (const key of ["../secret.txt", "read/../../secret.txt", "/etc/passwd", "..%2fsecret.txt", "x\0/a"]) {
      expect(await storage.read(key), key).toBeNull();
    }
    await expect(storage.delete("../secret.txt")).rejects.toThrow(/Unsafe storage path/);
    await expect(storage.put("../outside", "a.txt", bytes("x"), "text/plain")).rejects.toThrow(
      /Unsafe storage folder/,
    );
    expect(fs.readFileSync(path.join(dataDir, "secret.txt"), "utf8")).toBe("top secret");
    expect(fs.existsSync(path.join(dataDir, "outside"))).toBe(false);
  });
});
