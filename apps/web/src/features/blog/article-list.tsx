import { BLOG_LIMITS } from "@plugs/domain";
import { Rss } from "lucide-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { CardGrid, CardGridItem, CardGridStates } from "../../components/card-grid.tsx";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { Pager } from "../../components/pager.tsx";
import { SearchBox } from "../../components/search-box.tsx";
import { useUrlSearch } from "../../lib/use-url-search.ts";
import { listAddress, type TArticleFilter } from "./api.ts";
import { ArticleCardView, CategoryChips, FeaturedArticle } from "./blog-parts.tsx";
import { useArticles, useBlogCategories } from "./queries.ts";

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
  const [typed, setTyped] = useUrlSearch(q);
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
    <div className={PAGE_WIDTH.full}>
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
        <SearchBox
          label="Search articles"
          placeholder="Search articles..."
          value={typed}
          onChange={setTyped}
          maxLength={BLOG_LIMITS.searchMax}
          className="lg:w-80"
        />
      </div>

      <section aria-label="Articles" aria-busy={query.isFetching} className="mt-6 flex flex-col gap-6">
        <CardGridStates
          query={query}
          skeletons={6}
          skeletonClassName="h-96"
          failed="Could not load the articles"
          isEmpty={(data) => data.items.length === 0 && !data.featured}
          empty={{
            title: filtered ? "No articles match" : "No articles yet",
            text: q
              ? "Try other words, or clear the search."
              : filtered
                ? "Articles will appear here once they are published."
                : "Articles on spotting rugs, vetting KOLs and keeping your wallet safe will appear here.",
          }}
        >
          {(data) => (
            <>
              {data.featured ? <FeaturedArticle article={data.featured} /> : null}
              <CardGrid>
                {data.items.map((article) => (
                  <CardGridItem key={article.id}>
                    <ArticleCardView article={article} />
                  </CardGridItem>
                ))}
              </CardGrid>
              <Pager page={data.page} pageCount={data.pageCount} onPage={setPage} label="Article pages" />
            </>
          )}
        </CardGridStates>
      </section>
    </div>
  );
}
