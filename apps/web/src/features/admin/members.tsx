import {
  ADMIN_M,
  MEMBER_FILTERS,
  type TAdminMember,
  type TMemberFilter,
  ZMemberBanRequest,
} from "@plugs/domain";
import { Ban, ShieldCheck, ShieldOff, Undo2, Users } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Pager } from "../../components/pager.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { formatDay } from "../../lib/format.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { useSession } from "../auth/session.ts";
import { useMembers, useSetMemberAdmin, useSetMemberBanned } from "./queries.ts";

const FILTER_LABELS: Record<TMemberFilter, string> = { all: "All", admins: "Admins", banned: "Banned" };

/** Ban or unban with a reason (required, as the server requires it). */
function BanDialog({ member, onClose }: { member: TAdminMember; onClose: () => void }) {
  const banning = !member.isBanned;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const mutation = useSetMemberBanned();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZMemberBanRequest.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    mutation.mutate(
      { id: member.id, banned: banning, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success(
            banning ? `@${member.username} is banned` : `@${member.username} is no longer banned`,
          );
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>{banning ? `Ban @${member.username}?` : `Unban @${member.username}?`}</DialogTitle>
        <DialogDescription>
          {banning
            ? "They are signed out everywhere at once, and their posts and profile are hidden until the ban is lifted."
            : "They can sign in again, and their posts and profile are shown again."}
        </DialogDescription>
        <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
          <Field label="Reason" error={error} hint="Kept in the audit log.">
            {(props) => (
              <Textarea
                {...props}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(undefined);
                }}
                rows={3}
                maxLength={500}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={banning ? "danger" : "primary"}
              busy={mutation.isPending}
              busyLabel={banning ? "Banning..." : "Unbanning..."}
            >
              {banning ? "Ban Member" : "Unban Member"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Make admin / remove admin, confirmed first. */
function RoleDialog({ member, onClose }: { member: TAdminMember; onClose: () => void }) {
  const granting = !member.isAdmin;
  const mutation = useSetMemberAdmin();
  const confirm = () =>
    mutation.mutate(
      { id: member.id, admin: granting },
      {
        onSuccess: () => {
          toast.success(
            granting ? `@${member.username} is now an admin` : `@${member.username} is no longer an admin`,
          );
          onClose();
        },
        onError: (err) => toast.error(err.message),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>
          {granting ? `Make @${member.username} an admin?` : `Remove @${member.username} as admin?`}
        </DialogTitle>
        <DialogDescription>
          {granting
            ? "Admins can moderate everything, ban members, airdrop points and change the site's settings."
            : "They keep their account and lose the admin tools at their next request."}
        </DialogDescription>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            variant={granting ? "primary" : "danger"}
            busy={mutation.isPending}
            busyLabel="Saving..."
            onClick={confirm}
          >
            {granting ? "Make Admin" : "Remove Admin"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

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
            <Link to={`/user/${member.username}`} className="truncate font-semibold hover:underline">
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

/** /admin/members: search by username or e-mail, all / admins / banned, ban and unban, the admin role. */
export function AdminMembers() {
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const filter = (MEMBER_FILTERS as readonly string[]).includes(params.get("filter") ?? "")
    ? (params.get("filter") as TMemberFilter)
    : "all";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [search, setSearch] = useState(params.get("search") ?? "");
  const debounced = useDebouncedValue(search.trim(), 300);
  const tooLong = debounced.length > 100;
  const query = useMembers(tooLong ? "" : debounced, filter, page);
  const [banning, setBanning] = useState<TAdminMember | null>(null);
  const [changingRole, setChangingRole] = useState<TAdminMember | null>(null);
  const show = (next: { filter?: TMemberFilter; page?: number; search?: string }) => {
    const f = next.filter ?? filter;
    const s = next.search ?? debounced;
    const out = new URLSearchParams();
    if (s) out.set("search", s);
    if (f !== "all") out.set("filter", f);
    if (next.page && next.page > 1) out.set("page", String(next.page));
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
      {query.isPending ? (
        <Spinner label="Loading members" className="text-accent" />
      ) : query.isError ? (
        <LoadError
          look="inset"
          title={query.error.message}
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      ) : query.data.items.length === 0 ? (
        <p className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border bg-surface p-6 text-center text-sm text-muted">
          <Users className="size-5" aria-hidden />
          {ADMIN_M.membersEmpty}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {query.data.total} {query.data.total === 1 ? "member" : "members"}
          </p>
          <ul aria-label="Members" className="flex flex-col gap-3">
            {query.data.items.map((member) => (
              <li key={member.id}>
                <MemberRow
                  member={member}
                  isMe={member.id === session?.user.id}
                  onBan={() => setBanning(member)}
                  onRole={() => setChangingRole(member)}
                />
              </li>
            ))}
          </ul>
          <Pager
            page={query.data.page}
            pageCount={query.data.pageCount}
            onPage={(p) => show({ page: p })}
            label="Member pages"
          />
        </>
      )}
      {banning ? <BanDialog member={banning} onClose={() => setBanning(null)} /> : null}
      {changingRole ? <RoleDialog member={changingRole} onClose={() => setChangingRole(null)} /> : null}
    </section>
  );
}
