// Until the first release the schema is one initial migration set, regenerated from
// app/db/schema whenever it changes. After the first release, replace this with
// plain `drizzle-kit generate` so that migrations only ever get appended.
import { execSync } from 'node:child_process'
import { readdirSync, rmSync, writeFileSync } from 'node:fs'

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
