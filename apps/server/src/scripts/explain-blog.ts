/**
 * The blog's read plans on PostgreSQL: `DATABASE_URL=postgres://... node --import tsx
 * apps/server/src/scripts/explain-blog.ts`. Seeds 20,000 articles (a tenth of them drafts or scheduled) in a
 * scratch database and prints EXPLAIN ANALYZE of the list (plain, by category, by tag, searched), the featured
 * article, an article's neighbours and the sitemap's read, as features/blog sends them.
 */
import { sql } from "drizzle-orm";
import { withScratchDatabase } from "./explain-scratch.ts";

const ARTICLES = 20_000;

await withScratchDatabase(async ({ db, explain }) => {
  await db.execute(sql`insert into blog_categories (id, slug, name)
    select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'cat-' || g, 'Category ' || g
    from generate_series(1, 8) g`);
  await db.execute(sql`insert into blog_tags (id, slug, name)
    select ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'tag-' || g, 'Tag ' || g
    from generate_series(1, 40) g`);
  await db.execute(sql`insert into blog_articles (id, slug, title, excerpt, body, status, published_at, publish_at,
      featured, category_id)
    select ('00000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid, 'article-' || g, 'Article ' || g,
      'An excerpt about liquidity ' || g, repeat('The deployer held most of the supply. ', 40)
        || case when g % 500 = 0 then ' wombatcoin' else '' end,
      case when g % 10 = 0 then 'draft' when g % 10 = 1 then 'scheduled' else 'published' end,
      case when g % 10 > 1 then now() - (g || ' minutes')::interval end,
      case when g % 10 = 1 then now() + (g || ' minutes')::interval end,
      g % 100 = 2, ('00000000-0000-4000-8000-' || lpad((1 + g % 8)::text, 12, '0'))::uuid
    from generate_series(1, ${ARTICLES}) g`);
  await db.execute(sql`insert into blog_article_tags (article_id, tag_id)
    select ('00000000-0000-4000-a000-' || lpad(g::text, 12, '0'))::uuid,
      ('00000000-0000-4000-9000-' || lpad((1 + (g + k) % 40)::text, 12, '0'))::uuid
    from generate_series(1, ${ARTICLES}) g, generate_series(0, 2) k`);
  await db.execute(sql`analyze`);

  const published = sql`a.status = 'published'`;
  await explain(
    "list, page 3",
    sql`select a.id from blog_articles a where ${published}
        order by a.published_at desc nulls first, a.id desc nulls first limit 12 offset 24`,
  );
  await explain("list, count", sql`select count(*) from blog_articles a where ${published}`);
  await explain(
    "featured",
    sql`select a.id from blog_articles a where ${published} and a.featured order by a.published_at desc nulls first limit 1`,
  );
  await explain(
    "by category",
    sql`select a.id from blog_articles a where ${published} and a.category_id = '00000000-0000-4000-8000-000000000003'
        order by a.published_at desc nulls first, a.id desc nulls first limit 12`,
  );
  await explain(
    "by tag",
    sql`select a.id from blog_articles a where ${published} and a.id in (select t.article_id from blog_article_tags t
          where t.tag_id = '00000000-0000-4000-9000-000000000007')
        order by a.published_at desc nulls first, a.id desc nulls first limit 12`,
  );
  await explain(
    "search",
    sql`select a.id from blog_articles a where ${published} and a.search @@ websearch_to_tsquery('english', 'wombatcoin')
        order by ts_rank(a.search, websearch_to_tsquery('english', 'wombatcoin')) desc, a.published_at desc, a.id desc
        limit 12`,
  );
  await explain(
    "previous (older neighbour)",
    sql`select a.slug from blog_articles a where ${published}
          and (a.published_at, a.id) < (now() - interval '5000 minutes', '00000000-0000-4000-a000-000000005000'::uuid)
        order by a.published_at desc nulls first, a.id desc nulls first limit 1`,
  );
  await explain(
    "sitemap",
    sql`select a.slug from blog_articles a where ${published}
        order by a.published_at desc nulls first, a.id desc nulls first limit 5000`,
  );
  await explain(
    "scheduled sweep",
    sql`select a.id from blog_articles a where a.status = 'scheduled' and a.publish_at <= now() limit 100`,
  );
});
