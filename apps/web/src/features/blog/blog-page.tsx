import { PageHeader } from "../../components/page-header.tsx";
import { usePageTitle, useSite } from "../site/queries.ts";
import { ArticleList } from "./article-list.tsx";
import { BLOG_LEAD, BLOG_TITLE } from "./blog-head.ts";

/** /blog: the newest published articles with the featured one on top, category chips, search and pages. */
export default function BlogPage() {
  usePageTitle(BLOG_TITLE);
  const { siteName } = useSite();
  return <ArticleList header={<PageHeader eyebrow={siteName} title={BLOG_TITLE} lead={BLOG_LEAD} />} />;
}
