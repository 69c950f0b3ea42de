/** The blog's limits, shared by its schemas (blog.ts) and the pages that only need the numbers. */
export const BLOG_LIMITS = {
  titleMax: 160,
  slugMax: 100,
  excerptMax: 400,
  bodyMax: 100_000,
  tagMax: 40,
  tagsMax: 10,
  categoryNameMax: 60,
  categoryDescriptionMax: 500,
  searchMax: 100,
  /** Articles on a page of the public list and of the admin's list. */
  pageSize: 12,
  adminPageSize: 25,
  relatedShown: 3,
  /** Words a minute for the reading time. */
  wordsPerMinute: 220,
  /** Articles in each feed. */
  feedItems: 20,
} as const;
