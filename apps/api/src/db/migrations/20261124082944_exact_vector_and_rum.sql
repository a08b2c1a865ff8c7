-- docs/search.md#precision: the paper's document unstemmed ('simple'), weighted as paper_search_vector
-- (0000): title (A) > authors (B) > abstract (C). A quoted phrase matches it exactly, and a word that
-- occurs as typed ranks above its stemmed relatives ("transformer" above "Transforms").
CREATE FUNCTION paper_exact_vector(title text, authors text[], abstract text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, coalesce(array_to_string(authors, ' '), '')), 'B')
      || setweight(to_tsvector('simple'::regconfig, coalesce(abstract, '')), 'C')
$$;
--> statement-breakpoint
ALTER TABLE "papers" ADD COLUMN "exact_vector" "tsvector" GENERATED ALWAYS AS (paper_exact_vector(title, authors, abstract)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "papers_exact_vector_idx" ON "papers" USING gin ("exact_vector");--> statement-breakpoint
CREATE INDEX "papers_doi_idx" ON "papers" USING btree (lower("doi"));--> statement-breakpoint
-- docs/search.md#plans: where the server has the RUM extension (Debian: postgresql-15-rum), an index
-- that keeps lexeme positions returns matches in rank order, so a page is the index's first k rows
-- instead of every match ranked. Without the extension (PGlite, plain servers) this does nothing and
-- search ranks a capped candidate set from the GIN index; the server detects which at start
-- (db/search-index.repo.ts), and creates this index then if the extension appeared since.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') THEN
    CREATE EXTENSION IF NOT EXISTS rum;
    CREATE INDEX IF NOT EXISTS papers_search_vector_rum_idx ON papers USING rum (search_vector rum_tsvector_ops);
  END IF;
END
$$;
