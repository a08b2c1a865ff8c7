-- Trigram matching for typo-tolerant title search and completions (issue 4). Debian's PostgreSQL
-- ships it in postgresql-contrib; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
