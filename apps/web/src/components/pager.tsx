import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./ui/button.tsx";

/**
 * Previous / 'Page X of Y' / Next, as the spec's paged lists show it; 'Y+' (`more`) when the list counts its
 * pages only up to a cap and goes on past it.
 */
export type TPagerProps = {
  page: number;
  pageCount: number;
  more?: boolean;
  onPage: (page: number) => void;
  label?: string;
};

export function Pager({ page, pageCount, more = false, onPage, label = "Pages" }: TPagerProps) {
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

/** What a keyset list's page carries for its pager (the server's keysetPage). */
type TKeysetPageState = {
  page: number;
  pageCount: number;
  previousCursor: string | null;
  nextCursor: string | null;
  totalCapped?: boolean;
};

/**
 * The Pager's props for a keyset list: Previous and Next go to the page's own cursors (`go(null)` never happens
 * from here: page 1's previousCursor is null and its Previous is disabled); 'Y+' while a capped count goes on.
 */
export function keysetPager(
  data: TKeysetPageState,
  go: (cursor: string | null) => void,
  label: string,
): TPagerProps & { label: string } {
  return {
    page: data.page,
    pageCount: data.pageCount,
    more: Boolean(data.totalCapped) && data.nextCursor !== null,
    onPage: (p) => go(p > data.page ? data.nextCursor : data.previousCursor),
    label,
  };
}
