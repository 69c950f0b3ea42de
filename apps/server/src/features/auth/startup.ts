import type { TDeps } from "../../context.ts";
import { grantConfiguredAdmins } from "./roles.ts";
import { loadAuthSecret, resolveAuthSecret } from "./secret.ts";

/**
 * At server start: make sure the auth secret exists (generated once, into the database on PostgreSQL or DATA_DIR on
 * the embedded one) and grant the admin role to existing accounts listed in ADMIN_EMAILS.
 */
export async function onAuthStart(deps: TDeps) {
  await loadAuthSecret(deps);
  resolveAuthSecret(deps.config);
  if (deps.config.adminEmails.length === 0) return;
  const granted = await grantConfiguredAdmins(deps.db, deps.config.adminEmails);
  deps.logger.info({ granted }, "ADMIN_EMAILS: admin role granted to existing accounts");
}
