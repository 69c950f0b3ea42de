import { useParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { usePageTitle } from "../site/queries.ts";
import { ArticleList } from "./article-list.tsx";
import { BlogLoadFailure } from "./blog-parts.tsx";
import { useBlogTag } from "./queries.ts";

/** /blog/tag/{slug}: the published articles with this tag. */
export default function BlogTagPage() {
  const { slug = "" } = useParams();
  const query = useBlogTag(slug);
  usePageTitle(query.data ? `#${query.data.name} · Blog` : "Blog");
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <BlogLoadFailure
        error={query.error}
        what="tag"
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
      />
    );
  }
  const tag = query.data;
  return (
    <ArticleList
      key={tag.slug}
      tag={tag.slug}
      header={
        <PageHeader
          eyebrow="Blog tag"
          title={`#${tag.name}`}
          lead={`${tag.articleCount} ${tag.articleCount === 1 ? "article" : "articles"} tagged ${tag.name}.`}
        />
      }
    />
  );
}
