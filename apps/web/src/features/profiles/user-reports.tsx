import type { TUserReport } from "@plugs/domain";
import { Link } from "react-router";
import { Avatar } from "../../components/ui/avatar.tsx";
import { formatDay } from "../../lib/format.ts";
import { CategoryPill } from "../reports/report-evidence.tsx";
import { ProfileTabList } from "./profile-tab-list.tsx";
import { useUserReports } from "./queries.ts";

function ReportRow({ report }: { report: TUserReport }) {
  const { kol } = report;
  return (
    <li>
      <Link
        to={`/kol/${encodeURIComponent(kol.handle)}`}
        className="flex gap-3 rounded-xl border border-border bg-surface px-4 py-3 transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Avatar src={kol.avatarUrl} name={kol.name || kol.handle} className="size-10 text-sm" />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="truncate font-medium">{kol.name || `@${kol.handle}`}</span>
            <CategoryPill category={report.category} />
          </span>
          <span className="mt-1 line-clamp-2 text-sm break-words text-muted">{report.description}</span>
          <span className="mt-1 block text-xs text-muted">
            @{kol.handle} · Reported <time dateTime={report.createdAt}>{formatDay(report.createdAt)}</time>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The profile's KOL reports tab: what the member reported that moderators approved, newest first. */
export function UserReports({ username }: { username: string }) {
  return (
    <ProfileTabList
      query={useUserReports(username, true)}
      failed="Failed to load reports"
      empty="No approved KOL reports yet"
      className="gap-2"
    >
      {(items) => (
        <ul aria-label="KOL reports" className="flex flex-col gap-2">
          {items.map((r) => (
            <ReportRow key={r.id} report={r} />
          ))}
        </ul>
      )}
    </ProfileTabList>
  );
}
