import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles.ts";

// The same list as @plugs/domain ARTICLE_STATUSES (drizzle-kit reads this file on its own).
const STATUSES = ["draft", "scheduled", "published"] as const;

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A blog category: one per article at most; an article's category must be moved before the category is deleted. */
export const blogCategories = pgTable(
  "blog_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("blog_categories_slug_key").on(t.slug)],
);

/** A tag, created the first time an admin types it on an article; its slug is slugify(name). */
export const blogTags = pgTable(
  "blog_tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("blog_tags_slug_key").on(t.slug)],
);

/**
 * An article. Only `status = 'published'` is ever shown to anyone but the admins; a scheduled one is turned
 * published by the `blog-publish` job at `publish_at`. `edited_at` is set when a published article is changed.
 * `search` is the full-text document (title weighted over the excerpt over the body), kept by PostgreSQL itself.
 */
export const blogArticles = pgTable(
  "blog_articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    body: text("body").notNull().default(""),
    coverUrl: text("cover_url"),
    coverPath: text("cover_path"),
    coverWidth: integer("cover_width"),
    coverHeight: integer("cover_height"),
    status: text("status", { enum: STATUSES }).notNull().default("draft"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    featured: boolean("featured").notNull().default(false),
    readingMinutes: integer("reading_minutes").notNull().default(1),
    // A category in use is not deleted (the admin moves its articles first).
    categoryId: uuid("category_id").references(() => blogCategories.id, { onDelete: "no action" }),
    authorId: uuid("author_id").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("blog_articles_slug_key").on(t.slug),
    // /blog: the published articles, newest first; the feeds and the sitemap read the same index.
    index("blog_articles_published_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    // /blog/category/{slug}: one category's published articles, newest first.
    index("blog_articles_category_published_idx")
      .on(t.categoryId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    // The featured article on top of /blog.
    index("blog_articles_featured_idx")
      .on(t.publishedAt.desc().nullsFirst())
      .where(sql`${t.status} = 'published' and ${t.featured}`),
    // The publish job's catch-up sweep: scheduled articles by their time.
    index("blog_articles_scheduled_idx").on(t.publishAt).where(sql`${t.status} = 'scheduled'`),
    // The admin's list: every article, newest change first.
    index("blog_articles_updated_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("blog_articles_search_idx").using("gin", t.search).with({ fastupdate: "off" }),
  ],
);

/** An article's tags. Rows by tag (`blog_article_tags_tag_idx`) serve /blog/tag/{slug}. */
export const blogArticleTags = pgTable(
  "blog_article_tags",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => blogArticles.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => blogTags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.tagId] }),
    index("blog_article_tags_tag_idx").on(t.tagId, t.articleId),
  ],
);

/** Slugs an article had before a rename: `/blog/{old}` answers with the article (301 on the page). */
export const blogSlugHistory = pgTable(
  "blog_slug_history",
  {
    slug: text("slug").primaryKey(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => blogArticles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("blog_slug_history_article_idx").on(t.articleId)],
);

/** Images uploaded into an article's text: their size, so the rendered `<img>` carries width and height. */
export const blogImages = pgTable("blog_images", {
  url: text("url").primaryKey(),
  path: text("path").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  uploadedBy: uuid("uploaded_by").references(() => profiles.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
