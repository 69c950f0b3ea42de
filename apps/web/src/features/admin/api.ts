import type { TAdminAuditFilters, TAdminAuditPage } from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";

/** The admin console's calls (the audit log, members, site settings, the overview). */

export type TAuditFilters = Pick<TAdminAuditFilters, "actor" | "action" | "from" | "to">;

export function fetchAudit(filters: TAuditFilters, cursor: string | null): Promise<TAdminAuditPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, String(value));
  if (cursor) query.set("cursor", cursor);
  return apiFetch<TAdminAuditPage>(`/api/admin/audit?${query}`);
}
