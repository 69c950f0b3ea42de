-- Trigram indexes serve ILIKE '%term%' searches (the community list). pg_trgm ships with PostgreSQL (contrib, a
-- trusted extension since 13) and with PGlite (loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
