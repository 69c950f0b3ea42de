DROP INDEX "kols_score_idx";--> statement-breakpoint
DROP INDEX "kols_verdict_score_idx";--> statement-breakpoint
ALTER TABLE "kols" ALTER COLUMN "score" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "kols" ALTER COLUMN "score" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "kols_score_nulls_last_idx" ON "kols" USING btree ("score" DESC NULLS LAST,lower("handle"));--> statement-breakpoint
CREATE INDEX "kols_verdict_score_nulls_last_idx" ON "kols" USING btree ("verdict","score" DESC NULLS LAST,lower("handle"));--> statement-breakpoint
CREATE INDEX "kols_hall_score_idx" ON "kols" USING btree ("verdict","score" DESC NULLS LAST,lower("handle")) WHERE "kols"."plug_votes" + "kols"."rug_votes" >= 5;--> statement-breakpoint
-- Unrated KOLs (no votes, no approved reports) have no score, so lists put them after every rated KOL.
UPDATE "kols" SET "score" = NULL WHERE "verdict" = 'unrated';--> statement-breakpoint
ALTER TABLE "kols" ADD CONSTRAINT "kols_unrated_has_no_score" CHECK (("kols"."score" is null) = ("kols"."verdict" = 'unrated'));