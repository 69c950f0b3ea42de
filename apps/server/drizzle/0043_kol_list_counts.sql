CREATE TABLE "kol_list_counts" (
	"list" text PRIMARY KEY NOT NULL,
	"kols" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The directory lists a KOL is on, by its verdict and votes: every KOL is on 'all' (All and Top KOLs); Plug of Fame
-- and Rug of Shame need KOL_LIMITS.hallMinVotes (5) votes (kols/query-plans.test fails if the two disagree).
CREATE FUNCTION "kol_lists_of"(verdict text, votes integer) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    'all',
    CASE WHEN verdict = 'plug' THEN 'plugs' END,
    CASE WHEN verdict = 'rug' THEN 'rugs' END,
    CASE WHEN verdict = 'plug' AND votes >= 5 THEN 'fame' END,
    CASE WHEN verdict = 'rug' AND votes >= 5 THEN 'shame' END
  ], NULL)
$$;
--> statement-breakpoint
-- Moves kol_list_counts with kols, a statement at a time: each list's count moves by the KOLs that came onto it less
-- those that left; a vote that changes no list's membership writes nothing here.
CREATE FUNCTION "kol_list_counts_follow_kols"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO kol_list_counts AS c (list, kols)
    SELECT l, count(*)::int FROM new_rows, unnest(kol_lists_of(verdict, plug_votes + rug_votes)) l
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (list) DO UPDATE SET kols = c.kols + excluded.kols, updated_at = now();
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO kol_list_counts AS c (list, kols)
    SELECT l, sum(moved)::int FROM (
      SELECT l, 1 AS moved FROM new_rows, unnest(kol_lists_of(verdict, plug_votes + rug_votes)) l
      UNION ALL
      SELECT l, -1 FROM old_rows, unnest(kol_lists_of(verdict, plug_votes + rug_votes)) l
    ) m
    GROUP BY 1 HAVING sum(moved) <> 0 ORDER BY 1
    ON CONFLICT (list) DO UPDATE SET kols = c.kols + excluded.kols, updated_at = now();
  ELSE
    UPDATE kol_list_counts c SET kols = c.kols - o.n, updated_at = now()
    FROM (
      SELECT l, count(*)::int AS n FROM old_rows, unnest(kol_lists_of(verdict, plug_votes + rug_votes)) l GROUP BY 1
    ) o
    WHERE c.list = o.l;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "kol_list_counts_on_insert" AFTER INSERT ON "kols"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "kol_list_counts_follow_kols"();
--> statement-breakpoint
CREATE TRIGGER "kol_list_counts_on_update" AFTER UPDATE ON "kols"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "kol_list_counts_follow_kols"();
--> statement-breakpoint
CREATE TRIGGER "kol_list_counts_on_delete" AFTER DELETE ON "kols"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "kol_list_counts_follow_kols"();
--> statement-breakpoint
-- Every list has its row (zero when empty), then the KOLs so far.
INSERT INTO "kol_list_counts" ("list", "kols")
SELECT l, 0 FROM unnest(ARRAY['all', 'plugs', 'rugs', 'fame', 'shame']) l;
--> statement-breakpoint
UPDATE "kol_list_counts" c SET "kols" = n.kols
FROM (
  SELECT l, count(*)::int AS kols FROM "kols", unnest(kol_lists_of("verdict", "plug_votes" + "rug_votes")) l GROUP BY 1
) n
WHERE c."list" = n.l;
