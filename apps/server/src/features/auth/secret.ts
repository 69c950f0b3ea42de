import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { TConfig } from "../../config.ts";

/**
 * The secret that signs session cookies and encrypts TOTP secrets: AUTH_SECRET, or one generated on first start and
 * kept in DATA_DIR/auth-secret (mode 0600) so sessions and MFA survive restarts.
 */
export function resolveAuthSecret(config: TConfig): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": if another process wrote it first, keep theirs.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return fs.readFileSync(file, "utf8").trim();
  }
}
