import { z } from "zod";
import { BLOG_LIMITS } from "./blog-limits.ts";
import { ZPage } from "./pages.ts";
import { zPatch } from "./patch.ts";
import { ZSlug } from "./slugify.ts";
import { isSafeString, zText } from "./text.ts";

// Blog: articles written by the admins in Markdown (rendered and sanitized by the server), with one category and
// many tags. Drafts and scheduled articles are the admins' alone: everyone else gets 404 through every path.

// The limits live in a module of their own: a page that needs only them does not load zod and these schemas.
export { BLOG_LIMITS } from "./blog-limits.ts";

export const ARTICLE_STATUSES = ["draft", "scheduled", "published"] as const;
export type TArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_STATUS_LABELS: Record<TArticleStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

export const M_BLOG = {
  articleNotFound: "Article not found",
  categoryNotFound: "Category not found",
  tagNotFound: "Tag not found",
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${BLOG_LIMITS.titleMax} characters`,
  slugTaken: "That slug is already used by another article",
  excerptRequired: "Excerpt is required",
  excerptTooLong: `Excerpt must be at most ${BLOG_LIMITS.excerptMax} characters`,
  bodyRequired: "Article text is required",
  bodyTooLong: `Article text must be at most ${BLOG_LIMITS.bodyMax} characters`,
  statusInvalid: "Choose draft, scheduled or published",
  publishAtRequired: "Choose when to publish this article",
  publishAtInvalid: "Enter a valid date and time",
  publishAtInPast: "The publish time must be in the future",
  categoryUnknown: "Choose a category from the list",
  tagInvalid: `Each tag must be 1 to ${BLOG_LIMITS.tagMax} characters of letters, digits, spaces or hyphens`,
  tooManyTags: `An article can have at most ${BLOG_LIMITS.tagsMax} tags`,
  categoryNameRequired: "Name is required",
  categoryNameTooLong: `Name must be at most ${BLOG_LIMITS.categoryNameMax} characters`,
  categorySlugTaken: "That slug is already used by another category",
  categoryDescriptionTooLong: `Description must be at most ${BLOG_LIMITS.categoryDescriptionMax} characters`,
  categoryInUse: "Move this category's articles to another category first",
  imageRequired: "Choose an image to upload",
  searchTooLong: `Search must be at most ${BLOG_LIMITS.searchMax} characters`,
  invalidCharacters: "Input contains invalid characters",
} as const;

const isoDate = zText(M_BLOG.publishAtInvalid).refine(
  (v) => !Number.isNaN(Date.parse(v)),
  M_BLOG.publishAtInvalid,
);
const ZBlogSlug = ZSlug(BLOG_LIMITS.slugMax);
const ZPageNumber = z.coerce.number().int().min(1).max(10_000).optional();

export const ZArticleStatus = z.enum(ARTICLE_STATUSES, M_BLOG.statusInvalid);

/** A tag as typed: letters, digits, spaces and hyphens; its slug is made with slugify. */
export const ZTagName = zText(M_BLOG.tagInvalid)
  .trim()
  .min(1, M_BLOG.tagInvalid)
  .max(BLOG_LIMITS.tagMax, M_BLOG.tagInvalid)
  // Latin letters only: the tag's slug (slugify) keeps nothing else, and a tag needs one.
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, M_BLOG.tagInvalid);

// What the admin writes.

const articleFields = {
  title: zText(M_BLOG.titleRequired)
    .trim()
    .min(1, M_BLOG.titleRequired)
    .max(BLOG_LIMITS.titleMax, M_BLOG.titleTooLong)
    .refine(isSafeString, M_BLOG.invalidCharacters),
  /** Left out or empty: made from the title. */
  slug: z.union([z.literal(""), ZBlogSlug]).optional(),
  excerpt: zText(M_BLOG.excerptRequired)
    .trim()
    .min(1, M_BLOG.excerptRequired)
    .max(BLOG_LIMITS.excerptMax, M_BLOG.excerptTooLong)
    .refine(isSafeString, M_BLOG.invalidCharacters),
  /** Markdown, rendered and sanitized by the server. */
  body: zText(M_BLOG.bodyRequired).min(1, M_BLOG.bodyRequired).max(BLOG_LIMITS.bodyMax, M_BLOG.bodyTooLong),
  categoryId: z.uuid(M_BLOG.categoryUnknown).nullable(),
  tags: z.array(ZTagName, M_BLOG.tagInvalid).max(BLOG_LIMITS.tagsMax, M_BLOG.tooManyTags),
  status: ZArticleStatus,
  /** Required when status is scheduled (and then in the future); ignored otherwise. */
  publishAt: isoDate.nullish(),
  featured: z.boolean().optional(),
};

function checkSchedule(a: { status?: TArticleStatus; publishAt?: string | null }, ctx: z.RefinementCtx) {
  if (a.status !== "scheduled") return;
  if (!a.publishAt) ctx.addIssue({ code: "custom", path: ["publishAt"], message: M_BLOG.publishAtRequired });
  else if (Date.parse(a.publishAt) <= Date.now()) {
    ctx.addIssue({ code: "custom", path: ["publishAt"], message: M_BLOG.publishAtInPast });
  }
}

/** An article's fields, each judged alone; ZArticleInput adds the rule of a schedule's time. */
export const ZArticleFields = z.object(articleFields);

/** POST /api/admin/blog/articles. */
export const ZArticleInput = ZArticleFields.superRefine(checkSchedule);
export type TArticleInput = z.input<typeof ZArticleInput>;

/** PATCH /api/admin/blog/articles/{id}: any of the fields (a schedule still needs its time). */
export const ZArticlePatch = z.object(articleFields).partial().superRefine(checkSchedule);
export type TArticlePatch = z.input<typeof ZArticlePatch>;

/** POST /api/admin/blog/categories (PATCH takes any of the fields). */
export const ZCategoryInput = z.object({
  name: zText(M_BLOG.categoryNameRequired)
    .trim()
    .min(1, M_BLOG.categoryNameRequired)
    .max(BLOG_LIMITS.categoryNameMax, M_BLOG.categoryNameTooLong)
    .refine(isSafeString, M_BLOG.invalidCharacters),
  slug: z.union([z.literal(""), ZBlogSlug]).optional(),
  description: zText()
    .trim()
    .max(BLOG_LIMITS.categoryDescriptionMax, M_BLOG.categoryDescriptionTooLong)
    .refine(isSafeString, M_BLOG.invalidCharacters)
    .default(""),
});
export type TCategoryInput = z.input<typeof ZCategoryInput>;
export const ZCategoryPatch = zPatch(ZCategoryInput);
export type TCategoryPatch = z.input<typeof ZCategoryPatch>;

/** POST /api/admin/blog/preview: the editor's Markdown, rendered exactly as readers will get it. */
export const ZPreviewRequest = z.object({
  body: zText().max(BLOG_LIMITS.bodyMax, M_BLOG.bodyTooLong),
});
export type TPreviewRequest = z.infer<typeof ZPreviewRequest>;

/** GET /api/blog/articles. */
export const ZArticleListQuery = z.object({
  q: zText().trim().max(BLOG_LIMITS.searchMax, M_BLOG.searchTooLong).optional(),
  category: zText().trim().max(BLOG_LIMITS.slugMax).optional(),
  tag: zText().trim().max(BLOG_LIMITS.slugMax).optional(),
  page: ZPageNumber,
});
export type TArticleListQuery = z.input<typeof ZArticleListQuery>;

/** GET /api/admin/blog/articles. */
export const ZAdminArticleListQuery = z.object({
  q: zText().trim().max(BLOG_LIMITS.searchMax, M_BLOG.searchTooLong).optional(),
  status: z.enum(["", ...ARTICLE_STATUSES], M_BLOG.statusInvalid).optional(),
  page: ZPageNumber,
});
export type TAdminArticleListQuery = z.input<typeof ZAdminArticleListQuery>;

// What the server answers.

export const ZBlogCategoryRef = z.object({ slug: z.string(), name: z.string() });
export type TBlogCategoryRef = z.infer<typeof ZBlogCategoryRef>;
export const ZBlogTagRef = z.object({ slug: z.string(), name: z.string() });
export type TBlogTagRef = z.infer<typeof ZBlogTagRef>;

export const ZArticleCard = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverUrl: z.string().nullable(),
  coverWidth: z.number().nullable(),
  coverHeight: z.number().nullable(),
  author: z.object({ username: z.string(), avatarUrl: z.string().nullable() }),
  publishedAt: z.string(),
  /** Set only when the article was edited after it was published. */
  updatedAt: z.string().nullable(),
  readingMinutes: z.number(),
  category: ZBlogCategoryRef.nullable(),
  tags: z.array(ZBlogTagRef),
  featured: z.boolean(),
});
export type TArticleCard = z.infer<typeof ZArticleCard>;

export const ZArticleList = ZPage(ZArticleCard).extend({
  /** The newest featured article, on page 1 of the unfiltered list only (it is not repeated in items). */
  featured: ZArticleCard.nullable(),
});
export type TArticleList = z.infer<typeof ZArticleList>;

export const ZTocEntry = z.object({ id: z.string(), text: z.string(), level: z.number() });
export type TTocEntry = z.infer<typeof ZTocEntry>;

export const ZArticleLink = z.object({ slug: z.string(), title: z.string() }).nullable();

export const ZArticle = ZArticleCard.extend({
  /** The Markdown body as sanitized HTML, rendered by the server. */
  html: z.string(),
  toc: z.array(ZTocEntry),
  /** The next older and the next newer published article. */
  previous: ZArticleLink,
  next: ZArticleLink,
  related: z.array(ZArticleCard),
});
export type TArticle = z.infer<typeof ZArticle>;

export const ZBlogCategory = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Published articles only. */
  articleCount: z.number(),
});
export type TBlogCategory = z.infer<typeof ZBlogCategory>;
export const ZBlogCategoryList = z.object({ items: z.array(ZBlogCategory) });
export type TBlogCategoryList = z.infer<typeof ZBlogCategoryList>;

export const ZBlogTag = z.object({ slug: z.string(), name: z.string(), articleCount: z.number() });
export type TBlogTag = z.infer<typeof ZBlogTag>;

export const ZAdminArticle = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  coverUrl: z.string().nullable(),
  coverWidth: z.number().nullable(),
  coverHeight: z.number().nullable(),
  status: ZArticleStatus,
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  categoryId: z.string().nullable(),
  tags: z.array(z.string()),
  featured: z.boolean(),
  author: z.object({ username: z.string() }),
});
export type TAdminArticle = z.infer<typeof ZAdminArticle>;

export const ZAdminArticleRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: ZArticleStatus,
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  categoryName: z.string().nullable(),
});
export type TAdminArticleRow = z.infer<typeof ZAdminArticleRow>;
export const ZAdminArticleList = ZPage(ZAdminArticleRow);
export type TAdminArticleList = z.infer<typeof ZAdminArticleList>;

export const ZPreview = z.object({ html: z.string(), toc: z.array(ZTocEntry) });
export type TPreview = z.infer<typeof ZPreview>;

/** POST /api/admin/blog/images: the stored image and the Markdown to paste into the text. */
export const ZBlogImage = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  markdown: z.string(),
});
export type TBlogImage = z.infer<typeof ZBlogImage>;

/** Minutes to read a Markdown text at BLOG_LIMITS.wordsPerMinute, at least 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / BLOG_LIMITS.wordsPerMinute));
}
