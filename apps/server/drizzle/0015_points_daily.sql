CREATE TABLE "points_daily" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_daily_pkey" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
DROP INDEX "points_transactions_created_user_points_idx";--> statement-breakpoint
ALTER TABLE "points_daily" ADD CONSTRAINT "points_daily_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_daily_day_user_points_idx" ON "points_daily" USING btree ("day","user_id","points");--> statement-breakpoint
-- Moves points_daily with the ledger, a statement at a time: inserts add their rows' points to their users' days;
-- an update (a back-dated award) moves points between days; a delete takes them away. Subtractions only update
-- (a profile being deleted has its days cascaded away already); rows are upserted in key order, so two bulk
-- statements lock the same days in the same order.
CREATE FUNCTION "points_daily_follow_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE points_daily d SET points = d.points - o.points, updated_at = now()
    FROM (
      SELECT user_id, (created_at AT TIME ZONE 'UTC')::date AS day, sum(points)::int AS points
      FROM old_rows GROUP BY 1, 2
    ) o
    WHERE d.user_id = o.user_id AND d.day = o.day;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO points_daily (user_id, day, points)
    SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, sum(points)::int
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET points = points_daily.points + excluded.points, updated_at = now();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "points_daily_on_insert" AFTER INSERT ON "points_transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "points_daily_follow_ledger"();
--> statement-breakpoint
CREATE TRIGGER "points_daily_on_update" AFTER UPDATE ON "points_transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "points_daily_follow_ledger"();
--> statement-breakpoint
CREATE TRIGGER "points_daily_on_delete" AFTER DELETE ON "points_transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "points_daily_follow_ledger"();
--> statement-breakpoint
-- The days so far; the triggers above already hold new awards back until this commits.
INSERT INTO "points_daily" ("user_id", "day", "points")
SELECT "user_id", ("created_at" AT TIME ZONE 'UTC')::date, sum("points")::int
FROM "points_transactions" GROUP BY 1, 2;
--> statement-breakpoint
ANALYZE "points_daily";
