import {
  ADMIN_M,
  MEMBER_SEARCH_COUNT_CAP,
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
import {
  cappedCount,
  decodeKeysetCursor,
  keysetPage,
  type TKeysetCursor,
  timeKey,
} from "../../lib/keyset-page.ts";
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

const isAdmin = (id: SQL) =>
  sql`exists (select 1 from user_roles r where r.user_id = ${id} and r.role = 'admin')`;

/** The search as a LIKE prefix (a leading @ dropped, any case; wildcards match themselves), or null. */
function searchPrefix(query: TAdminMembersQuery): string | null {
  const search = query.search?.replace(/^@/, "").toLowerCase();
  return search ? `${escapeLike(search)}%` : null;
}

/**
 * A search's matches as two disjoint lists, each read on its prefix index in that index's own order (`~<~`, the
 * byte order of text_pattern_ops) with the filter applied as it walks: members whose username matches, keyed by it,
 * and members found only by their e-mail, keyed by that. A username never holds an @ and an e-mail always does, so
 * no key is in both lists; with the row id as the tie-break, (key, id) orders every match once.
 */
function searchBranches(
  prefix: string,
  filter: TAdminMembersQuery["filter"],
  from: { cursor: TKeysetCursor; back: boolean } | null,
  limit: SQL,
): SQL {
  const [after, order] = !from
    ? [() => sql``, sql`~<~`]
    : from.back
      ? [(key: SQL) => sql`and ${key} ~<=~ ${from.cursor.k}`, sql`~>~`]
      : [(key: SQL) => sql`and ${key} ~>=~ ${from.cursor.k}`, sql`~<~`];
  const byName = sql`lower(p.username)`;
  const onProfile =
    filter === "banned" ? sql`and p.is_banned` : filter === "admins" ? sql`and ${isAdmin(sql`p.id`)}` : sql``;
  const onEmail =
    filter === "banned" ? sql`and q.is_banned` : filter === "admins" ? sql`and ${isAdmin(sql`q.id`)}` : sql``;
  return sql`(select p.id, ${byName} as k from profiles p where ${byName} like ${prefix} ${onProfile} ${after(byName)}
      order by ${byName} using ${order} limit ${limit})
    union all
    (select u.id, u.email as k from users u where u.email like ${prefix} ${after(sql`u.email`)}
      and exists (select 1 from profiles q where q.id = u.id and lower(q.username) not like ${prefix} ${onEmail})
      order by u.email using ${order} limit ${limit})`;
}

const memberColumns = sql`p.id, p.username, u.email, p.avatar_url, p.is_banned, p.points,
  case when p.is_banned then u.ban_reason end as ban_reason,
  ${isAdmin(sql`p.id`)} as is_admin,
  ${isoTimestamp(sql`p.created_at`)} as joined_at`;

/** A newest-first page's sort key: the join time with its microseconds, as a cursor keeps it. */
const joinedKey = timeKey(sql`p.created_at`);

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
 * One page of members, `limit` rows from the cursor on (exported for the query-plan test): newest first, or for a
 * search in the order of what matched (the username, or the e-mail for a member found only by it), so the exact
 * name comes first. A `previous` cursor reads backwards from it. Every page is a keyset read: each index is walked
 * from the cursor for about a page, however deep the page is.
 */
export function memberPageQuery(query: TAdminMembersQuery, cursor: TKeysetCursor | null, limit: number): SQL {
  const back = cursor?.d === "previous";
  const prefix = searchPrefix(query);
  if (prefix) {
    // Each list reads one row more than the page, for the cursor's own row, which the merge leaves out.
    const branches = searchBranches(
      prefix,
      query.filter,
      cursor ? { cursor, back } : null,
      sqlInt(limit + 1),
    );
    const past = cursor
      ? sql`where (m.k collate "C", m.id) ${back ? sql`<` : sql`>`} (${cursor.k} collate "C", ${cursor.i}::uuid)`
      : sql``;
    return sql`select ${memberColumns}, m.k as sort_key from (${branches}) m
      join profiles p on p.id = m.id join users u on u.id = p.id ${past}
      order by m.k collate "C" ${back ? sql`desc` : sql`asc`}, m.id ${back ? sql`desc` : sql`asc`}
      limit ${sqlInt(limit)}`;
  }
  const from =
    query.filter === "admins"
      ? sql`user_roles c join profiles p on p.id = c.user_id and c.role = 'admin'`
      : sql`profiles p`;
  const where = [query.filter === "banned" ? sql`p.is_banned` : sql`true`];
  if (cursor) {
    where.push(
      sql`(p.created_at, p.id) ${back ? sql`>` : sql`<`} (${cursor.k}::timestamptz, ${cursor.i}::uuid)`,
    );
  }
  const order = back ? sql`asc` : sql`desc`;
  return sql`select ${memberColumns}, ${joinedKey} as sort_key from ${from} join users u on u.id = p.id
    where ${sql.join(where, sql` and `)}
    order by p.created_at ${order}, p.id ${order} limit ${sqlInt(limit)}`;
}

/**
 * How many members the list holds: every member is site_counts' kept total (as the overview reads it), not a
 * count of the whole table at each page; the banned and the admins are a few rows on their own indexes; a search
 * counts its matches up to MEMBER_SEARCH_COUNT_CAP, so a one-letter search does not count a tenth of the site.
 */
async function countMembers(
  db: Pick<TDb, "execute">,
  query: TAdminMembersQuery,
): Promise<{ total: number; totalCapped: boolean }> {
  const prefix = searchPrefix(query);
  if (prefix) {
    const cap = MEMBER_SEARCH_COUNT_CAP;
    return cappedCount(
      db,
      sql`select 1 from (${searchBranches(prefix, query.filter, null, sqlInt(cap + 1))}) m`,
      cap,
    );
  }
  const counted =
    query.filter === "banned"
      ? sql`select count(*)::int as total from profiles p where p.is_banned`
      : query.filter === "admins"
        ? sql`select count(*)::int as total from user_roles where role = 'admin'`
        : sql`select coalesce(sum(n), 0)::int as total from site_counts where total = 'members'`;
  const [row] = await queryRows<{ total: number }>(db, counted);
  return { total: row?.total ?? 0, totalCapped: false };
}

/** GET /api/admin/members (admins only): members newest first, searched and filtered, "Page X of Y" by keyset. */
export async function listMembers(
  deps: TDeps,
  viewer: TViewer | null,
  query: TAdminMembersQuery,
): Promise<TAdminMemberPage> {
  requireAdmin(viewer);
  const key = searchPrefix(query) ? "text" : "time";
  const cursor = query.cursor ? decodeKeysetCursor(query.cursor, key, ADMIN_M.memberCursorInvalid) : null;
  const [{ total, totalCapped }, rows] = await Promise.all([
    countMembers(deps.db, query),
    queryRows<TMemberRow & { sort_key: string }>(
      deps.db,
      memberPageQuery(query, cursor, MEMBERS_PAGE_SIZE + 1),
    ),
  ]);
  const page = keysetPage(rows, MEMBERS_PAGE_SIZE, cursor, total, (r) => ({ k: r.sort_key, i: r.id }));
  // Nothing left on the cursor's side of the list (members left since the page was read): page 1 as it is now.
  if (!page) return listMembers(deps, viewer, { ...query, cursor: undefined });
  return { ...page, items: page.items.map(mapMember), total, totalCapped };
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
