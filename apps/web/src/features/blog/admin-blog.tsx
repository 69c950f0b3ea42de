import {
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  BLOG_LIMITS,
  type TAdminArticleRow,
  type TArticleStatus,
} from "@plugs/domain";
import { FolderCog, Plus } from "lucide-react";
import { Link, Route, Routes, useSearchParams } from "react-router";
import { AdminEmpty, AdminQuery, AdminRows } from "../../components/admin-list.tsx";
import { SearchBox } from "../../components/search-box.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { formatDate } from "../../lib/format.ts";
import { useUrlSearch } from "../../lib/use-url-search.ts";
import { AdminArticleEditor } from "./admin-article-editor.tsx";
import { ArticleStatusPill } from "./admin-blog-parts.tsx";
import { AdminCategories } from "./admin-categories.tsx";
import { useAdminArticles } from "./queries.ts";

type TFilter = TArticleStatus | "all";
const FILTERS: TFilter[] = ["all", ...ARTICLE_STATUSES];

/** When the row's article went or goes out, or when it was last saved (a draft). */
function RowDate({ article }: { article: TAdminArticleRow }) {
  if (article.status === "scheduled" && article.publishAt) {
    return <>Publishes {formatDate(article.publishAt)}</>;
  }
  if (article.status === "published" && article.publishedAt) {
    const edited = Date.parse(article.updatedAt) > Date.parse(article.publishedAt) + 60_000;
    return (
      <>
        Published {formatDate(article.publishedAt)}
        {edited ? ` · Updated ${formatDate(article.updatedAt)}` : null}
      </>
    );
  }
  return <>Saved {formatDate(article.updatedAt)}</>;
}

function ArticleRow({ article }: { article: TAdminArticleRow }) {
  return (
    <Link
      to={`/admin/blog/${article.id}`}
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-border-strong focus-visible:outline-2 focus-visible:outline-accent"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ArticleStatusPill status={article.status} />
        {article.categoryName ? (
          <span className="rounded-md bg-surface-2 px-1.5 py-0.5 text-xs font-medium text-muted">
            {article.categoryName}
          </span>
        ) : null}
      </div>
      <span className="font-semibold break-words">{article.title}</span>
      <span className="flex flex-wrap gap-x-3 text-xs text-muted">
        <span className="font-mono">/blog/{article.slug}</span>
        <span>
          <RowDate article={article} />
        </span>
      </span>
    </Link>
  );
}

/** Every article, drafts and scheduled ones too, newest first; search, status and page live in the address. */
function ArticleList() {
  const [params, setParams] = useSearchParams();
  const status = (FILTERS as string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as TFilter)
    : "all";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const q = params.get("q") ?? "";
  const [typed, setTyped] = useUrlSearch(q);
  const show = (next: { status?: TFilter; page?: number }) => {
    const s = next.status ?? status;
    const address = new URLSearchParams();
    if (q) address.set("q", q);
    if (s !== "all") address.set("status", s);
    if ((next.page ?? 1) > 1) address.set("page", String(next.page));
    setParams(address);
  };
  const query = useAdminArticles(q, status === "all" ? "" : status, page);

  return (
    <section aria-labelledby="admin-blog-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-blog-heading" className="text-xl font-semibold">
          Blog
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link to="/admin/blog/categories">
              <FolderCog aria-hidden /> Categories
            </Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/admin/blog/new">
              <Plus aria-hidden /> New article
            </Link>
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="-mx-4 max-w-[calc(100%+2rem)] overflow-x-auto px-4 sm:mx-0 sm:max-w-full sm:px-0">
          <Tabs value={status} onValueChange={(value) => show({ status: value as TFilter })}>
            <TabsList aria-label="Article status">
              {FILTERS.map((s) => (
                <TabsTrigger key={s} value={s}>
                  {s === "all" ? "All" : ARTICLE_STATUS_LABELS[s]}
                </TabsTrigger>
              ))}
            </TabsList>
          </Tabs>
        </div>
        <SearchBox
          label="Search articles"
          placeholder="Search articles..."
          value={typed}
          onChange={setTyped}
          maxLength={BLOG_LIMITS.searchMax}
          className="flex-1 sm:max-w-xs"
        />
      </div>
      <AdminQuery
        query={query}
        loading="Loading articles"
        failed="Could not load the articles"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <AdminEmpty>
            {q
              ? "No articles match the search."
              : status === "all"
                ? "No articles yet. Write the first one."
                : `No ${ARTICLE_STATUS_LABELS[status].toLowerCase()} articles.`}
          </AdminEmpty>
        }
      >
        {(data) => (
          <AdminRows
            label="Articles"
            count={{ total: data.total, one: "article", many: "articles" }}
            pager={{
              page: data.page,
              pageCount: data.pageCount,
              onPage: (p) => show({ page: p }),
              label: "Article pages",
            }}
          >
            {data.items.map((article) => (
              <li key={article.id}>
                <ArticleRow article={article} />
              </li>
            ))}
          </AdminRows>
        )}
      </AdminQuery>
    </section>
  );
}

/**
 * The admin dashboard's Blog section: the articles at /admin/blog, the editor at /admin/blog/new and
 * /admin/blog/:id, the categories at /admin/blog/categories. The server refuses non-admins on every call.
 */
export function AdminBlog() {
  return (
    <Routes>
      <Route index element={<ArticleList />} />
      <Route path="categories" element={<AdminCategories />} />
      <Route path="new" element={<AdminArticleEditor />} />
      <Route path=":id" element={<AdminArticleEditor />} />
    </Routes>
  );
}
