-- Follower and following counters start from the follows already recorded.
UPDATE "profiles" p SET
  "followers_count" = (SELECT count(*) FROM "follows" f WHERE f."followed_id" = p."id"),
  "following_count" = (SELECT count(*) FROM "follows" f WHERE f."follower_id" = p."id");
--> statement-breakpoint
-- Mention records move into the general notifications table (kind mention_post or mention_comment), read state kept.
INSERT INTO "notifications" ("user_id", "actor_id", "kind", "source_key", "post_id", "comment_id", "read_at", "created_at", "updated_at")
SELECT mn."user_id", mn."actor_id",
  CASE mn."source_type" WHEN 'post' THEN 'mention_post' ELSE 'mention_comment' END,
  mn."source_id"::text,
  CASE WHEN mn."source_type" = 'post' THEN (SELECT p."id" FROM "posts" p WHERE p."id" = mn."source_id")
    ELSE (SELECT c."post_id" FROM "post_comments" c WHERE c."id" = mn."source_id") END,
  CASE WHEN mn."source_type" = 'comment' THEN mn."source_id" END,
  mn."read_at", mn."created_at", mn."created_at"
FROM "mention_notifications" mn
WHERE mn."actor_id" IS DISTINCT FROM mn."user_id"
ON CONFLICT DO NOTHING;
