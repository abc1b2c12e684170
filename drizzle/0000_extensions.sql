CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE; an IMMUTABLE wrapper lets search use it in indexes.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- array_to_string() is only STABLE; tags are plain text, so folding them is immutable.
-- public.f_unaccent, qualified: pg_restore runs with an empty search_path, and a products
-- column is generated from this function (decision 023).
CREATE OR REPLACE FUNCTION f_search_tags(text[]) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	AS $$ SELECT public.f_unaccent(lower(array_to_string($1, ' '))) $$;
