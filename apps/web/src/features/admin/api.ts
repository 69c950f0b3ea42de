import type {
  TAdminAuditFilters,
  TAdminAuditPage,
  TAdminMember,
  TAdminMemberDetail,
  TAdminMemberPage,
  TAdminOverview,
  TMemberFilter,
  TSiteSettings,
  TUpdateSiteRequest,
} from "@plugs/domain";
import { apiFetch } from "../../lib/api.ts";
import { sendForm, type TUploadOptions } from "../../lib/upload.ts";

/** The admin console's calls (the audit log, members, site settings, the overview). */

export type TAuditFilters = Pick<TAdminAuditFilters, "actor" | "action" | "from" | "to">;

export function fetchAudit(filters: TAuditFilters, cursor: string | null): Promise<TAdminAuditPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, String(value));
  if (cursor) query.set("cursor", cursor);
  return apiFetch<TAdminAuditPage>(`/api/admin/audit?${query}`);
}

/** A page of members: the first, or the one a page's nextCursor or previousCursor leads to. */
export function fetchMembers(
  search: string,
  filter: TMemberFilter,
  cursor: string | null,
): Promise<TAdminMemberPage> {
  const query = new URLSearchParams({ filter });
  if (search) query.set("search", search);
  if (cursor) query.set("cursor", cursor);
  return apiFetch<TAdminMemberPage>(`/api/admin/members?${query}`);
}

export function setMemberBanned({
  id,
  banned,
  reason,
}: {
  id: string;
  banned: boolean;
  reason: string;
}): Promise<TAdminMember> {
  return apiFetch<TAdminMember>(`/api/admin/members/${encodeURIComponent(id)}/${banned ? "ban" : "unban"}`, {
    method: "POST",
    body: JSON.stringify({ reason }),
  });
}

export function setMemberAdmin({ id, admin }: { id: string; admin: boolean }): Promise<TAdminMember> {
  return apiFetch<TAdminMember>(`/api/admin/members/${encodeURIComponent(id)}/admin`, {
    method: admin ? "PUT" : "DELETE",
  });
}

export function updateSite(input: TUpdateSiteRequest): Promise<TSiteSettings> {
  return apiFetch<TSiteSettings>("/api/admin/site", { method: "PATCH", body: JSON.stringify(input) });
}

export function uploadSiteLogo(file: File, options: TUploadOptions): Promise<TSiteSettings> {
  const form = new FormData();
  form.set("logo", file);
  return sendForm<TSiteSettings>("POST", "/api/admin/site/logo", form, options);
}

export function fetchOverview(): Promise<TAdminOverview> {
  return apiFetch<TAdminOverview>("/api/admin/overview");
}

export function fetchMember(id: string): Promise<TAdminMemberDetail> {
  return apiFetch<TAdminMemberDetail>(`/api/admin/members/${encodeURIComponent(id)}`);
}

export function resetMemberTwoFactor(id: string): Promise<TAdminMemberDetail> {
  return apiFetch<TAdminMemberDetail>(`/api/admin/members/${encodeURIComponent(id)}/reset-two-factor`, {
    method: "POST",
  });
}
