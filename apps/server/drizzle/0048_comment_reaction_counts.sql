CREATE TABLE "post_comment_reaction_counts" (
	"comment_id" uuid NOT NULL,
	"emoji" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "post_comment_reaction_counts_comment_id_emoji_pk" PRIMARY KEY("comment_id","emoji"),
	CONSTRAINT "post_comment_reaction_counts_not_negative" CHECK ("post_comment_reaction_counts"."n" >= 0)
);
--> statement-breakpoint
ALTER TABLE "post_comment_reaction_counts" ADD CONSTRAINT "post_comment_reaction_counts_comment_id_post_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The reactions a statement writes or deletes move their comments' counts, cascades included (a comment's or a
-- member's removal), so the counts are the rows' own and a read no longer counts the rows. Statement triggers over
-- the transition tables: one upsert per comment and emoji a statement touched, however many rows (a bulk insert, a
-- member's removal).
CREATE FUNCTION "post_comment_reaction_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_comment_reaction_counts AS c (comment_id, emoji, n)
    SELECT comment_id, emoji, count(*)::int FROM added GROUP BY comment_id, emoji
    ON CONFLICT (comment_id, emoji) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "post_comment_reaction_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_comment_reaction_counts c SET n = c.n - r.n
    FROM (SELECT comment_id, emoji, count(*)::int AS n FROM removed GROUP BY comment_id, emoji) r
    WHERE c.comment_id = r.comment_id AND c.emoji = r.emoji;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "post_comment_reaction_counts_on_insert" AFTER INSERT ON "post_comment_reactions"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "post_comment_reaction_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "post_comment_reaction_counts_on_delete" AFTER DELETE ON "post_comment_reactions"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "post_comment_reaction_counts_removed"();
--> statement-breakpoint
INSERT INTO "post_comment_reaction_counts" (comment_id, emoji, n)
  SELECT comment_id, emoji, count(*)::int FROM "post_comment_reactions" GROUP BY comment_id, emoji;
