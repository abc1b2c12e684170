-- product_search's words keyed by title length (decision 056, "Common-word typos"): each word of
-- `words` as 'word#length(title)', under a GIN index over the searchable rows. The search asks it
-- one title length at a time, shortest first, and stops once it has its window of candidates, so
-- that a typo of a word ten thousand products share reads a few hundred rows, not all of them:
-- `keys && f_product_search_keys(words_of_the_token, 37)` holds exactly when the product's title is
-- 37 long and its words overlap the token's. Qualified names: pg_restore runs with an empty
-- search_path (decision 023).
CREATE OR REPLACE FUNCTION f_product_search_keys(text[], integer) RETURNS text[]
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	AS $$ SELECT COALESCE(pg_catalog.array_agg(w || '#' || $2), '{}') FROM pg_catalog.unnest($1) AS w $$;
--> statement-breakpoint
CREATE INDEX product_search_keys_idx ON product_search USING gin (f_product_search_keys(words, length(title))) WHERE searchable;
