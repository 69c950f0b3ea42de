import { REPORT_CATEGORY_LABELS, type TPublicReport, type TReportCategory } from "@plugs/domain";
import { Copy, ExternalLink, FileCode2, Receipt } from "lucide-react";
import { toast } from "../../components/ui/toaster.tsx";

/** The host of a link, shown beside it so a reader sees where it leads before clicking. */
function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}

export function CategoryPill({ category }: { category: TReportCategory }) {
  return (
    <span className="inline-flex items-center rounded-full border border-rug/30 bg-rug-soft px-2 py-0.5 text-xs font-semibold text-rug">
      {REPORT_CATEGORY_LABELS[category]}
    </span>
  );
}

function OnChain({ label, value, icon: Icon }: { label: string; value: string; icon: typeof FileCode2 }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`${label} copied`);
    } catch {
      toast.error(`Could not copy the ${label.toLowerCase()}`);
    }
  };
  return (
    <div className="flex min-w-0 items-center gap-2 rounded-lg border border-border bg-background px-3 py-2">
      <Icon className="size-4 shrink-0 text-muted" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted">{label}</p>
        <p className="truncate font-mono text-xs" title={value}>
          {value}
        </p>
      </div>
      <button
        type="button"
        onClick={copy}
        aria-label={`Copy ${label.toLowerCase()}`}
        className="cursor-pointer rounded-md p-1.5 text-muted hover:bg-surface-2 hover:text-foreground"
      >
        <Copy className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/**
 * A report's evidence as readers check it: links (with their host shown, opened without our referrer), screenshots
 * (thumbnails that open the full image) and the contract address or transaction hash, copyable.
 */
export function ReportEvidence({
  report,
}: {
  report: Pick<TPublicReport, "evidence" | "contractAddress" | "txHash">;
}) {
  const links = report.evidence.filter((e) => e.kind === "link");
  const shots = report.evidence.filter((e) => e.kind === "screenshot");
  if (links.length === 0 && shots.length === 0 && !report.contractAddress && !report.txHash) {
    return <p className="text-sm text-muted">No evidence attached.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      {links.length > 0 ? (
        <ul className="flex flex-col gap-1.5">
          {links.map((link) => (
            <li key={link.url} className="min-w-0">
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                className="inline-flex max-w-full items-center gap-1.5 rounded text-sm text-accent hover:underline"
              >
                <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                <span className="shrink-0 font-medium">{hostOf(link.url)}</span>
                <span className="truncate text-muted">{link.url.replace(/^https?:\/\/[^/]+/, "")}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {shots.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {shots.map((shot, i) => (
            <li key={shot.url}>
              <a
                href={shot.url}
                target="_blank"
                rel="noopener noreferrer"
                className="block overflow-hidden rounded-lg border border-border bg-background hover:border-border-strong"
              >
                <img
                  src={shot.url}
                  alt={`Screenshot ${i + 1} of the evidence`}
                  loading="lazy"
                  width={shot.width ?? undefined}
                  height={shot.height ?? undefined}
                  className="aspect-video w-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {report.contractAddress || report.txHash ? (
        <div className="grid gap-2 sm:grid-cols-2">
          {report.contractAddress ? (
            <OnChain label="Contract address" value={report.contractAddress} icon={FileCode2} />
          ) : null}
          {report.txHash ? <OnChain label="Transaction hash" value={report.txHash} icon={Receipt} /> : null}
        </div>
      ) : null}
    </div>
  );
}
