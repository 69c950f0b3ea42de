import { ShieldCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { usePageTitle } from "../site/queries.ts";
import { MyReports } from "./my-reports.tsx";
import { ReportForm } from "./report-form.tsx";

const RULES = [
  "Report what a KOL did, with evidence: links, screenshots, the contract or the transaction.",
  "A moderator checks every report. Only approved reports show publicly and count against the score.",
  "Your first report of a KOL can earn Report KOL points; reporting the same KOL again does not.",
];

/** /report: the report form and the user's own reports. `?handle=` fills in the KOL. */
export default function ReportPage() {
  usePageTitle("Report a KOL");
  const [params] = useSearchParams();
  const handle = (params.get("handle") ?? "").replace(/^@/, "").slice(0, 15);
  return (
    <div className={PAGE_WIDTH.wide}>
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Report a KOL</h1>
        <p className="mt-3 text-base text-pretty text-muted sm:text-lg">
          Got rugged after a call, or spotted an undisclosed promotion? Show the community what happened.
        </p>
      </header>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ReportForm initialHandle={handle} />
        <div className="flex flex-col gap-6">
          <section
            aria-labelledby="how-reports-work"
            className="rounded-2xl border border-border bg-surface p-5"
          >
            <h2 id="how-reports-work" className="flex items-center gap-2 text-base font-semibold">
              <ShieldCheck className="size-4 text-plug" aria-hidden /> How reports work
            </h2>
            <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-sm text-muted">
              {RULES.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </section>
          <MyReports />
        </div>
      </div>
    </div>
  );
}
