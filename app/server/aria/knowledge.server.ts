import { type SQL, sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { contentWords, fold, normalizeMessage } from './message-text'

/**
 * What the assistant looks up (issue 12): the owner's knowledge base and the products it may
 * recommend (the breed table is shared with the size guide: server/breed-sizes.server.ts). Searched in PostgreSQL (PGlite too): full-text search in the
 * Portuguese dictionary, accent-insensitive (f_unaccent), with trigram similarity for typos.
 */

export type KnowledgeEntry = { id: string; title: string; content: string; category: string | null; score: number }

/** A text[] literal of bound values (drizzle spreads a JS array into a list of parameters). */
function textArray(values: readonly string[]): SQL {
	return values.length === 0
		? sql`'{}'::text[]`
		: sql`array[${sql.join(
				values.map((v) => sql`${v}`),
				sql`, `,
			)}]::text[]`
}

/** '"' and other tsquery syntax cannot reach to_tsquery: only [a-z0-9] words, as prefixes, OR-ed. */
function prefixQuery(words: string[]): string | null {
	const safe = [...new Set(words.map((w) => fold(w).replace(/[^a-z0-9]/g, '')).filter((w) => w.length >= 3))].slice(0, 12)
	return safe.length ? safe.map((w) => `${w}:*`).join(' | ') : null
}

/**
 * The entries that best answer `text`, best first. Score: full-text rank (title words weigh
 * double) plus the best trigram similarity of a query word with the title. Below `minScore`
 * nothing is returned: a weak match is worse than an honest 'não sei'.
 */
export async function searchKnowledge(text: string, options: { limit?: number; minScore?: number } = {}): Promise<KnowledgeEntry[]> {
	const words = contentWords(normalizeMessage(text))
	const query = prefixQuery(words)
	if (!query) return []
	const limit = options.limit ?? 3
	const minScore = options.minScore ?? 0.1
	const rows = await queryRows<{ id: string; title: string; content: string; category: string | null; score: number }>(sql`
		with q as (select to_tsquery('portuguese', ${query}) as query),
		scored as (
			select k.id, k.title, k.content, k.category,
				ts_rank(
					setweight(to_tsvector('portuguese', f_unaccent(lower(k.title || ' ' || coalesce(k.category, '')))), 'A') ||
					setweight(to_tsvector('portuguese', f_unaccent(lower(k.content))), 'B'),
					q.query
				) as rank,
				(select coalesce(max(word_similarity(w, f_unaccent(lower(k.title)))), 0)
					from unnest(${textArray(words)}) as w where char_length(w) >= 4) as similarity
			from aria_knowledge_base k, q
		)
		select id, title, content, category, (rank + case when similarity >= 0.6 then similarity / 2 else 0 end) as score
		from scored
		where rank > 0 or similarity >= 0.6
		order by score desc, title
		limit ${limit}`)
	return rows.map((row) => ({ ...row, score: Number(row.score) })).filter((row) => row.score >= minScore)
}

/** The best entry of one category ('produção', 'frete'…), by how well it matches `hint`. */
export async function knowledgeOfCategory(category: string, hint: string): Promise<KnowledgeEntry | null> {
	const query = prefixQuery(contentWords(normalizeMessage(hint)))
	const rows = await queryRows<{ id: string; title: string; content: string; category: string | null; score: number }>(sql`
		select id, title, content, category,
			${query ? sql`ts_rank(to_tsvector('portuguese', f_unaccent(lower(title || ' ' || content))), to_tsquery('portuguese', ${query}))` : sql`0`} as score
		from aria_knowledge_base
		where f_unaccent(lower(coalesce(category, ''))) = f_unaccent(lower(${category}))
		order by score desc, created_at desc
		limit 1`)
	const row = rows[0]
	return row ? { ...row, score: Number(row.score) } : null
}

export type AriaProductMatch = { handle: string; title: string; priceCents: number; tags: string[]; score: number }

/**
 * Active assistant products (aria_products, is_available) matching a kind ('bandana', in the
 * title or tags) and attributes ('xadrez', 'vermelha': each in the title or tags, literally or
 * with a typo, or in the description). With a kind, only products of that kind; ranked by how
 * many attributes match, then title matches, then price.
 */
export async function searchAriaProducts(input: { kind: string | null; attributes: string[]; limit: number }): Promise<AriaProductMatch[]> {
	const attributes = [...new Set(input.attributes.map(fold).filter((w) => w.length >= 3))].slice(0, 6)
	if (!input.kind && attributes.length === 0) return []
	const kind = input.kind ? fold(input.kind) : null
	const rows = await queryRows<AriaProductMatch>(sql`
		with candidates as (
			select a.shopify_handle as handle, a.title, a.price_cents as "priceCents", a.tags,
				f_unaccent(lower(a.title)) as t, f_search_tags(a.tags) as g, f_unaccent(lower(a.description)) as d
			from aria_products a
			where a.is_available
		),
		scored as (
			select c.*,
				(select count(*) from unnest(${textArray(attributes)}) as w
					where c.t like '%' || w || '%' or c.g like '%' || w || '%'
						or (char_length(w) >= 5 and (word_similarity(w, c.t) >= 0.6 or word_similarity(w, c.g) >= 0.6))) as in_title,
				(select count(*) from unnest(${textArray(attributes)}) as w where c.d like '%' || w || '%') as in_description
			from candidates c
			${kind ? sql`where c.t like ${`%${kind}%`} or c.g like ${`%${kind}%`}` : sql``}
		)
		select handle, title, "priceCents", tags, (in_title * 2 + in_description) as score
		from scored
		where ${attributes.length === 0 ? sql`true` : sql`in_title + in_description > 0`}
		order by in_title desc, in_description desc, (t like ${`${kind ?? ''}%`}) desc, "priceCents", title
		limit ${input.limit}`)
	const scored = rows.map((row) => ({ ...row, score: Number(row.score) }))
	// Products matching more of the words asked come first; fewer matches are not mixed in.
	const best = scored[0]?.score ?? 0
	return attributes.length > 0 ? scored.filter((row) => row.score >= best - 1 && row.score > 0) : scored
}

/** Whether a handle is one the assistant may recommend (synced and active); unknown handles are not. */
export async function activeAriaHandles(handles: string[]): Promise<Set<string>> {
	if (handles.length === 0) return new Set()
	const rows = await queryRows<{ handle: string }>(
		sql`select shopify_handle as handle from aria_products where is_available and shopify_handle = any(${textArray(handles)})`,
	)
	return new Set(rows.map((row) => row.handle))
}
