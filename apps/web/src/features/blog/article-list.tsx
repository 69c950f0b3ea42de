import { BLOG_LIMITS } from "@plugs/domain";
import { Rss, Search } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { LoadError } from "../../components/load-error.tsx";
import { Pager } from "../../components/pager.tsx";
import { Input } from "../../components/ui/input.tsx";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { listAddress, type TArticleFilter } from "./api.ts";
import { ArticleCardView, CategoryChips, FeaturedArticle } from "./blog-parts.tsx";
import { useArticles, useBlogCategories } from "./queries.ts";

const SKELETONS = ["a", "b", "c", "d", "e", "f"];

/**
 * A page of published articles, newest first, under the page's own header: the category chips, a search kept in
 * the address (?q=), the featured article on top of the unfiltered first page, the cards and the pager (?page=).
 */
export function ArticleList({
  category = "",
  tag = "",
  header,
}: {
  category?: string;
  tag?: string;
  header: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const { q, page } = listAddress(params);
  const [typed, setTyped] = useState(q);
  const search = useDebouncedValue(typed, 300);
  useEffect(() => {
    if (search.trim() === q) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (search.trim()) next.set("q", search.trim());
        else next.delete("q");
        next.delete("page");
        return next;
      },
      { replace: true },
    );
  }, [search, q, setParams]);
  const setPage = (value: number) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value > 1) next.set("page", String(value));
      else next.delete("page");
      return next;
    });
    window.scrollTo({ top: 0 });
  };
  const filter: TArticleFilter = { q, category, tag, page };
  const query = useArticles(filter);
  const categories = useBlogCategories();
  const filtered = Boolean(q || category || tag);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        {header}
        <a
          href="/blog/rss.xml"
          className="inline-flex w-fit shrink-0 sm:mt-1 items-center gap-1.5 rounded-lg border border-border px-3 py-1.5 text-sm font-medium text-muted transition-colors hover:border-border-strong hover:text-foreground"
        >
          <Rss className="size-4" aria-hidden /> RSS
        </a>
      </div>
      <div className="mt-6 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        {categories.data ? (
          <CategoryChips categories={categories.data.items} current={tag ? null : category} />
        ) : (
          <span />
        )}
        <div className="relative lg:w-80">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search articles"
            placeholder="Search articles..."
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            className="pl-9"
            maxLength={BLOG_LIMITS.searchMax}
          />
        </div>
      </div>

      <section aria-label="Articles" aria-busy={query.isFetching} className="mt-6 flex flex-col gap-6">
        {query.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {SKELETONS.map((key) => (
              <div key={key} className="h-96 animate-pulse rounded-2xl border border-border bg-surface" />
            ))}
          </div>
        ) : query.isError ? (
          <LoadError
            title="Could not load the articles"
            onRetry={() => void query.refetch()}
            busy={query.isFetching}
          />
        ) : query.data.items.length === 0 && !query.data.featured ? (
          <div className="rounded-2xl border border-dashed border-border bg-surface px-6 py-12 text-center">
            <p className="font-semibold">{filtered ? "No articles match" : "No articles yet"}</p>
            <p className="mt-1 text-sm text-muted">
              {q
                ? "Try other words, or clear the search."
                : filtered
                  ? "Articles will appear here once they are published."
                  : "Articles on spotting rugs, vetting KOLs and keeping your wallet safe will appear here."}
            </p>
          </div>
        ) : (
          <>
            {query.data.featured ? <FeaturedArticle article={query.data.featured} /> : null}
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {query.data.items.map((article) => (
                <li key={article.id} className="flex">
                  <div className="flex-1">
                    <ArticleCardView article={article} />
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              page={query.data.page}
              pageCount={query.data.pageCount}
              onPage={setPage}
              label="Article pages"
            />
          </>
        )}
      </section>
    </div>
  );
}
