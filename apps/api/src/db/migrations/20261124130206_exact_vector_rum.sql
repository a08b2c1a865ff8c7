-- docs/search.md#plans: where the server has RUM, the exact vector is indexed by RUM instead of GIN. A
-- quoted phrase (and author:, a phrase within the authors) is a match of positions; GIN keeps none, so
-- it hands every paper holding the words to the heap to be checked again, reading its exact vector out
-- of TOAST (51,459 candidates for "phase transition" at 2.6M papers, 0.8-3 s to count), while RUM
-- answers the phrase from the positions it keeps (0.3 s). Without the extension nothing changes.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') THEN
    CREATE EXTENSION IF NOT EXISTS rum;
    CREATE INDEX IF NOT EXISTS papers_exact_vector_rum_idx ON papers USING rum (exact_vector rum_tsvector_ops);
    DROP INDEX IF EXISTS papers_exact_vector_idx;
  END IF;
END
$$;
