import { ArrowLeft, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * An admin editor's frame: the way back to its list, the h2 with its status pill and the link to the public page,
 * and the editor below.
 */
export function AdminEditorPage({
  headingId,
  back,
  backLabel,
  title,
  beside,
  view,
  children,
}: {
  headingId: string;
  /** The list's address. */
  back: string;
  backLabel: ReactNode;
  title: ReactNode;
  /** A status pill or so, beside the heading. */
  beside?: ReactNode;
  /** The public page, once readers can see it. */
  view?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <Link
        to={back}
        className="inline-flex w-fit items-center gap-1.5 text-sm text-muted hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {backLabel}
      </Link>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-xl font-semibold break-words">
          {title}
        </h2>
        {beside}
        {view ? (
          <Link
            to={view.to}
            className="inline-flex items-center gap-1 text-sm font-medium text-accent hover:underline"
          >
            {view.label} <ExternalLink className="size-3.5" aria-hidden />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
