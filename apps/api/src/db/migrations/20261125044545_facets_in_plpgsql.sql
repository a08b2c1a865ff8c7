-- docs/search.md#filters-in-the-index: paper_facets as a PL/pgSQL loop instead of one SQL query of
-- three subqueries and a generate_series, which PostgreSQL cannot inline and so runs as a query per
-- call: 47 µs a paper against 18 µs. It runs for every row a ranked search hands out (the window's
-- rank distance is computed again on each row, from the expression the index is on) and for every
-- paper an index build or a new paper indexes. The lexemes are the same for every input (checked on
-- 250,000 papers, and by db/sql/search-facets.test.ts), so the index built on the old body stays valid.
CREATE OR REPLACE FUNCTION paper_facets(categories text[], published_date date) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  lexemes text[] := '{}';
  category text;
  since_1900 int;
  first_year int;
BEGIN
  FOREACH category IN ARRAY coalesce(categories, '{}') LOOP
    -- array_to_tsvector drops the repeated archives.
    IF category <> '' THEN
      lexemes := lexemes || ('category ' || category) || ('archive ' || split_part(category, '.', 1));
    END IF;
  END LOOP;
  IF published_date < date '1900-01-01' THEN
    lexemes := lexemes || 'years early'::text;
  ELSIF published_date >= date '2156-01-01' THEN
    lexemes := lexemes || 'years late'::text;
  ELSIF published_date IS NOT NULL THEN
    since_1900 := extract(year FROM published_date)::int - 1900;
    FOR level IN 0..7 LOOP
      first_year := 1900 + (since_1900 >> level << level);
      lexemes := lexemes || ('years ' || first_year || '-' || (first_year + (1 << level) - 1));
    END LOOP;
  END IF;
  RETURN array_to_tsvector(lexemes);
END
$$;
