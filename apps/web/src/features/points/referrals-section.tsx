import { M, type TReferralStats } from "@plugs/domain";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { formatDate } from "../../lib/format.ts";
import { SettingsCard } from "../dashboard/settings-card.tsx";
import { useReferrals } from "./queries.ts";

/** Spec: on error the card still shows, with zeroed stats. */
const ZEROED: TReferralStats = { totalReferrals: 0, pointsEarned: 0, referredUsers: [] };

/** /dashboard/referrals: the invite link to share, and what it has earned. */
export function ReferralsSection({ username }: { username: string }) {
  const query = useReferrals();
  const stats = query.data ?? ZEROED;
  const link = `${location.origin}/signup?ref=${encodeURIComponent(username)}`;
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success(M.points.linkCopied);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (permissions, insecure context): the field stays selectable by hand.
      toast.error("Could not copy. Select the link and copy it yourself.");
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <SettingsCard
        title="Referrals"
        description="Invite friends with your link and earn points when they join."
      >
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            readOnly
            value={link}
            aria-label="Your referral link"
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-sm"
          />
          <Button onClick={copy} className="shrink-0">
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />} Copy link
          </Button>
        </div>
        {query.isError ? (
          <LoadError
            look="inset"
            className="mt-3"
            title={M.points.referralLoadFailed}
            onRetry={() => void query.refetch()}
            busy={query.isFetching}
          />
        ) : null}
        <dl className="mt-5 grid grid-cols-2 gap-4">
          <div className="rounded-xl border border-border bg-background p-4">
            <dt className="text-xs font-medium text-muted">Total referrals</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="total-referrals">
              {query.isPending ? "…" : stats.totalReferrals.toLocaleString("en-US")}
            </dd>
          </div>
          <div className="rounded-xl border border-border bg-background p-4">
            <dt className="text-xs font-medium text-muted">Points earned</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="referral-points">
              {query.isPending ? "…" : stats.pointsEarned.toLocaleString("en-US")}
            </dd>
          </div>
        </dl>
      </SettingsCard>
      <SettingsCard title="Referred users">
        {query.isPending ? (
          <ul aria-hidden className="flex flex-col gap-3">
            {["s1", "s2"].map((key) => (
              <li key={key} className="flex animate-pulse items-center gap-3">
                <span className="size-9 rounded-full bg-surface-2" />
                <span className="h-4 flex-1 rounded bg-surface-2" />
              </li>
            ))}
          </ul>
        ) : stats.referredUsers.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted">{M.points.referralsEmpty}</p>
        ) : (
          <ul aria-label="Referred users" className="divide-y divide-border">
            {stats.referredUsers.map((user) => (
              <li key={user.username} className="flex items-center gap-3 py-3">
                <Avatar src={user.avatarUrl} name={user.username} />
                <Link
                  to={`/user/${encodeURIComponent(user.username)}`}
                  className="min-w-0 flex-1 truncate font-medium hover:underline"
                >
                  @{user.username}
                </Link>
                <time dateTime={user.joinedAt} className="shrink-0 text-xs text-muted">
                  {formatDate(user.joinedAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </SettingsCard>
    </div>
  );
}
