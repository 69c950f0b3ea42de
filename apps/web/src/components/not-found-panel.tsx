import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";

/**
 * A page's thing that does not exist (or is not published): its icon, optionally '404', the server's words as the
 * h1, a line on why, and a way back to the list.
 */
export function NotFoundPanel({
  icon: Icon,
  code = false,
  title,
  back,
  backLabel,
}: {
  icon: LucideIcon;
  /** Show '404' above the title. */
  code?: boolean;
  title: string;
  back: string;
  backLabel: string;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <Icon className="mx-auto size-12 text-muted" aria-hidden />
      {code ? (
        <>
          <p className="mt-4 text-sm font-semibold text-accent">404</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">{title}</h1>
        </>
      ) : (
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      )}
      <p className="mt-2 text-muted">It may have been unpublished, or the link is wrong.</p>
      <Link to={back} className="mt-6 inline-block font-medium text-accent hover:underline">
        {backLabel}
      </Link>
    </div>
  );
}
