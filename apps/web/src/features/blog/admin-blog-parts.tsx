import { ARTICLE_STATUS_LABELS, type TArticleStatus } from "@plugs/domain";
import { cn } from "../../lib/cn.ts";

const STATUS_TONES: Record<TArticleStatus, string> = {
  draft: "bg-surface-2 text-muted",
  scheduled: "bg-accent-soft text-accent",
  published: "bg-plug-soft text-plug",
};

/** An article's status as a coloured pill: draft grey, scheduled in the accent, published green. */
export function ArticleStatusPill({ status }: { status: TArticleStatus }) {
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", STATUS_TONES[status])}>
      {ARTICLE_STATUS_LABELS[status]}
    </span>
  );
}
