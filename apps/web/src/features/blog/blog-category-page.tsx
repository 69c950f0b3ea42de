import { useParams } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { PageSpinner } from "../../components/ui/spinner.tsx";
import { usePageTitle } from "../site/queries.ts";
import { ArticleList } from "./article-list.tsx";
import { BlogLoadFailure } from "./blog-parts.tsx";
import { useBlogCategory } from "./queries.ts";

/** /blog/category/{slug}: the category's name and description over its published articles. */
export default function BlogCategoryPage() {
  const { slug = "" } = useParams();
  const query = useBlogCategory(slug);
  usePageTitle(query.data ? `${query.data.name} · Blog` : "Blog");
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <BlogLoadFailure
        error={query.error}
        what="category"
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
      />
    );
  }
  const category = query.data;
  return (
    <ArticleList
      key={category.slug}
      category={category.slug}
      header={
        <PageHeader eyebrow="Blog category" title={category.name} lead={category.description || undefined} />
      }
    />
  );
}
