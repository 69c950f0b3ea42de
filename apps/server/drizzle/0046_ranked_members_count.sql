-- site_counts' 'ranked' total: the members on the all-time leaderboard (points above 0 and no admin ban, as
-- profiles_leaderboard_idx holds them), so the board's page count is a sum of a few rows instead of a count of every
-- member with points. Row triggers that fire only when a profile comes onto the board or leaves it (its first
-- points, a ban or its lifting, a deletion): an award to someone already on the board writes nothing here. Each
-- change lands in the writing connection's slot (pg_backend_pid() % 16), as in site_counts_follow.
CREATE FUNCTION "site_counts_follow_ranked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_counts AS c (total, slot, n)
  VALUES ('ranked', pg_backend_pid() % 16,
    CASE WHEN TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND NOT (NEW.points > 0 AND NOT NEW.is_banned)) THEN -1 ELSE 1 END)
  ON CONFLICT (total, slot) DO UPDATE SET n = c.n + excluded.n, updated_at = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "site_counts_ranked_on_insert" AFTER INSERT ON "profiles" FOR EACH ROW
  WHEN (NEW.points > 0 AND NOT NEW.is_banned) EXECUTE FUNCTION "site_counts_follow_ranked"();
--> statement-breakpoint
CREATE TRIGGER "site_counts_ranked_on_update" AFTER UPDATE OF "points", "is_banned" ON "profiles" FOR EACH ROW
  WHEN ((OLD.points > 0 AND NOT OLD.is_banned) IS DISTINCT FROM (NEW.points > 0 AND NOT NEW.is_banned))
  EXECUTE FUNCTION "site_counts_follow_ranked"();
--> statement-breakpoint
CREATE TRIGGER "site_counts_ranked_on_delete" AFTER DELETE ON "profiles" FOR EACH ROW
  WHEN (OLD.points > 0 AND NOT OLD.is_banned) EXECUTE FUNCTION "site_counts_follow_ranked"();
--> statement-breakpoint
CREATE TRIGGER "site_counts_ranked_on_truncate" AFTER TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "site_counts_follow"('ranked');
--> statement-breakpoint
-- The board so far, in slot 0 (the triggers above hold profile writes back until this commits).
INSERT INTO "site_counts" ("total", "slot", "n")
SELECT 'ranked', 0, count(*) FROM "profiles" WHERE "points" > 0 AND NOT "is_banned";
