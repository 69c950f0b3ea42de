import { ArrowLeft, Compass } from "lucide-react";
import { Link } from "react-router";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Button } from "../../components/ui/button.tsx";
import { usePageTitle } from "../site/queries.ts";

/** Any path that is not one of the product's pages (the server answers it with status 404). */
export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <section className={PAGE_WIDTH.message}>
      <span className="flex size-14 items-center justify-center rounded-2xl border border-border bg-surface text-muted shadow-panel">
        <Compass className="size-7" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold text-accent">404</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Page not found</h1>
      <p className="mt-3 text-base text-muted">
        There is nothing at this address. The link may be old, or the address mistyped.
      </p>
      <Button asChild className="mt-8">
        <Link to="/">
          <ArrowLeft aria-hidden /> Back to home
        </Link>
      </Button>
    </section>
  );
}
