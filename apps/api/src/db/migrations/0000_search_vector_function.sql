-- The weighted full-text document of a paper: title (A) > authors (B) > abstract (C).
-- array_to_string is only STABLE, so a generated column cannot call it directly; this wrapper is
-- IMMUTABLE because its output depends on its arguments alone ('english' is fixed).
CREATE FUNCTION paper_search_vector(title text, authors text[], abstract text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(authors, ' '), '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(abstract, '')), 'C')
$$;
