CREATE TABLE "site_counts" (
	"total" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_counts_total_slot_pk" PRIMARY KEY("total","slot")
);
--> statement-breakpoint
-- Moves the total named by the trigger's argument by the rows a statement inserted or deleted, in the writing
-- connection's slot (pg_backend_pid() % 16): concurrent writers on other connections take other rows, so a post does
-- not wait on another post's transaction. A TRUNCATE empties the total.
CREATE FUNCTION "site_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM site_counts WHERE total = TG_ARGV[0];
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO moved FROM new_rows;
  ELSE
    SELECT -count(*) INTO moved FROM old_rows;
  END IF;
  IF moved <> 0 THEN
    INSERT INTO site_counts AS c (total, slot, n) VALUES (TG_ARGV[0], pg_backend_pid() % 16, moved)
    ON CONFLICT (total, slot) DO UPDATE SET n = c.n + excluded.n, updated_at = now();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "site_counts_on_insert" AFTER INSERT ON "profiles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_counts_follow"('members');
--> statement-breakpoint
CREATE TRIGGER "site_counts_on_delete" AFTER DELETE ON "profiles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_counts_follow"('members');
--> statement-breakpoint
CREATE TRIGGER "site_counts_on_truncate" AFTER TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "site_counts_follow"('members');
--> statement-breakpoint
CREATE TRIGGER "site_counts_on_insert" AFTER INSERT ON "posts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_counts_follow"('posts');
--> statement-breakpoint
CREATE TRIGGER "site_counts_on_delete" AFTER DELETE ON "posts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_counts_follow"('posts');
--> statement-breakpoint
CREATE TRIGGER "site_counts_on_truncate" AFTER TRUNCATE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "site_counts_follow"('posts');
--> statement-breakpoint
CREATE TRIGGER "site_counts_on_insert" AFTER INSERT ON "post_comments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_counts_follow"('comments');
--> statement-breakpoint
CREATE TRIGGER "site_counts_on_delete" AFTER DELETE ON "post_comments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "site_counts_follow"('comments');
--> statement-breakpoint
CREATE TRIGGER "site_counts_on_truncate" AFTER TRUNCATE ON "post_comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "site_counts_follow"('comments');
--> statement-breakpoint
-- The totals so far, in slot 0.
INSERT INTO "site_counts" ("total", "slot", "n")
SELECT 'members', 0, count(*) FROM "profiles"
UNION ALL SELECT 'posts', 0, count(*) FROM "posts"
UNION ALL SELECT 'comments', 0, count(*) FROM "post_comments";
