import {
  ADMIN_M,
  MEMBERS_PAGE_SIZE,
  type TAdminMember,
  type TAdminMemberDetail,
  type TAdminMemberPage,
  type TAdminMembersQuery,
} from "@plugs/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { requireAdmin, type TDeps, type TViewer } from "../../context.ts";
import type { TDb } from "../../db/client.ts";
import { queryRows } from "../../db/query-rows.ts";
import { twoFactors, userRoles, users } from "../../db/schema/index.ts";
import { sqlInt } from "../../db/sql-int.ts";
import { AppError } from "../../errors.ts";
import { isoTimestamp } from "../../lib/row-date.ts";
import { grantAdmin, revokeAdmin } from "../auth/roles.ts";
import { isUuid } from "../posts/visibility.ts";
import { listAdminAudit } from "./list-audit.ts";
import { recordAdminAction } from "./record-admin-action.ts";
import { setUserBanned } from "./set-ban.ts";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

type TMemberRow = {
  id: string;
  username: string;
  email: string;
  avatar_url: string | null;
  is_admin: boolean;
  is_banned: boolean;
  ban_reason: string | null;
  points: number;
  joined_at: string;
};

/**
 * The members a filter selects, as `from` and `where` over profiles p: the admins from user_roles, the banned from
 * the partial banned index; with no filter, the newest-first index walks them in order. A search starts from the
 * ids its two prefix indexes find (username, e-mail), so no page reads every member.
 */
function selection(query: TAdminMembersQuery): { from: SQL; where: SQL } {
  const isAdmin = sql`exists (select 1 from user_roles r where r.user_id = p.id and r.role = 'admin')`;
  const filter =
    query.filter === "admins" ? isAdmin : query.filter === "banned" ? sql`p.is_banned` : sql`true`;
  const prefix = searchPrefix(query);
  if (prefix) {
    const matches = sql`(select id from profiles where lower(username) like ${prefix}
        union select id from users where email like ${prefix}) c`;
    // Every match is a member (a profile per account): only a filter needs their profiles.
    if (query.filter === "all") return { from: matches, where: sql`true` };
    return { from: sql`${matches} join profiles p on p.id = c.id`, where: filter };
  }
  if (query.filter === "admins") {
    return { from: sql`user_roles c join profiles p on p.id = c.user_id`, where: sql`c.role = 'admin'` };
  }
  return { from: sql`profiles p`, where: filter };
}

/** The search as a LIKE prefix (a leading @ dropped, any case; wildcards match themselves), or null. */
function searchPrefix(query: TAdminMembersQuery): string | null {
  const search = query.search?.replace(/^@/, "").toLowerCase();
  return search ? `${escapeLike(search)}%` : null;
}

const memberColumns = sql`p.id, p.username, u.email, p.avatar_url, p.is_banned, p.points,
  case when p.is_banned then u.ban_reason end as ban_reason,
  exists (select 1 from user_roles r where r.user_id = p.id and r.role = 'admin') as is_admin,
  ${isoTimestamp(sql`p.created_at`)} as joined_at`;

function mapMember(row: TMemberRow): TAdminMember {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    avatarUrl: row.avatar_url,
    isAdmin: row.is_admin,
    isBanned: row.is_banned,
    banReason: row.ban_reason,
    points: Number(row.points),
    joinedAt: row.joined_at,
  };
}

/**
 * One page of members (exported for the query-plan test): newest first, or for a search in the order of what
 * matched (the username, or the e-mail for a member found by it), so the exact name comes first. A search page reads
 * only the first (page x size) matches of each prefix index in that index's own order (`using ~<~`, the order of
 * text_pattern_ops), so its cost follows the page, not how many members match.
 */
export function memberPageQuery(query: TAdminMembersQuery): SQL {
  const offset = (query.page - 1) * MEMBERS_PAGE_SIZE;
  const page = sql`limit ${sqlInt(MEMBERS_PAGE_SIZE)} offset ${sqlInt(offset)}`;
  const prefix = searchPrefix(query);
  if (prefix) {
    const { where } = selection(query);
    // The filter applies after the merge, so each branch reads until the page is full of members who pass it.
    const reach = query.filter === "all" ? sqlInt(offset + MEMBERS_PAGE_SIZE) : sql`all`;
    return sql`select ${memberColumns} from (
        select id, min(k collate "C") as k from (
          (select id, lower(username) as k from profiles where lower(username) like ${prefix}
            order by lower(username) using ~<~ limit ${reach})
          union all
          (select id, email as k from users where email like ${prefix} order by email using ~<~ limit ${reach})
        ) m group by id
      ) c join profiles p on p.id = c.id join users u on u.id = p.id where ${where}
      order by c.k, p.id ${page}`;
  }
  const { from, where } = selection(query);
  return sql`select ${memberColumns} from ${from} join users u on u.id = p.id where ${where}
    order by p.created_at desc, p.id desc ${page}`;
}

/** GET /api/admin/members (admins only): members newest first, searched and filtered, "Page X of Y". */
export async function listMembers(
  deps: TDeps,
  viewer: TViewer | null,
  query: TAdminMembersQuery,
): Promise<TAdminMemberPage> {
  requireAdmin(viewer);
  const { from, where } = selection(query);
  // Every member: site_counts' kept total (as the overview reads it), not a count of the whole table at each page.
  const count =
    query.filter === "all" && !searchPrefix(query)
      ? sql`select coalesce(sum(n), 0)::int as total from site_counts where total = 'members'`
      : sql`select count(*)::int as total from ${from} where ${where}`;
  const [counted, rows] = await Promise.all([
    queryRows<{ total: number }>(deps.db, count),
    queryRows<TMemberRow>(deps.db, memberPageQuery(query)),
  ]);
  const total = counted[0]?.total ?? 0;
  return {
    items: rows.map(mapMember),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE)),
  };
}

async function memberById(db: Pick<TDb, "execute">, id: string): Promise<TAdminMember> {
  const [row] = isUuid(id)
    ? await queryRows<TMemberRow>(
        db,
        sql`select ${memberColumns} from profiles p join users u on u.id = p.id where p.id = ${id}`,
      )
    : [];
  if (!row) throw new AppError("NOT_FOUND", ADMIN_M.memberNotFound);
  return mapMember(row);
}

/** POST /api/admin/members/:id/ban and /unban (admins only): with a reason, kept in the audit log. */
export async function banMember(
  deps: TDeps,
  viewer: TViewer | null,
  id: string,
  banned: boolean,
  reason: string,
): Promise<TAdminMember> {
  requireAdmin(viewer);
  if (!isUuid(id)) throw new AppError("NOT_FOUND", ADMIN_M.memberNotFound);
  await setUserBanned(deps, viewer, id, banned, reason);
  return memberById(deps.db, id);
}

/**
 * PUT and DELETE /api/admin/members/:id/admin (admins only): grant or remove the admin role. Nobody changes their
 * own role, and the last admin keeps theirs: the admins' rows are locked first, so two admins removing each other
 * at once cannot both succeed.
 */
export async function setMemberAdmin(
  deps: TDeps,
  viewer: TViewer | null,
  id: string,
  grant: boolean,
): Promise<TAdminMember> {
  const admin = requireAdmin(viewer);
  if (!isUuid(id)) throw new AppError("NOT_FOUND", ADMIN_M.memberNotFound);
  if (id === admin.id) throw new AppError("VALIDATION", ADMIN_M.cannotChangeOwnRole);
  await deps.db.transaction(async (tx) => {
    const member = await memberById(tx, id);
    const admins = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(sql`${userRoles.role} = 'admin'`)
      .orderBy(userRoles.userId)
      .for("update");
    if (member.isAdmin === grant) return;
    if (!grant && admins.length <= 1) throw new AppError("CONFLICT", ADMIN_M.lastAdmin);
    if (grant) await grantAdmin(tx, [id]);
    else await revokeAdmin(tx, id);
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: grant ? "member.grant_admin" : "member.revoke_admin",
      targetType: "member",
      targetId: id,
      summary: `${grant ? "Made" : "Removed"} @${member.username} ${grant ? "an admin" : "as an admin"}`,
      detail: { isAdmin: { before: !grant, after: grant } },
    });
  });
  return memberById(deps.db, id);
}

/**
 * GET /api/admin/members/:id (admins only): the member with their two-factor state, open sessions, what they wrote
 * and reported, their last points lines and the last admin actions about them (each an index read by user).
 */
export async function getMember(
  deps: TDeps,
  viewer: TViewer | null,
  id: string,
): Promise<TAdminMemberDetail> {
  requireAdmin(viewer);
  const member = await memberById(deps.db, id);
  const [[counts], ledger, history] = await Promise.all([
    queryRows<{ two_factor: boolean; sessions: number; posts: number; comments: number; reports: number }>(
      deps.db,
      sql`select coalesce((select two_factor_enabled from users where id = ${id}), false) as two_factor,
        (select count(*) from sessions where user_id = ${id} and expires_at > now())::int as sessions,
        (select count(*) from posts where user_id = ${id})::int as posts,
        (select count(*) from post_comments where user_id = ${id})::int as comments,
        (select count(*) from reports where reporter_id = ${id})::int as reports`,
    ),
    queryRows<{ points: number; description: string; created_iso: string }>(
      deps.db,
      sql`select points, description, ${isoTimestamp(sql`created_at`)} as created_iso
        from points_transactions where user_id = ${id} order by created_at desc, id desc limit 10`,
    ),
    listAdminAudit(deps, viewer, { limit: 10, targetType: "member", targetId: id }),
  ]);
  return {
    ...member,
    twoFactorEnabled: counts?.two_factor ?? false,
    sessions: counts?.sessions ?? 0,
    posts: counts?.posts ?? 0,
    comments: counts?.comments ?? 0,
    reports: counts?.reports ?? 0,
    ledger: ledger.map((l) => ({
      points: Number(l.points),
      description: l.description,
      createdAt: l.created_iso,
    })),
    history: history.items,
  };
}

/**
 * POST /api/admin/members/:id/reset-two-factor (admins only): for a member who lost their authenticator and
 * backup codes. Their TOTP secret and codes are deleted and two-factor is off; they sign in with the password
 * alone until they turn it on again. Recorded; never on yourself.
 */
export async function resetTwoFactor(
  deps: TDeps,
  viewer: TViewer | null,
  id: string,
): Promise<TAdminMemberDetail> {
  const admin = requireAdmin(viewer);
  if (!isUuid(id)) throw new AppError("NOT_FOUND", ADMIN_M.memberNotFound);
  if (id === admin.id) throw new AppError("VALIDATION", ADMIN_M.cannotResetOwnTwoFactor);
  const member = await memberById(deps.db, id);
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.twoFactorEnabled, true)))
      .returning({ id: users.id });
    if (!user) throw new AppError("CONFLICT", ADMIN_M.twoFactorNotOn);
    await tx.delete(twoFactors).where(eq(twoFactors.userId, id));
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: "member.reset_two_factor",
      targetType: "member",
      targetId: id,
      summary: `Reset two-factor authentication of @${member.username}`,
      detail: { twoFactorEnabled: { before: true, after: false } },
    });
  });
  return getMember(deps, viewer, id);
}
