import { M, type TArticle, type TTocEntry } from "@plugs/domain";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, ChevronDown, Clock, ListTree, Share2 } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { PAGE_WIDTH } from "../../components/page-width.ts";
import { PROSE } from "../../components/prose.ts";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../components/ui/toaster.tsx";
import { cn } from "../../lib/cn.ts";
import { usePageTitle } from "../site/queries.ts";
import {
  ARTICLE_EXTRAS,
  ArticleCardView,
  ArticleCover,
  articlePath,
  BlogLoadFailure,
  CategoryBadge,
  Day,
  TagList,
} from "./blog-parts.tsx";
import { blogKeys, useArticle } from "./queries.ts";

/** Headings from which an article shows its table of contents. */
const TOC_FROM = 3;
/** A heading's indent under the top level (classes, not a style attribute: the CSP refuses those). */
const INDENTS = ["pl-3", "pl-6", "pl-9"];

/** The system share sheet with the article's title; without one, the link goes to the clipboard (as posts do). */
async function shareArticle(article: TArticle) {
  const url = `${window.location.origin}${articlePath(article.slug)}`;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: article.title, url });
      return;
    } catch (err) {
      // Closing the sheet is a choice, not a failure.
      if ((err as Error).name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(M.posts.linkCopied);
  } catch {
    toast.error(`Could not copy the link: ${url}`);
  }
}

/** Whether the article changed on a later day than it went out (an edit the same day is not news to readers). */
function updatedLater(article: TArticle): boolean {
  return article.updatedAt !== null && article.updatedAt.slice(0, 10) !== article.publishedAt.slice(0, 10);
}

function TableOfContents({
  toc,
  className,
  titled = true,
}: {
  toc: TTocEntry[];
  className?: string;
  /** Off inside the phone's disclosure, whose summary is the title. */
  titled?: boolean;
}) {
  const top = Math.min(...toc.map((entry) => entry.level));
  return (
    <nav aria-label="Table of contents" className={className}>
      {titled ? (
        <p className="flex items-center gap-2 text-sm font-semibold">
          <ListTree className="size-4 text-accent" aria-hidden /> On this page
        </p>
      ) : null}
      <ol className={cn("flex flex-col gap-2 border-l border-border text-sm", titled && "mt-3")}>
        {toc.map((entry) => (
          <li key={entry.id} className={INDENTS[Math.min(entry.level - top, INDENTS.length - 1)]}>
            <a href={`#${entry.id}`} className="text-muted transition-colors hover:text-foreground">
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function AuthorCard({ article }: { article: TArticle }) {
  const { username, avatarUrl } = article.author;
  return (
    <section
      aria-label="Author"
      className="flex items-center gap-4 rounded-2xl border border-border bg-surface p-5"
    >
      <Avatar src={avatarUrl} name={username} className="size-12" />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted">Written by</p>
        <Link to={`/user/${username}`} className="block truncate font-semibold hover:underline">
          @{username}
        </Link>
      </div>
      <Button asChild variant="secondary" size="sm">
        <Link to={`/user/${username}`}>View profile</Link>
      </Button>
    </section>
  );
}

function Neighbours({ article }: { article: TArticle }) {
  if (!article.previous && !article.next) return null;
  const box = "rounded-xl border border-border bg-surface p-4 transition-colors hover:border-border-strong";
  return (
    <nav aria-label="More articles" className="grid gap-3 sm:grid-cols-2">
      {article.previous ? (
        <Link to={articlePath(article.previous.slug)} className={box}>
          <span className="flex items-center gap-1 text-xs text-muted">
            <ArrowLeft className="size-3.5" aria-hidden /> Previous
          </span>
          <span className="mt-1 block font-medium">{article.previous.title}</span>
        </Link>
      ) : (
        <span className="hidden sm:block" />
      )}
      {article.next ? (
        <Link to={articlePath(article.next.slug)} className={cn(box, "text-right")}>
          <span className="flex items-center justify-end gap-1 text-xs text-muted">
            Next <ArrowRight className="size-3.5" aria-hidden />
          </span>
          <span className="mt-1 block font-medium">{article.next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * /blog/{slug}: the article (the server's sanitized HTML), its table of contents when long, author, category,
 * tags, reading time, share, previous/next and three related articles. An old slug answers with the article,
 * and the address is replaced by its slug.
 */
export default function BlogPostPage() {
  const { slug = "" } = useParams();
  const query = useArticle(slug);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle(query.data?.title ?? "Blog");
  const current = query.data?.slug;
  useEffect(() => {
    if (!current || current === slug || !query.data) return;
    queryClient.setQueryData(blogKeys.article(current), query.data);
    void navigate(`${articlePath(current)}${window.location.hash}`, { replace: true });
  }, [current, slug, query.data, queryClient, navigate]);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <BlogLoadFailure
        error={query.error}
        what="article"
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
      />
    );
  }
  const article = query.data;
  const withToc = article.toc.length >= TOC_FROM;

  return (
    <div className={PAGE_WIDTH.wide}>
      <div className={cn("grid gap-10", withToc && "lg:grid-cols-[minmax(0,1fr)_16rem]")}>
        <article className="mx-auto w-full max-w-3xl min-w-0">
          <Link
            to="/blog"
            className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden /> Blog
          </Link>
          <header className="mt-4 flex flex-col gap-4">
            {article.category ? <CategoryBadge category={article.category} /> : null}
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{article.title}</h1>
            <p className="text-lg text-pretty text-muted">{article.excerpt}</p>
            <div className="flex items-center gap-3">
              <Avatar src={article.author.avatarUrl} name={article.author.username} className="size-10" />
              <div className="min-w-0 flex-1 text-sm">
                <Link
                  to={`/user/${article.author.username}`}
                  className="block truncate font-medium hover:underline"
                >
                  @{article.author.username}
                </Link>
                <p className="flex flex-wrap gap-x-2 text-muted">
                  <Day value={article.publishedAt} />
                  {updatedLater(article) ? (
                    <span>
                      · Updated <Day value={article.updatedAt ?? article.publishedAt} />
                    </span>
                  ) : null}
                  <span className="inline-flex items-center gap-1">
                    · <Clock className="size-3.5" aria-hidden /> {article.readingMinutes} min read
                  </span>
                </p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => void shareArticle(article)}>
                <Share2 aria-hidden /> Share
              </Button>
            </div>
          </header>
          {article.coverUrl ? <ArticleCover article={article} eager className="mt-6 rounded-2xl" /> : null}
          {withToc ? (
            <details className="group mt-6 rounded-xl border border-border bg-surface p-4 lg:hidden">
              <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-semibold">
                <ListTree className="size-4 text-accent" aria-hidden /> Table of contents
                <ChevronDown
                  className="ml-auto size-4 text-muted transition-transform group-open:rotate-180"
                  aria-hidden
                />
              </summary>
              <TableOfContents toc={article.toc} titled={false} className="mt-3" />
            </details>
          ) : null}
          <div
            className={`mt-2 ${PROSE} ${ARTICLE_EXTRAS}`}
            // Rendered from Markdown without raw HTML and sanitized with an allow-list on the server.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server
            dangerouslySetInnerHTML={{ __html: article.html }}
          />
          <TagList tags={article.tags} className="mt-8" />
          <div className="mt-8 flex flex-col gap-6">
            <AuthorCard article={article} />
            <Neighbours article={article} />
          </div>
        </article>
        {withToc ? (
          <aside className="hidden lg:block">
            <TableOfContents toc={article.toc} className="sticky top-24" />
          </aside>
        ) : null}
      </div>

      {article.related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-12 border-t border-border pt-8">
          <h2 id="related-heading" className="text-xl font-bold">
            Related articles
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {article.related.map((related) => (
              <li key={related.id} className="flex">
                <div className="flex-1">
                  <ArticleCardView article={related} headingLevel={3} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
