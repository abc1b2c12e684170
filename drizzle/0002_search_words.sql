-- The folded words of products' titles and tags, for typo look-ups (decision 047). One
-- statement-level trigger per statement kind: a bulk insert of 1,000 products splits its
-- words once. Qualified names: pg_restore runs with an empty search_path (decision 023).
CREATE OR REPLACE FUNCTION f_collect_search_words() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	INSERT INTO public.search_words (word)
	SELECT DISTINCT w
	FROM new_rows, pg_catalog.regexp_split_to_table(new_rows.search_title || ' ' || new_rows.search_tags, '[^[:alnum:]]+') AS w
	WHERE pg_catalog.length(w) >= 3 AND w !~ '[0-9]'
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION f_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION f_collect_search_words();
--> statement-breakpoint
-- Products written before this migration.
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products, regexp_split_to_table(search_title || ' ' || search_tags, '[^[:alnum:]]+') AS w
WHERE length(w) >= 3 AND w !~ '[0-9]'
ON CONFLICT DO NOTHING;
