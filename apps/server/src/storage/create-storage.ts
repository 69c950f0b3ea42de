import path from "node:path";
import type { TConfig } from "../config.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { TStorage } from "./storage.ts";

/** Local disk under DATA_DIR/uploads by default; S3-compatible object storage when S3_BUCKET is set. */
export function createStorage(config: TConfig): TStorage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(path.join(config.dataDir, "uploads"));
}
