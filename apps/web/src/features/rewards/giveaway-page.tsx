import { M_REWARDS, type TGiveawayDetail, type TVerifyResult, verifyDraw } from "@plugs/domain";
import { ArrowLeft, CheckCircle2, Gift, ShieldCheck, Trophy, Users, XCircle } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { ApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { useRequireAuth } from "../auth/auth-prompt.ts";
import { useSession } from "../auth/session.ts";
import { usePageTitle } from "../site/queries.ts";
import { ClaimBox } from "./claim-form.tsx";
import { RulesList, TimeLeft } from "./giveaway-bits.tsx";
import { useEnterGiveaway, useGiveaway, useMyEntry } from "./queries.ts";

const DESCRIPTION = [
  "text-base leading-relaxed text-foreground",
  "[&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:font-semibold",
  "[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1",
  "[&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_strong]:font-semibold [&_p:first-child]:mt-0",
  "[&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm",
].join(" ");

function EntryBox({ giveaway }: { giveaway: TGiveawayDetail }) {
  const { session } = useSession();
  const requireAuth = useRequireAuth();
  const entry = useMyEntry(giveaway.slug);
  const enter = useEnterGiveaway(giveaway.slug);
  const entered = entry.data?.entered ?? giveaway.entered;
  const open = giveaway.phase === "live";

  if (giveaway.status === "cancelled") {
    return (
      <p className="rounded-xl border border-border px-4 py-3 text-sm text-muted">
        This giveaway was cancelled. Points spent on entries were refunded.
      </p>
    );
  }
  if (entry.data?.won) return <ClaimBox slug={giveaway.slug} entry={entry.data} />;
  if (entered) {
    return (
      <div className="rounded-xl bg-accent-soft px-4 py-3">
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 className="size-5 text-plug" aria-hidden /> You're in
        </p>
        <p className="mt-1 text-sm text-muted">
          {entry.data?.enteredAt ? `Entered ${formatDate(entry.data.enteredAt)}` : "Entered"}
          {entry.data && entry.data.pointsSpent > 0 ? ` · ${entry.data.pointsSpent} points spent` : ""}
          {giveaway.status === "drawn" ? " · Not drawn this time." : " · Good luck!"}
        </p>
      </div>
    );
  }
  if (!open) {
    return (
      <p className="rounded-xl border border-border px-4 py-3 text-sm text-muted">
        {giveaway.phase === "upcoming" ? "Entries open when the countdown ends." : "Entries are closed."}
      </p>
    );
  }
  const blocked = giveaway.eligibility && !giveaway.eligibility.eligible;
  return (
    <div>
      <Button
        size="lg"
        className="w-full"
        disabled={enter.isPending || Boolean(blocked)}
        onClick={() =>
          requireAuth(M_REWARDS.signInToEnter, () =>
            enter.mutate(undefined, {
              onSuccess: () => toast.success("You're in! Good luck."),
              onError: (err) => toast.error(err.message),
            }),
          )
        }
      >
        <Gift aria-hidden />
        {enter.isPending
          ? "Entering..."
          : giveaway.entryCost > 0
            ? `Enter for ${giveaway.entryCost.toLocaleString()} points`
            : "Enter giveaway"}
      </Button>
      {!session ? <p className="mt-2 text-center text-sm text-muted">{M_REWARDS.signInToEnter}</p> : null}
      {enter.error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-rug">
          {enter.error.message}
        </p>
      ) : null}
    </div>
  );
}

function Check({ ok, label }: { ok: boolean; label: string }) {
  return (
    <li className={cn("flex items-center gap-2 text-sm font-medium", ok ? "text-plug" : "text-rug")}>
      {ok ? <CheckCircle2 className="size-4" aria-hidden /> : <XCircle className="size-4" aria-hidden />}{" "}
      {label}
    </li>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 font-mono text-xs break-all">{value}</dd>
    </div>
  );
}

/** The fairness proof: the commitment, and after the draw the seed, the entrants hash and a Verify button. */
function FairnessProof({ giveaway }: { giveaway: TGiveawayDetail }) {
  const [result, setResult] = useState<TVerifyResult | null>(null);
  const [busy, setBusy] = useState(false);
  const proof = giveaway.proof;
  if (!proof) return null;
  const drawn = giveaway.status === "drawn" && proof.seed;
  const verify = async () => {
    setBusy(true);
    try {
      setResult(await verifyDraw(proof, giveaway.winnersCount));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="proof-title"
      className="mt-8 rounded-2xl border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id="proof-title" className="flex items-center gap-2 text-lg font-bold">
        <ShieldCheck className="size-5 text-accent" aria-hidden /> Fairness proof
      </h2>
      <dl className="mt-4 grid gap-4">
        <Field label="Seed hash (SHA-256, published before entries opened)" value={proof.seedHash} />
        {drawn ? (
          <>
            <Field label="Seed (revealed at the draw)" value={proof.seed ?? ""} />
            <Field
              label={`Entrants hash (${proof.entrantIds?.length ?? 0} entrants${proof.excludedCount ? `, ${proof.excludedCount} excluded` : ""})`}
              value={proof.entrantsHash ?? ""}
            />
            {proof.redraws > 0 ? (
              <div className="min-w-0">
                <dt className="text-xs font-semibold tracking-wide text-muted uppercase">Redraws</dt>
                <dd className="mt-1 text-sm">
                  {proof.redraws === 1
                    ? "1 prize was not claimed in time and went to the next winner in the same sequence"
                    : `${proof.redraws} prizes were not claimed in time and went to the next winners in the same sequence`}{" "}
                  ({proof.winnerIds?.length ?? 0} drawn in all).
                </dd>
              </div>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted">
            The seed stays secret until the draw; its hash above fixes it now.
          </p>
        )}
      </dl>
      {drawn ? (
        <div className="mt-5">
          <Button variant="secondary" onClick={() => void verify()} disabled={busy}>
            <ShieldCheck aria-hidden /> {busy ? "Verifying..." : "Verify the draw"}
          </Button>
          {result ? (
            <div role="status" className="mt-3">
              <p className={cn("font-semibold", result.matches ? "text-plug" : "text-rug")}>
                {result.matches ? "Everything matches." : "The proof does not match."}
              </p>
              <ul className="mt-2 flex flex-col gap-1">
                <Check ok={result.seedMatchesCommitment} label="The seed's SHA-256 is the published hash" />
                <Check ok={result.entrantsHashMatches} label="The entrant list hashes to the entrants hash" />
                <Check ok={result.winnersMatch} label="Recomputed winners match the announced winners" />
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
      <details className="mt-5 text-sm text-muted">
        <summary className="cursor-pointer font-medium text-foreground">How the winners are drawn</summary>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>
            When the giveaway is published, the server picks a secret seed (32 random bytes) and publishes
            only its SHA-256.
          </li>
          <li>
            At the end time the entrant list is frozen: member ids sorted, joined with newlines, hashed with
            SHA-256.
          </li>
          <li>
            For counter = 0, 1, 2 ...: HMAC-SHA256 with the seed's bytes as key over the text "entrants
            hash:counter"; the first 8 bytes as a number, modulo the number of entrants, pick the next winner
            from the sorted list (a member already drawn is skipped).
          </li>
          <li>
            A prize not claimed in time is redrawn by drawing further along the same sequence: the first
            winners stay the same, and the proof counts the redraws.
          </li>
          <li>
            The seed is revealed, so anyone can check it against its hash and recompute the winners. The
            Verify button does that in your browser.
          </li>
        </ol>
      </details>
    </section>
  );
}

/** /rewards/{slug}: a giveaway, Enter, the viewer's entry, and after the draw its winners and proof. */
export default function GiveawayPage() {
  const { slug = "" } = useParams();
  const query = useGiveaway(slug);
  usePageTitle(query.data?.title ?? "Rewards");
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <section className={PAGE_WIDTH.message}>
          <h1 className="text-2xl font-bold tracking-tight">{M_REWARDS.giveawayNotFound}</h1>
          <Button asChild variant="secondary" className="mt-6">
            <Link to="/rewards">
              <ArrowLeft aria-hidden /> All giveaways
            </Link>
          </Button>
        </section>
      );
    }
    return (
      <div className={PAGE_WIDTH.reading}>
        <LoadError
          title="Could not load the giveaway"
          onRetry={() => void query.refetch()}
          busy={query.isFetching}
        />
      </div>
    );
  }
  const g = query.data;
  return (
    <div className={PAGE_WIDTH.wide}>
      <Link
        to="/rewards"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> All giveaways
      </Link>
      {/* On a phone the entry box comes right after the description; on a wide screen it is the right column. */}
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {g.imageUrl ? (
            <img
              src={g.imageUrl}
              alt={`${g.title}: ${g.prize}`}
              className="mb-5 aspect-[2/1] w-full rounded-2xl border border-border object-cover"
            />
          ) : null}
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{g.title}</h1>
          <p className="mt-2 text-lg font-semibold text-plug">{g.prize}</p>
          {g.descriptionHtml ? (
            <article
              className={`mt-6 ${DESCRIPTION}`}
              // Rendered from Markdown without raw HTML and sanitized by the server (features/learn/markdown.ts).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server
              dangerouslySetInnerHTML={{ __html: g.descriptionHtml }}
            />
          ) : null}
        </div>
        <aside className="flex flex-col gap-4 self-start rounded-2xl border border-border bg-surface p-5 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <TimeLeft giveaway={g} />
          <div className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5">
              <Trophy className="size-4" aria-hidden /> {g.winnersCount}{" "}
              {g.winnersCount === 1 ? "winner" : "winners"}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Users className="size-4" aria-hidden /> {g.entriesCount.toLocaleString()}{" "}
              {g.entriesCount === 1 ? "entrant" : "entrants"}
            </span>
          </div>
          <RulesList giveaway={g} />
          <EntryBox giveaway={g} />
          <p className="text-xs text-muted">
            {g.phase === "ended" ? "Ended" : "Ends"} {formatDate(g.endsAt)}
          </p>
        </aside>
        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-2">
          {g.status === "drawn" ? (
            <section aria-labelledby="winners-title">
              <h2 id="winners-title" className="flex items-center gap-2 text-lg font-bold">
                <Trophy className="size-5 text-accent" aria-hidden /> Winners
              </h2>
              {g.winners.length === 0 ? (
                <p className="mt-2 text-sm text-muted">Nobody entered, so nobody won.</p>
              ) : (
                <ol className="mt-3 grid gap-2 sm:grid-cols-2">
                  {g.winners.map((w) => (
                    <li
                      key={w.userId}
                      className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3"
                    >
                      <span className="w-6 text-sm font-semibold text-muted">#{w.position}</span>
                      <Avatar src={w.avatarUrl} name={w.username} className="size-9" />
                      <div className="min-w-0">
                        <Link
                          to={`/user/${encodeURIComponent(w.username)}`}
                          className="block truncate font-medium hover:underline"
                        >
                          {w.username}
                        </Link>
                        {w.claimStatus === "expired" ? (
                          <p className="text-xs text-muted">Not claimed in time</p>
                        ) : null}
                      </div>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          ) : null}
          <FairnessProof giveaway={g} />
        </div>
      </div>
    </div>
  );
}
