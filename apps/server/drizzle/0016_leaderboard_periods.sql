CREATE TABLE "points_period_counts" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"people" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_period_counts_pkey" PRIMARY KEY("period","starts_on")
);
--> statement-breakpoint
CREATE TABLE "points_periods" (
	"user_id" uuid NOT NULL,
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"points" integer NOT NULL,
	"username_key" text NOT NULL,
	"is_banned" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_periods_pkey" PRIMARY KEY("user_id","period","starts_on"),
	CONSTRAINT "points_periods_period" CHECK ("points_periods"."period" in ('week', 'month'))
);
--> statement-breakpoint
DROP TABLE "points_daily" CASCADE;--> statement-breakpoint
ALTER TABLE "points_periods" ADD CONSTRAINT "points_periods_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_periods_board_idx" ON "points_periods" USING btree ("period","starts_on","points" DESC NULLS FIRST,"username_key","user_id") WHERE "points_periods"."points" > 0 and not "points_periods"."is_banned";--> statement-breakpoint
-- points_daily's triggers and function go with it: the periods below replace the days.
DROP TRIGGER "points_daily_on_insert" ON "points_transactions";--> statement-breakpoint
DROP TRIGGER "points_daily_on_update" ON "points_transactions";--> statement-breakpoint
DROP TRIGGER "points_daily_on_delete" ON "points_transactions";--> statement-breakpoint
DROP FUNCTION "points_daily_follow_ledger"();--> statement-breakpoint
-- Moves points_periods with the ledger, a statement at a time: each ledger row counts in its UTC week (from Monday,
-- as date_trunc('week') and the leaderboard's window have it) and its UTC month. Inserts add their rows' points;
-- an update (a back-dated award) moves points between periods; a delete takes them away. Subtractions only update
-- (a profile being deleted has its periods cascaded away already). Rows are upserted in one order (period, start,
-- user), so two bulk statements lock the same rows in the same order and a period's rows lie together on disk. A new
-- row takes its user's board key and ban from profiles.
CREATE FUNCTION "points_periods_follow_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE points_periods r SET points = r.points - o.points, updated_at = now()
    FROM (
      SELECT t.user_id, k.period, date_trunc(k.period, t.created_at AT TIME ZONE 'UTC')::date AS starts_on,
        sum(t.points)::int AS points
      FROM old_rows t CROSS JOIN (VALUES ('week'), ('month')) k (period) GROUP BY 1, 2, 3
    ) o
    WHERE r.user_id = o.user_id AND r.period = o.period AND r.starts_on = o.starts_on;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO points_periods (user_id, period, starts_on, points, username_key, is_banned)
    SELECT n.user_id, n.period, n.starts_on, n.points, lower(p.username), p.is_banned
    FROM (
      SELECT t.user_id, k.period, date_trunc(k.period, t.created_at AT TIME ZONE 'UTC')::date AS starts_on,
        sum(t.points)::int AS points
      FROM new_rows t CROSS JOIN (VALUES ('week'), ('month')) k (period) GROUP BY 1, 2, 3
    ) n
    JOIN profiles p ON p.id = n.user_id
    ORDER BY 2, 3, 1
    ON CONFLICT (user_id, period, starts_on)
      DO UPDATE SET points = points_periods.points + excluded.points, updated_at = now();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "points_periods_on_insert" AFTER INSERT ON "points_transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "points_periods_follow_ledger"();
--> statement-breakpoint
CREATE TRIGGER "points_periods_on_update" AFTER UPDATE ON "points_transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "points_periods_follow_ledger"();
--> statement-breakpoint
CREATE TRIGGER "points_periods_on_delete" AFTER DELETE ON "points_transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "points_periods_follow_ledger"();
--> statement-breakpoint
-- A rename or a ban (or its lifting) moves the person's place on every board they are on.
CREATE FUNCTION "points_periods_follow_profile"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE points_periods SET username_key = lower(NEW.username), is_banned = NEW.is_banned, updated_at = now()
  WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "points_periods_on_profile" AFTER UPDATE OF "username", "is_banned" ON "profiles" FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.is_banned IS DISTINCT FROM NEW.is_banned)
  EXECUTE FUNCTION "points_periods_follow_profile"();
--> statement-breakpoint
-- Moves points_period_counts with points_periods, a statement at a time: a row is on its board while it has points
-- and no ban; each board's count moves by the rows that came on it less those that left (an upsert fires both the
-- insert and the update trigger, each with its own rows; a profile's deletion cascades here as a delete).
CREATE FUNCTION "points_period_counts_follow_periods"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO points_period_counts AS c (period, starts_on, people)
    SELECT period, starts_on, count(*)::int FROM new_rows WHERE points > 0 AND NOT is_banned
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (period, starts_on) DO UPDATE SET people = c.people + excluded.people, updated_at = now();
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO points_period_counts AS c (period, starts_on, people)
    SELECT period, starts_on, sum(moved)::int FROM (
      SELECT period, starts_on, 1 AS moved FROM new_rows WHERE points > 0 AND NOT is_banned
      UNION ALL
      SELECT period, starts_on, -1 FROM old_rows WHERE points > 0 AND NOT is_banned
    ) m
    GROUP BY 1, 2 HAVING sum(moved) <> 0 ORDER BY 1, 2
    ON CONFLICT (period, starts_on) DO UPDATE SET people = c.people + excluded.people, updated_at = now();
  ELSE
    UPDATE points_period_counts c SET people = c.people - o.people, updated_at = now()
    FROM (
      SELECT period, starts_on, count(*)::int AS people FROM old_rows WHERE points > 0 AND NOT is_banned GROUP BY 1, 2
    ) o
    WHERE c.period = o.period AND c.starts_on = o.starts_on;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "points_period_counts_on_insert" AFTER INSERT ON "points_periods"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "points_period_counts_follow_periods"();
--> statement-breakpoint
CREATE TRIGGER "points_period_counts_on_update" AFTER UPDATE ON "points_periods"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "points_period_counts_follow_periods"();
--> statement-breakpoint
CREATE TRIGGER "points_period_counts_on_delete" AFTER DELETE ON "points_periods"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "points_period_counts_follow_periods"();
--> statement-breakpoint
-- The periods so far (their counts follow); the triggers above already hold new awards back until this commits.
INSERT INTO "points_periods" ("user_id", "period", "starts_on", "points", "username_key", "is_banned")
SELECT t."user_id", k.period, date_trunc(k.period, t."created_at" AT TIME ZONE 'UTC')::date, sum(t."points")::int,
  lower(p."username"), p."is_banned"
FROM "points_transactions" t
JOIN "profiles" p ON p."id" = t."user_id"
CROSS JOIN (VALUES ('week'), ('month')) k (period)
GROUP BY 1, 2, 3, 5, 6
ORDER BY 2, 3, 1;
--> statement-breakpoint
ANALYZE "points_periods";--> statement-breakpoint
ANALYZE "points_period_counts";
