import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { isSafeKey } from "./safe-names.ts";
import { mediaUrl, putWithoutOverwrite, type TStorage } from "./storage.ts";

/** Files on local disk under `root` (DATA_DIR/uploads). */
export function createLocalStorage(root: string): TStorage {
  const base = path.resolve(root);
  const fullPath = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage path: ${JSON.stringify(key)}`);
    return path.join(base, key);
  };

  return {
    kind: "local",

    async put(folder, desiredName, bytes) {
      const key = await putWithoutOverwrite(folder, desiredName, async (candidate) => {
        const file = fullPath(candidate);
        await fsp.mkdir(path.dirname(file), { recursive: true });
        let handle: fsp.FileHandle;
        try {
          // 'wx' fails if the name exists: two concurrent uploads of one name can never share a file.
          handle = await fsp.open(file, "wx");
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
          throw err;
        }
        try {
          await handle.writeFile(bytes);
        } catch (err) {
          await handle.close();
          await fsp.rm(file, { force: true });
          throw err;
        }
        await handle.close();
        return true;
      });
      return { path: key, url: mediaUrl(key) };
    },

    async delete(key) {
      await fsp.rm(fullPath(key), { force: true });
    },

    async read(key, range) {
      // A safe key has no `..`, no leading `/` and no NUL, so it names a path inside the root.
      if (!isSafeKey(key)) return null;
      const file = fullPath(key);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      const { size } = stat;
      if (!range) return { size, range: null, body: toWeb(fs.createReadStream(file)) };
      if (range.start >= size) return { size, range: null, body: null };
      const end = Math.min(range.end ?? size - 1, size - 1);
      return {
        size,
        range: { start: range.start, end },
        body: toWeb(fs.createReadStream(file, { start: range.start, end })),
      };
    },

    url: mediaUrl,
  };
}

function toWeb(stream: fs.ReadStream): ReadableStream<Uint8Array> {
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}
