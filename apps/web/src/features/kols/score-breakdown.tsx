import {
  PLUG_AT,
  REPORT_PENALTY,
  RUG_AT,
  SCORE_FORMULA_TEXT,
  scoreKol,
  type TKolDetail,
} from "@plugs/domain";
import { Calculator } from "lucide-react";

/** What the first vote would make of an unrated KOL, worked out by the same formula. */
const FIRST_PLUG = scoreKol({ plugVotes: 1, rugVotes: 0, approvedReports: 0 }).score;
const FIRST_RUG = scoreKol({ plugVotes: 0, rugVotes: 1, approvedReports: 0 }).score;

/**
 * The score worked out step by step from this KOL's own numbers, then the formula in words. An unrated KOL has no
 * numbers to work with: it says so, and why, instead of showing the 50 the imaginary votes alone would give.
 */
export function ScoreBreakdown({ detail }: { detail: TKolDetail }) {
  const { kol, breakdown } = detail;
  const votes = kol.plugVotes + kol.rugVotes;
  const rows: { label: string; value: string; tone?: string }[] = [
    {
      label: `Plug share: (${kol.plugVotes} plug + 1) ÷ (${votes} ${votes === 1 ? "vote" : "votes"} + 2)`,
      value: `${breakdown.plugShare}`,
      tone: "text-plug",
    },
    {
      label: `Approved reports: ${kol.approvedReports} × ${REPORT_PENALTY}`,
      value: breakdown.reportPenalty > 0 ? `− ${breakdown.reportPenalty}` : "− 0",
      tone: breakdown.reportPenalty > 0 ? "text-rug" : undefined,
    },
  ];
  return (
    <section aria-labelledby="score-heading" className="rounded-2xl border border-border bg-surface p-5">
      <h2 id="score-heading" className="flex items-center gap-2 text-base font-semibold">
        <Calculator className="size-4 text-accent" aria-hidden /> How the score is worked out
      </h2>
      {breakdown.score === null ? (
        <div className="mt-4 rounded-xl border border-dashed border-border bg-surface-2 p-4 text-sm">
          <p className="font-semibold">Unrated: no score yet</p>
          <p className="mt-1 leading-relaxed text-muted">
            Nobody has voted on @{kol.handle} and no report about them has been approved, so there is nothing
            to score. Unrated KOLs are listed after every rated one. The first vote decides where they start:{" "}
            {FIRST_PLUG} after one plug vote, {FIRST_RUG} after one rug vote.
          </p>
        </div>
      ) : (
        <dl className="mt-4 divide-y divide-border text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex items-baseline justify-between gap-4 py-2">
              <dt className="text-muted">{row.label}</dt>
              <dd className={`font-semibold tabular-nums ${row.tone ?? ""}`}>{row.value}</dd>
            </div>
          ))}
          <div className="flex items-baseline justify-between gap-4 py-2">
            <dt className="font-semibold">Score (0 to 100)</dt>
            <dd className="text-lg font-bold tabular-nums">{breakdown.score}</dd>
          </div>
        </dl>
      )}
      <p className="mt-3 text-xs leading-relaxed text-muted">{SCORE_FORMULA_TEXT}</p>
      <p className="mt-2 text-xs text-muted">
        Verdict: <span className="font-semibold text-plug">plug</span> at {PLUG_AT}+,{" "}
        <span className="font-semibold text-rug">rug</span> at {RUG_AT} or less. Only reports a moderator
        approved count.
      </p>
    </section>
  );
}
