// Until the first release the schema is one initial migration set, regenerated from
// app/db/schema whenever it changes. After the first release, replace this with
// plain `drizzle-kit generate` so that migrations only ever get appended.
import { execSync } from 'node:child_process'
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'

rmSync('drizzle', { recursive: true, force: true })
// 1. Extensions first: drizzle-kit does not emit CREATE EXTENSION.
execSync('npx drizzle-kit generate --custom --name extensions', { stdio: 'inherit' })
const extensions = readdirSync('drizzle').find((f) => f.endsWith('_extensions.sql'))
writeFileSync(
	`drizzle/${extensions}`,
	`CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
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
`,
)
// 2. The tables.
execSync('npx drizzle-kit generate --name init', { stdio: 'inherit' })
// 3. What drizzle-kit cannot express: the trigger that keeps search_words (decision 047).
execSync('npx drizzle-kit generate --custom --name search_words', { stdio: 'inherit' })
const searchWords = readdirSync('drizzle').find((f) => f.endsWith('_search_words.sql'))
writeFileSync(
	`drizzle/${searchWords}`,
	`-- The folded words of products' titles and tags, for typo look-ups (decision 047). One
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
`,
)
// 4. Product ids kept as text (decision 051): deleting a built-in product deletes or clears the
// rows that name it, as the foreign keys did. The same file was appended as a migration.
execSync('npx drizzle-kit generate --custom --name product_references', { stdio: 'inherit' })
const productReferences = readdirSync('drizzle').find((f) => f.endsWith('_product_references.sql'))
writeFileSync(`drizzle/${productReferences}`, readFileSync('scripts/sql/product-references.sql', 'utf8'))
// 5. The search table and the catalogue's words, kept by triggers on products (decision 056). The
// tables come with init; the same file was appended as a migration after the table migration.
execSync('npx drizzle-kit generate --custom --name product_search_triggers', { stdio: 'inherit' })
const productSearch = readdirSync('drizzle').find((f) => f.endsWith('_product_search_triggers.sql'))
writeFileSync(`drizzle/${productSearch}`, readFileSync('scripts/sql/product-search.sql', 'utf8'))
// 6. product_search's words keyed by title length, for common-word typos (decision 056, "Common-word
// typos"): a function and an expression index on it. The same file was appended as a migration.
execSync('npx drizzle-kit generate --custom --name product_search_keys', { stdio: 'inherit' })
const productSearchKeys = readdirSync('drizzle').find((f) => f.endsWith('_product_search_keys.sql'))
writeFileSync(`drizzle/${productSearchKeys}`, readFileSync('scripts/sql/product-search-keys.sql', 'utf8'))
