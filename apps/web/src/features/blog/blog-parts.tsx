import type { TArticleCard, TBlogCategory } from "@plugs/domain";
import { Clock, Newspaper, Star } from "lucide-react";
import { Link } from "react-router";
import { PageLoadFailure } from "../../components/load-error.tsx";
import { NotFoundPanel } from "../../components/not-found-panel.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { cn } from "../../lib/cn.ts";
import { useFormatDay } from "../../lib/format.ts";

/**
 * What an article's HTML has beyond a lesson's (the server's lib/markdown.ts): headings' own links, shown on hover
 * or focus, and embeds of our own KOL and post pages drawn as cards.
 */
export const ARTICLE_EXTRAS = [
  "[&_.heading-anchor]:ml-2 [&_.heading-anchor]:text-muted [&_.heading-anchor]:no-underline [&_.heading-anchor]:opacity-0",
  "[&_.heading-anchor:focus-visible]:opacity-100 [&_:hover>.heading-anchor]:opacity-100",
  "[&_.blog-embed]:mt-4 [&_.blog-embed-link]:flex [&_.blog-embed-link]:flex-col [&_.blog-embed-link]:gap-1",
  "[&_.blog-embed-link]:rounded-xl [&_.blog-embed-link]:border [&_.blog-embed-link]:border-border [&_.blog-embed-link]:bg-surface",
  "[&_.blog-embed-link]:p-4 [&_.blog-embed-link]:text-foreground [&_.blog-embed-link]:no-underline [&_.blog-embed-link]:transition-colors",
  "[&_.blog-embed-link:hover]:border-border-strong [&_.blog-embed-kind]:text-xs [&_.blog-embed-kind]:font-semibold [&_.blog-embed-kind]:text-accent",
  "[&_.blog-embed-title]:font-semibold [&_.blog-embed-meta]:text-sm [&_.blog-embed-meta]:font-normal [&_.blog-embed-meta]:text-muted",
  "[&_.blog-embed-text]:line-clamp-3 [&_.blog-embed-text]:text-sm [&_.blog-embed-text]:font-normal",
].join(" ");

export const articlePath = (slug: string) => `/blog/${slug}`;
export const categoryPath = (slug: string) => `/blog/category/${slug}`;
export const tagPath = (slug: string) => `/blog/tag/${slug}`;

/** A day as "Nov 23, 2026" in a `<time>`, safe for the server's first render (UTC until hydrated). */
export function Day({ value, className }: { value: string; className?: string }) {
  const formatDay = useFormatDay();
  return (
    <time dateTime={value} className={className}>
      {formatDay(value)}
    </time>
  );
}

export function ArticleCover({
  article,
  className,
  eager,
}: {
  article: TArticleCard;
  className?: string;
  /** The first screen's image: fetched at once, not when scrolled to. */
  eager?: boolean;
}) {
  return article.coverUrl ? (
    <img
      src={article.coverUrl}
      alt=""
      width={article.coverWidth ?? undefined}
      height={article.coverHeight ?? undefined}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={cn("aspect-[16/9] w-full bg-surface-2 object-cover", className)}
    />
  ) : (
    <div
      aria-hidden
      className={cn(
        "flex aspect-[16/9] w-full items-center justify-center bg-gradient-to-br from-accent-soft to-surface-2",
        className,
      )}
    >
      <Newspaper className="size-12 text-accent" />
    </div>
  );
}

/** Author, date and reading time in a row (the date is the updated one's too when it was edited later). */
export function ArticleByline({ article, className }: { article: TArticleCard; className?: string }) {
  return (
    <p className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted", className)}>
      <span className="inline-flex min-w-0 items-center gap-2">
        <Avatar src={article.author.avatarUrl} name={article.author.username} className="size-6" />
        <Link
          to={`/user/${article.author.username}`}
          className="truncate font-medium text-foreground hover:underline"
        >
          @{article.author.username}
        </Link>
      </span>
      {/* Date and reading time wrap together, so no separator is left at a line's end. */}
      <span className="inline-flex items-center gap-2 whitespace-nowrap">
        <Day value={article.publishedAt} />
        <span aria-hidden>·</span>
        <span className="inline-flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden /> {article.readingMinutes} min read
        </span>
      </span>
    </p>
  );
}

export function CategoryBadge({ category }: { category: NonNullable<TArticleCard["category"]> }) {
  return (
    <Link
      to={categoryPath(category.slug)}
      className="w-fit rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent hover:underline"
    >
      {category.name}
    </Link>
  );
}

export function TagList({ tags, className }: { tags: TArticleCard["tags"]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn("flex flex-wrap gap-1.5", className)}>
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            to={tagPath(tag.slug)}
            className="inline-flex rounded-md border border-border px-2 py-0.5 text-xs text-muted transition-colors hover:border-border-strong hover:text-foreground"
          >
            #{tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** An article in a list: cover, category, title (the link), excerpt, byline and tags. */
export function ArticleCardView({
  article,
  headingLevel = 2,
}: {
  article: TArticleCard;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-sm transition-colors hover:border-border-strong">
      <Link to={articlePath(article.slug)} tabIndex={-1} aria-hidden>
        <ArticleCover article={article} />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        {article.category ? <CategoryBadge category={article.category} /> : null}
        <Heading className="text-lg font-bold text-balance">
          <Link to={articlePath(article.slug)} className="hover:underline">
            {article.title}
          </Link>
        </Heading>
        <p className="line-clamp-3 text-sm text-pretty text-muted">{article.excerpt}</p>
        <div className="mt-auto flex flex-col gap-3">
          <ArticleByline article={article} />
          <TagList tags={article.tags} />
        </div>
      </div>
    </article>
  );
}

/** The featured article on top of /blog: wide, cover beside the text on a laptop. */
export function FeaturedArticle({ article }: { article: TArticleCard }) {
  return (
    <article className="grid overflow-hidden rounded-2xl border border-border bg-surface shadow-sm md:grid-cols-2">
      <Link to={articlePath(article.slug)} tabIndex={-1} aria-hidden>
        <ArticleCover article={article} eager className="h-full" />
      </Link>
      <div className="flex flex-col gap-3 p-6 sm:p-8">
        <p className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1 rounded-full bg-plug-soft px-2.5 py-0.5 text-xs font-semibold text-plug">
            <Star className="size-3.5" aria-hidden /> Featured
          </span>
          {article.category ? <CategoryBadge category={article.category} /> : null}
        </p>
        <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          <Link to={articlePath(article.slug)} className="hover:underline">
            {article.title}
          </Link>
        </h2>
        <p className="text-pretty text-muted">{article.excerpt}</p>
        <div className="mt-auto flex flex-col gap-3">
          <ArticleByline article={article} />
          <TagList tags={article.tags} />
        </div>
      </div>
    </article>
  );
}

/**
 * All, then each category with articles, as links, the open one marked: "" is All, null none (a tag's page, which
 * lists every category's articles with that tag).
 */
export function CategoryChips({
  categories,
  current,
}: {
  categories: TBlogCategory[];
  current: string | null;
}) {
  const shown = categories.filter((c) => c.articleCount > 0 || c.slug === current);
  if (shown.length === 0) return null;
  const chip = (active: boolean) =>
    cn(
      "inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors",
      active ? "bg-surface-2 text-foreground shadow-sm" : "text-muted hover:text-foreground",
    );
  return (
    <nav aria-label="Categories" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-1 rounded-xl border border-border bg-surface p-1">
        <li>
          <Link
            to="/blog"
            aria-current={current === "" ? "page" : undefined}
            className={chip(current === "")}
          >
            All
          </Link>
        </li>
        {shown.map((category) => (
          <li key={category.slug}>
            <Link
              to={categoryPath(category.slug)}
              aria-current={current === category.slug ? "page" : undefined}
              className={chip(current === category.slug)}
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An article, category or tag that does not exist (or is not published): its own words, and a way back. */
export function BlogNotFound({ title }: { title: string }) {
  return <NotFoundPanel icon={Newspaper} code title={title} back="/blog" backLabel="Browse all articles" />;
}

/** A blog page that failed: not found for a 404 (the server's words), else 'Could not load the ...' with Retry. */
export function BlogLoadFailure(props: { error: Error; what: string; onRetry: () => void; busy: boolean }) {
  return <PageLoadFailure {...props} notFound={(title) => <BlogNotFound title={title} />} />;
}
