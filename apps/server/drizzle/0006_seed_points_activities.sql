-- The activities that earn points, with their starting amounts and daily caps (admins change both, and switch
-- activities off, at /api/admin/points-activities). A cap counts awards of that activity per user per UTC day.
--   voting             10 per KOL vote,              20 a day
--   emoji_reaction      2 per reaction on a comment, 25 a day
--   comment_vote        2 per like of a comment,     25 a day
--   report_submission  50 per KOL report,             5 a day (shown as 'Report KOL', the spec's name)
--   account_creation  100 once per account (the idempotency key), no cap
--   referral          200 per referred account,      10 a day
--   admin_airdrop       0: each airdrop carries its own amount; no cap
--   account_closure  1000 per closed account (the spec's constant), no cap
INSERT INTO "points_activities" ("name", "label", "points", "daily_cap", "description") VALUES
  ('voting', 'Vote on KOL', 10, 20, 'Voting plug or rug on a KOL'),
  ('emoji_reaction', 'Emoji Reaction', 2, 25, 'Reacting to a comment with an emoji'),
  ('comment_vote', 'Comment Vote', 2, 25, 'Liking a comment'),
  ('report_submission', 'Report KOL', 50, 5, 'Reporting a KOL with evidence'),
  ('account_creation', 'Account Creation', 100, NULL, 'Creating an account'),
  ('referral', 'Referral', 200, 10, 'A friend signed up with your referral link'),
  ('admin_airdrop', 'Admin Airdrop', 0, NULL, 'Points granted by an admin'),
  ('account_closure', 'Account Closure', 1000, NULL, 'Closing an empty token account with Sweep, per account')
ON CONFLICT ("name") DO NOTHING;
