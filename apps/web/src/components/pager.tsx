import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./ui/button.tsx";

/**
 * Previous / 'Page X of Y' / Next, as the spec's paged lists show it; 'Y+' (`more`) when the list counts its
 * pages only up to a cap and goes on past it.
 */
export function Pager({
  page,
  pageCount,
  more = false,
  onPage,
  label = "Pages",
}: {
  page: number;
  pageCount: number;
  more?: boolean;
  onPage: (page: number) => void;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden /> Previous
      </Button>
      <span className="text-sm text-muted tabular-nums" aria-live="polite">
        Page {page} of {pageCount}
        {more ? "+" : ""}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
