import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { TConfig } from "../../config.ts";
import type { TDeps } from "../../context.ts";
import { appSecrets } from "../../db/schema/index.ts";

/** The secrets read from the database at start (loadAuthSecret), by the configuration they were read for. */
const loaded = new WeakMap<TConfig, string>();

/**
 * The secret that signs session cookies and encrypts TOTP secrets: AUTH_SECRET, else a generated one. On PostgreSQL
 * it lives in the database (loadAuthSecret reads it at start), so every instance on that database shares it; on the
 * embedded database it is kept in DATA_DIR/auth-secret (mode 0600) beside the data, so sessions and MFA survive
 * restarts.
 */
export function resolveAuthSecret(config: TConfig): string {
  if (config.authSecret) return config.authSecret;
  const fromDatabase = loaded.get(config);
  if (fromDatabase) return fromDatabase;
  if (config.databaseUrl) {
    throw new Error("The auth secret is kept in the database: call loadAuthSecret(deps) before using it");
  }
  return readOrCreateSecretFile(config.dataDir);
}

/**
 * At start, on PostgreSQL without AUTH_SECRET: the secret every instance on this database shares. The first instance
 * inserts one (the secret already in its DATA_DIR when upgrading from a single instance, so its sessions stay valid;
 * else a new one), and the primary key on the name makes every other insert, even a simultaneous one, a no-op, so
 * all read back the same value.
 */
export async function loadAuthSecret(deps: Pick<TDeps, "config" | "db">): Promise<void> {
  const { config, db } = deps;
  if (config.authSecret || !config.databaseUrl || loaded.has(config)) return;
  const candidate = readSecretFile(config.dataDir) ?? randomBytes(32).toString("base64url");
  await db.insert(appSecrets).values({ name: "auth", value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, "auth"));
  if (!row) throw new Error("The auth secret could not be read back from the database");
  loaded.set(config, row.value);
}

function readSecretFile(dataDir: string): string | null {
  try {
    const existing = fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
    return existing.length >= 32 ? existing : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    return null;
  }
}

function readOrCreateSecretFile(dataDir: string): string {
  const existing = readSecretFile(dataDir);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": if another process wrote it first, keep theirs.
    fs.writeFileSync(path.join(dataDir, "auth-secret"), `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
  }
}
