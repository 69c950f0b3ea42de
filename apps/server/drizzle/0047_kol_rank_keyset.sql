-- The directory reads its pages by keyset: each score-sorted list is ordered by one ascending key (kolRankKey:
-- best score first, unrated last) and the handle, so a page starts after its cursor by a row comparison on these
-- indexes instead of an offset that sorts every KOL before it.
DROP INDEX "kols_score_nulls_last_idx";--> statement-breakpoint
DROP INDEX "kols_verdict_score_nulls_last_idx";--> statement-breakpoint
DROP INDEX "kols_hall_score_idx";--> statement-breakpoint
CREATE INDEX "kols_rank_idx" ON "kols" USING btree ((-coalesce("score", -1)),lower("handle"));--> statement-breakpoint
CREATE INDEX "kols_verdict_rank_idx" ON "kols" USING btree ("verdict",(-coalesce("score", -1)),lower("handle"));--> statement-breakpoint
CREATE INDEX "kols_hall_rank_idx" ON "kols" USING btree ("verdict",(-coalesce("score", -1)),lower("handle")) WHERE "kols"."plug_votes" + "kols"."rug_votes" >= 5;