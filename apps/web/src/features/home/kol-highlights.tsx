import type { TKolList } from "@plugs/domain";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { useKolList } from "../kols/api.ts";
import { KolCard, KolCardSkeleton } from "../kols/kol-card.tsx";

/** A short list of KOL cards for the home page, with a link to the full list. */
function Highlight({
  list,
  title,
  to,
  sort,
}: {
  list: TKolList;
  title: string;
  to: string;
  sort?: "newest";
}) {
  const query = useKolList({ list, sort, pageSize: 3 });
  return (
    <section aria-labelledby={`home-${list}`} className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h2 id={`home-${list}`} className="text-lg font-bold tracking-tight">
          {title}
        </h2>
        <Link
          to={to}
          className="inline-flex items-center gap-1 rounded text-sm font-semibold text-accent hover:underline"
        >
          See all <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      {query.isPending ? (
        <KolCardSkeleton />
      ) : query.isError ? (
        <p className="text-sm text-muted">Could not load this list right now.</p>
      ) : query.data.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-surface p-4 text-sm text-muted">
          Nobody here yet.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data.items.map((kol) => (
            <li key={kol.id}>
              <KolCard kol={kol} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Home: top KOLs and the latest plugs and rugs. */
export function KolHighlights() {
  return (
    <div className="grid gap-8 py-12 md:grid-cols-3">
      <Highlight list="top" title="Top KOLs" to="/top-kols" />
      <Highlight list="plugs" title="Latest plugs" to="/plugs" sort="newest" />
      <Highlight list="rugs" title="Latest rugs" to="/rugs" sort="newest" />
    </div>
  );
}
