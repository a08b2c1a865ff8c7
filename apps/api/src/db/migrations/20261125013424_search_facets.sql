-- docs/search.md#filters-in-the-index: a paper's categories, their archives and its publication year
-- as lexemes no parsed word can be (each holds a space): 'category cs.LG', 'archive cs', and the year
-- in eight aligned blocks of 1 to 128 years from 1900 ('years 2011-2011', 'years 2010-2011', ...,
-- 'years 1900-2027'), so that any range of years is a few blocks. Years before 1900 are 'years early',
-- from 2156 'years late'. Without positions, so they never change a rank.
CREATE FUNCTION paper_facets(categories text[], published_date date) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(
    array(SELECT 'category ' || category FROM unnest(categories) AS category WHERE category <> '')
    || array(
      SELECT DISTINCT 'archive ' || split_part(category, '.', 1) FROM unnest(categories) AS category
      WHERE category <> '')
    || CASE
      WHEN published_date IS NULL THEN '{}'::text[]
      WHEN published_date < date '1900-01-01' THEN array['years early']
      WHEN published_date >= date '2156-01-01' THEN array['years late']
      ELSE array(
        SELECT 'years ' || (1900 + (since_1900 >> level << level)) || '-'
          || (1900 + (since_1900 >> level << level) + (1 << level) - 1)
        FROM (SELECT extract(year FROM published_date)::int - 1900 AS since_1900) AS published,
          generate_series(0, 7) AS level)
    END)
$$;
--> statement-breakpoint
-- docs/search.md#filters-in-the-index: where the server has RUM, the index that hands out matches in
-- rank order holds the stemmed vector and the facets, so a filtered search's condition is decided in
-- the index and only the matches inside the filter are ranked (RUM ranks every match of its condition
-- before it returns the first). It replaces the index on search_vector alone: the facets never match
-- a word and have no positions, so a search without filters gets the same matches and distances.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') THEN
    CREATE EXTENSION IF NOT EXISTS rum;
    CREATE INDEX IF NOT EXISTS papers_search_facets_rum_idx
      ON papers USING rum ((search_vector || paper_facets(categories, published_date)) rum_tsvector_ops);
    DROP INDEX IF EXISTS papers_search_vector_rum_idx;
  END IF;
END
$$;
