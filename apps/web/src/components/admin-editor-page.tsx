import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ApiError } from "../lib/api.ts";
import { LoadError } from "./load-error.tsx";
import { Spinner } from "./ui/spinner.tsx";

/**
 * An admin editor's frame: the way back to its list, the h2 with whatever stands beside it (a status pill, a link
 * to the public page), and the editor below.
 */
export function AdminEditorPage({
  headingId,
  back,
  backLabel,
  title,
  beside,
  children,
}: {
  headingId: string;
  /** The list's address. */
  back: string;
  backLabel: ReactNode;
  title: ReactNode;
  beside?: ReactNode;
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
      </div>
      {children}
    </section>
  );
}

/**
 * What an editor shows for the thing it loads: a spinner while pending, the server's not-found words or
 * 'Could not load the …' with Retry when it failed, else `children` with the data.
 */
export function EditorQuery<T>({
  query,
  loading,
  what,
  children,
}: {
  query: {
    isPending: boolean;
    isFetching: boolean;
    error: Error | null;
    data: T | undefined;
    refetch: () => unknown;
  };
  /** The spinner's label, e.g. 'Loading the course'. */
  loading: string;
  /** What failed to load, e.g. 'course'. */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} className="text-accent" />;
  if (query.error || query.data === undefined) {
    return (
      <LoadError
        look="inset"
        title={
          query.error instanceof ApiError && query.error.status === 404
            ? query.error.message
            : `Could not load the ${what}`
        }
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
      />
    );
  }
  return children(query.data);
}
