import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { ConfigError, type TConfig } from "../config.ts";
import { isSafeKey } from "./safe-names.ts";
import { mediaUrl, putWithoutOverwrite, type TStorage } from "./storage.ts";

type TS3Config = NonNullable<TConfig["s3"]>;

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, R2, ...), signed with SigV4 by aws4fetch. With S3_ENDPOINT the
 * bucket is addressed path-style (`endpoint/bucket/key`), otherwise AWS's virtual-hosted style. Files are still
 * served through /media (the bucket may stay private, and every response gets the same safe headers).
 */
export function createS3Storage(s3: TS3Config): TStorage {
  if (!s3.accessKeyId || !s3.secretAccessKey) {
    throw new ConfigError("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when S3_BUCKET is set");
  }
  const client = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    service: "s3",
    retries: 2,
  });
  const base = s3.endpoint
    ? `${s3.endpoint.replace(/\/+$/, "")}/${s3.bucket}`
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  const objectUrl = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage path: ${JSON.stringify(key)}`);
    return `${base}/${key}`;
  };
  const fail = async (what: string, res: Response) =>
    new Error(`S3 ${what} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);

  return {
    kind: "s3",

    async put(folder, desiredName, bytes, contentType) {
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const key = await putWithoutOverwrite(folder, desiredName, async (candidate) => {
        const res = await client.fetch(objectUrl(candidate), {
          method: "PUT",
          body: bytes,
          headers: {
            "content-type": contentType,
            "x-amz-content-sha256": sha256,
            // Conditional write: the bucket refuses (412) a key that exists, so nothing is ever overwritten.
            "if-none-match": "*",
          },
        });
        // 409: another conditional write to the same key is in flight; treat the name as taken.
        if (res.status === 412 || res.status === 409) {
          await res.body?.cancel();
          return false;
        }
        if (!res.ok) throw await fail("PUT", res);
        await res.body?.cancel();
        return true;
      });
      return { path: key, url: mediaUrl(key) };
    },

    async delete(key) {
      const res = await client.fetch(objectUrl(key), { method: "DELETE" });
      if (!res.ok && res.status !== 404) throw await fail("DELETE", res);
      await res.body?.cancel();
    },

    async read(key, range) {
      if (!isSafeKey(key)) return null;
      const headers: Record<string, string> = {};
      if (range) headers.range = `bytes=${range.start}-${range.end ?? ""}`;
      const res = await client.fetch(objectUrl(key), { headers });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (res.status === 416) {
        await res.body?.cancel();
        const head = await client.fetch(objectUrl(key), { method: "HEAD" });
        return head.ok ? { size: Number(head.headers.get("content-length")), range: null, body: null } : null;
      }
      if (!res.ok) throw await fail("GET", res);
      const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.headers.get("content-range") ?? "");
      if (res.status === 206 && contentRange) {
        const [, start, end, size] = contentRange.map(Number);
        return {
          size: size as number,
          range: { start: start as number, end: end as number },
          body: res.body,
        };
      }
      return { size: Number(res.headers.get("content-length")), range: null, body: res.body };
    },

    url: mediaUrl,
  };
}
