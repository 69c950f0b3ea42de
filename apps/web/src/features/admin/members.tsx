import { ADMIN_M, MEMBER_FILTERS, type TAdminMember, type TMemberFilter } from "@plugs/domain";
import { Ban, ShieldCheck, ShieldOff, Undo2, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Route, Routes, useSearchParams } from "react-router";
import { AdminEmpty, AdminQuery, AdminRows } from "../../components/admin-list.tsx";
import { keysetPager } from "../../components/pager.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { formatDay } from "../../lib/format.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useSession } from "../auth/session.ts";
import { BanDialog, RoleDialog } from "./member-dialogs.tsx";
import { AdminMemberPage } from "./member-page.tsx";
import { useMembers } from "./queries.ts";

const FILTER_LABELS: Record<TMemberFilter, string> = { all: "All", admins: "Admins", banned: "Banned" };

function MemberRow({
  member,
  isMe,
  onBan,
  onRole,
}: {
  member: TAdminMember;
  isMe: boolean;
  onBan: () => void;
  onRole: () => void;
}) {
  return (
    <article
      aria-label={`@${member.username}`}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar src={member.avatarUrl} name={member.username} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-1.5">
            <Link to={`/admin/members/${member.id}`} className="truncate font-semibold hover:underline">
              @{member.username}
            </Link>
            {member.isAdmin ? (
              <span className="rounded-md bg-accent-soft px-1.5 py-0.5 text-xs font-medium text-accent">
                Admin
              </span>
            ) : null}
            {member.isBanned ? (
              <span className="rounded-md bg-rug-soft px-1.5 py-0.5 text-xs font-medium text-rug">
                Banned
              </span>
            ) : null}
            {isMe ? <span className="text-xs text-muted">(you)</span> : null}
          </p>
          <p className="truncate text-sm text-muted">{member.email}</p>
          <p className="text-xs text-muted">
            Joined {formatDay(member.joinedAt)} · <span className="tabular-nums">{member.points}</span> points
          </p>
          {member.isBanned && member.banReason ? (
            <p className="mt-1 text-xs break-words text-rug">Reason: {member.banReason}</p>
          ) : null}
        </div>
      </div>
      {isMe ? null : (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onRole}>
            {member.isAdmin ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}
            {member.isAdmin ? "Remove Admin" : "Make Admin"}
          </Button>
          <Button variant={member.isBanned ? "secondary" : "danger"} size="sm" onClick={onBan}>
            {member.isBanned ? <Undo2 aria-hidden /> : <Ban aria-hidden />}
            {member.isBanned ? "Unban" : "Ban"}
          </Button>
        </div>
      )}
    </article>
  );
}

/** /admin/members: the list, and a member's page at /admin/members/:id. */
export function AdminMembers() {
  return (
    <Routes>
      <Route index element={<MemberList />} />
      <Route path=":id" element={<AdminMemberPage />} />
    </Routes>
  );
}

/** Search by username or e-mail, all / admins / banned, ban and unban, the admin role. */
function MemberList() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const filter = (MEMBER_FILTERS as readonly string[]).includes(params.get("filter") ?? "")
    ? (params.get("filter") as TMemberFilter)
    : "all";
  const cursor = params.get("cursor");
  const [search, setSearch] = useState(params.get("search") ?? "");
  const debounced = useDebouncedValue(search.trim(), 300);
  const tooLong = debounced.length > 100;
  const query = useMembers(tooLong ? "" : debounced, filter, cursor);
  const [banning, setBanning] = useState<TAdminMember | null>(null);
  const [changingRole, setChangingRole] = useState<TAdminMember | null>(null);
  // A page other than the first is its cursor in the URL; a new search or filter starts at page 1.
  const show = (next: { filter?: TMemberFilter; cursor?: string | null; search?: string }) => {
    const f = next.filter ?? filter;
    const s = next.search ?? debounced;
    const out = new URLSearchParams();
    if (s) out.set("search", s);
    if (f !== "all") out.set("filter", f);
    if (next.cursor) out.set("cursor", next.cursor);
    setParams(out, { replace: true });
  };
  // The search lives in the URL once typing pauses (a new search starts at page 1).
  useEffect(() => {
    if ((params.get("search") ?? "") !== debounced) show({ search: debounced });
  });
  return (
    <section aria-labelledby="admin-members-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-members-heading" className="text-xl font-semibold">
          Members
        </h2>
        <Tabs value={filter} onValueChange={(value) => show({ filter: value as TMemberFilter })}>
          <TabsList aria-label="Which members">
            {MEMBER_FILTERS.map((f) => (
              <TabsTrigger key={f} value={f}>
                {FILTER_LABELS[f]}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      </div>
      <Field label="Search members" error={tooLong ? ADMIN_M.searchTooLong : undefined}>
        {(props) => (
          <Input
            {...props}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Username or e-mail"
          />
        )}
      </Field>
      <AdminQuery
        query={query}
        loading="Loading members"
        onStale={cursor ? () => show({ cursor: null }) : undefined}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <AdminEmpty className="flex flex-col items-center gap-2">
            <Users className="size-5" aria-hidden />
            {ADMIN_M.membersEmpty}
          </AdminEmpty>
        }
      >
        {(data) => (
          <AdminRows
            label="Members"
            count={{ total: data.total, more: data.totalCapped, one: "member", many: "members" }}
            pager={keysetPager(data, (to) => show({ cursor: to }), "Member pages")}
          >
            {data.items.map((member) => (
              <li key={member.id}>
                <MemberRow
                  member={member}
                  isMe={member.id === session?.user.id}
                  onBan={() => setBanning(member)}
                  onRole={() => setChangingRole(member)}
                />
              </li>
            ))}
          </AdminRows>
        )}
      </AdminQuery>
      {banning ? <BanDialog member={banning} onClose={() => setBanning(null)} /> : null}
      {changingRole ? <RoleDialog member={changingRole} onClose={() => setChangingRole(null)} /> : null}
    </section>
  );
}
