import { RotateCw, TriangleAlert } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

/**
 * When a page fails to load or render. The usual cause is a page's code that can no longer be fetched, after a new
 * version of the app went live or the connection dropped: reloading fixes both.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section role="alert" className={PAGE_WIDTH.message}>
      <span className="flex size-14 items-center justify-center rounded-2xl border border-border bg-surface text-rug shadow-panel">
        <TriangleAlert className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">This page could not load</h1>
      <p className="mt-3 text-base text-muted">
        Check your connection and reload. If the site was just updated, reloading fetches the new version.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden /> Reload
        </Button>
        <Button asChild variant="secondary">
          <Link to="/" reloadDocument>
            Back to home
          </Link>
        </Button>
      </div>
    </section>
  );
}
