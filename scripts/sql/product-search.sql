-- product_search and search_terms (decision 056): one narrow row per product for the search's
-- typo-tolerant pass, and every word of the catalogue, kept by statement-level triggers on
-- products (a bulk insert of 1,000 products splits its words once). Qualified names: pg_restore
-- runs with an empty search_path (decision 023).
--
-- The folded title and tags split into runs of letters (as search_words does, but every length;
-- digits and punctuation separate), and the folded description's prefixed with '~': a typed word
-- made of letters only is in a column (LIKE '%word%') exactly when one of these runs contains it.
-- Numbers are left out: a catalogue numbering its products ('Nº 123') would have as many words as
-- products, and the look-up of a two-letter word, which trigrams cannot narrow, would read them all.
-- A description word that is also a title or tag word is left out (the title or tags already
-- match whatever it would): descriptions often repeat the title, and narrower rows read faster.
CREATE OR REPLACE FUNCTION f_product_search_words(text, text, text) RETURNS text[]
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	AS $$
	WITH own AS (
		SELECT t FROM pg_catalog.regexp_split_to_table($1 || ' ' || $2, '[^[:alpha:]]+') AS t WHERE t <> ''
	)
	SELECT COALESCE(pg_catalog.array_agg(DISTINCT s.w), '{}') FROM (
		SELECT t AS w FROM own
		UNION ALL
		SELECT '~' || d FROM pg_catalog.regexp_split_to_table($3, '[^[:alpha:]]+') AS d
		WHERE d <> '' AND NOT EXISTS (SELECT FROM own WHERE own.t = d)
	) s
	$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_product_search_upsert() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	WITH changed AS (
		SELECT n.id, n.status = 'active' AND NOT (n.tags @> ARRAY['uso-interno']::text[]) AS searchable, n.search_title AS title,
			public.f_product_search_words(n.search_title, n.search_tags, n.search_description) AS words
		FROM new_rows n
	), terms AS (
		INSERT INTO public.search_terms (word)
		SELECT DISTINCT pg_catalog.ltrim(w, '~') FROM changed, pg_catalog.unnest(changed.words) AS w
		ON CONFLICT DO NOTHING
	)
	INSERT INTO public.product_search (product_id, searchable, title, words)
	SELECT id, searchable, title, words FROM changed
	ON CONFLICT (product_id) DO UPDATE SET searchable = excluded.searchable, title = excluded.title, words = excluded.words
	WHERE (product_search.searchable, product_search.title, product_search.words)
		IS DISTINCT FROM (excluded.searchable, excluded.title, excluded.words);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_product_search_delete() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	DELETE FROM public.product_search WHERE product_id IN (SELECT id FROM old_rows);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_product_search_truncate() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	TRUNCATE public.product_search;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_product_search_insert AFTER INSERT ON products
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION f_product_search_upsert();
--> statement-breakpoint
CREATE TRIGGER products_product_search_update AFTER UPDATE ON products
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION f_product_search_upsert();
--> statement-breakpoint
CREATE TRIGGER products_product_search_delete AFTER DELETE ON products
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION f_product_search_delete();
--> statement-breakpoint
CREATE TRIGGER products_product_search_truncate AFTER TRUNCATE ON products
	FOR EACH STATEMENT EXECUTE FUNCTION f_product_search_truncate();
--> statement-breakpoint
-- Products written before this migration.
INSERT INTO product_search (product_id, searchable, title, words)
SELECT id, status = 'active' AND NOT (tags @> ARRAY['uso-interno']::text[]), search_title,
	f_product_search_words(search_title, search_tags, search_description)
FROM products;
--> statement-breakpoint
INSERT INTO search_terms (word)
SELECT DISTINCT ltrim(w, '~') FROM product_search, unnest(words) AS w
ON CONFLICT DO NOTHING;
