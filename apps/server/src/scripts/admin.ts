/**
 * Grants (or with --revoke takes away) the admin role:
 *
 *   npm run admin -- --email you@example.com [--revoke]
 *
 * Uses the server's configuration (DATA_DIR or DATABASE_URL). On the embedded database stop the server first.
 */
import { parseArgs } from "node:util";
import { findUserIdsByEmail, grantAdmin, revokeAdmin } from "../features/auth/roles.ts";
import { fail, openScriptDeps } from "./script-deps.ts";

async function main() {
  let values: { email?: string; revoke?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, revoke: { type: "boolean", default: false } },
    }));
  } catch (err) {
    fail(
      `${err instanceof Error ? err.message : String(err)}\nUsage: npm run admin -- --email you@example.com [--revoke]`,
    );
  }
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    fail("Usage: npm run admin -- --email you@example.com [--revoke]");
  }
  const deps = await openScriptDeps();
  try {
    const [user] = await findUserIdsByEmail(deps.db, [email]);
    if (!user) fail(`No account uses ${email}. Sign up with it first, then run this again.`);
    if (values.revoke) {
      await revokeAdmin(deps.db, user.id);
      console.log(`${email} is no longer an admin.`);
    } else {
      await grantAdmin(deps.db, [user.id]);
      console.log(`${email} is now an admin. Sign in again if the admin pages do not show yet.`);
    }
  } finally {
    await deps.database.close();
  }
}

void main();
