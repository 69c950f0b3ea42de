import { KOL_LIMITS, KOL_SORTS, M, type TKolList, type TKolSort } from "@plugs/domain";
import { Flag, Search, X } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, NavLink, useSearchParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { keysetPager, Pager } from "../../components/pager.tsx";
import { Button } from "../../components/ui/button.tsx";
import { fieldClasses, Input } from "../../components/ui/input.tsx";
import { isStalePage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { usePageTitle } from "../site/queries.ts";
import { directoryAddress, directoryQuery } from "./api.ts";
import { KolCard, KolCardSkeleton } from "./kol-card.tsx";
import { useKolList } from "./queries.ts";

const SKELETONS = ["a", "b", "c", "d", "e", "f"];

const SORT_LABELS: Record<TKolSort, string> = { score: "Score", name: "Name", newest: "Newest" };

/** The lists, in the order of the navigation's Plugs & Rugs menu, plus Top KOLs. */
const LIST_LINKS: { to: string; label: string; tone?: "plug" | "rug" }[] = [
  { to: "/kols", label: "All KOLs" },
  { to: "/top-kols", label: "Top KOLs" },
  { to: "/plugs", label: "Plugs", tone: "plug" },
  { to: "/plug-of-fame", label: "Plug of Fame", tone: "plug" },
  { to: "/rugs", label: "Rugs", tone: "rug" },
  { to: "/rug-of-shame", label: "Rug of Shame", tone: "rug" },
];

export type TDirectoryProps = {
  list: TKolList;
  title: string;
  lead: ReactNode;
  /** Search box and sort selector (the full directory); the ranked lists have a fixed order. */
  controls?: boolean;
  /** Show rank numbers (Top KOLs and the halls). */
  ranked?: boolean;
  /** What an empty list says. */
  empty: string;
};

function ListSwitcher() {
  return (
    // The tabs wrap rather than scroll sideways: on a phone every list stays in sight (nothing is cut at the edge).
    <nav aria-label="KOL lists">
      <ul className="flex flex-wrap gap-1 rounded-xl border border-border bg-surface p-1 sm:w-max">
        {LIST_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              className={({ isActive }) =>
                cn(
                  "inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors",
                  isActive
                    ? cn(
                        "bg-surface-2 shadow-sm",
                        link.tone === "plug"
                          ? "text-plug"
                          : link.tone === "rug"
                            ? "text-rug"
                            : "text-foreground",
                      )
                    : "text-muted hover:text-foreground",
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * One screen for every KOL list: the list switcher, optional search (debounced 300 ms) and sort, the cards, and
 * numbered pages. Search, sort and page live in the address (?q=&sort=&cursor=) so a list can be shared and Back works.
 */
export function KolDirectory({
  list,
  title,
  lead,
  controls = false,
  ranked = false,
  empty,
}: TDirectoryProps) {
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const { q, sort, cursor } = directoryAddress(params);

  const [typed, setTyped] = useState(q);
  const search = useDebouncedValue(typed, 300);
  useEffect(() => {
    if (search.trim() === q) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (search.trim()) next.set("q", search.trim());
        else next.delete("q");
        next.delete("cursor");
        return next;
      },
      { replace: true },
    );
  }, [search, q, setParams]);

  const query = useKolList(directoryQuery(list, controls, params));
  const data = query.data;

  const setParam = (name: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === null) next.delete(name);
      else next.set(name, value);
      if (name !== "cursor") next.delete("cursor");
      return next;
    });
  // A page other than the first is its cursor in the address (the server reads pages by keyset).
  const goToPage = (next: string | null) => {
    setParam("cursor", next);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={PAGE_WIDTH.full}>
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        <p className="mt-3 text-base text-pretty text-muted sm:text-lg">{lead}</p>
      </header>

      <div className="mt-6 flex flex-col gap-4">
        <ListSwitcher />
        {controls ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <div className="relative flex-1 sm:max-w-sm">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
                aria-hidden
              />
              <Input
                type="search"
                aria-label="Search KOLs by handle or name"
                placeholder="Search by handle or name..."
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                className="pl-9"
                maxLength={50}
              />
            </div>
            <label className="flex items-center gap-2 text-sm whitespace-nowrap text-muted">
              Sort by
              <select
                value={sort}
                onChange={(e) => setParam("sort", e.target.value === "score" ? null : e.target.value)}
                className={cn(fieldClasses, "h-10 w-auto pr-8 text-foreground")}
              >
                {KOL_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            {data ? (
              <p className="text-sm text-muted sm:ml-auto" aria-live="polite">
                {data.total.toLocaleString("en-US")}
                {data.totalCapped ? "+" : ""} {data.total === 1 ? "KOL" : "KOLs"}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      <section aria-label={title} aria-busy={query.isFetching} className="mt-6">
        {query.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {SKELETONS.map((key) => (
              <KolCardSkeleton key={key} />
            ))}
          </div>
        ) : query.isError && cursor && isStalePage(query.error) ? (
          // A page link that no longer reads (from an older version, or edited): say so, and offer page 1.
          <LoadError title={query.error.message} onRetry={() => goToPage(null)} retryLabel="First page" />
        ) : query.isError ? (
          <LoadError title={M.kols.loadFailed} onRetry={() => void query.refetch()} busy={query.isFetching} />
        ) : data && data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-surface px-6 py-12 text-center">
            {q ? (
              <>
                <p className="font-semibold">No KOLs match "{q}"</p>
                <p className="text-sm text-muted">
                  Check the spelling, or report them to add them to the directory.
                </p>
                <div className="flex flex-wrap justify-center gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setTyped("");
                      setParam("q", null);
                    }}
                  >
                    <X aria-hidden /> Clear search
                  </Button>
                  <Button asChild>
                    <Link to={`/report?handle=${encodeURIComponent(q.replace(/^@/, ""))}`}>
                      <Flag aria-hidden /> Report @{q.replace(/^@/, "")}
                    </Link>
                  </Button>
                </div>
              </>
            ) : (
              <>
                <p className="font-semibold">{empty}</p>
                <Button asChild variant="secondary">
                  <Link to="/kols">Browse all KOLs</Link>
                </Button>
              </>
            )}
          </div>
        ) : data ? (
          <>
            <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.items.map((kol, i) => (
                <li key={kol.id}>
                  <KolCard
                    kol={kol}
                    rank={ranked ? (data.page - 1) * KOL_LIMITS.pageSize + i + 1 : undefined}
                    headingLevel="h2"
                  />
                </li>
              ))}
            </ol>
            <div className="mt-8">
              <Pager {...keysetPager(data, goToPage, `${title} pages`)} />
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}
