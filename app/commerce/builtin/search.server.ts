import { type SQL, sql } from 'drizzle-orm'
import { db, queryRows } from '~/server/db.server'
import type { ProductSummary } from '../types'
import { browsable, containsPattern, folded } from './catalogue.server'
import { loadProductSummaries } from './product-loader.server'

/** document 000 §5: search runs only from 2 trimmed characters. */
export const MIN_QUERY_LENGTH = 2
const MAX_QUERY_LENGTH = 100
const MAX_TOKENS = 6
const MAX_RESULTS = 50
/**
 * word_similarity above which a word counts as "the same word with a typo". 0.5 accepts
 * one wrong letter in words of 5+ letters ('xadres' ≈ 'xadrez': 0.57) and rejects
 * unrelated words of the catalogue.
 */
const FUZZY_THRESHOLD = 0.5
/** Shorter words are matched literally only: a typo in a 3-letter word leaves nothing to go on. */
const FUZZY_MIN_LENGTH = 4

/** Lower-cased words of the query; one-letter words are dropped unless nothing else is left. */
export function searchTokens(query: string): string[] {
	const normalized = query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH)
	if (normalized.length < MIN_QUERY_LENGTH) return []
	const words = normalized.split(' ').filter((w) => w.length >= 2)
	return (words.length > 0 ? words : [normalized]).slice(0, MAX_TOKENS)
}

/**
 * Whole-catalogue search on the server (document 000 §2 'Search bar'), accent-insensitive
 * (f_unaccent) and tolerant of one typo per word (pg_trgm word_similarity). Internal
 * products (add-ons, bases, the gift: INTERNAL_TAG) are never found.
 *
 * A product matches when every word of the query appears in its title, tags or description,
 * exactly (after folding accents and case) or — title and tags — as a close word.
 * Ranking: all words literally in the title, then all words in the title with typos, then
 * title+tags, then anything involving the description; inside a tier, titles starting
 * with the query, then titles holding it as typed, then closer and shorter titles.
 */
export async function searchProducts(query: string, options?: { first?: number }): Promise<ProductSummary[]> {
	const tokens = searchTokens(query)
	if (tokens.length === 0) return []
	const first = Math.min(Math.max(Math.trunc(options?.first ?? 8), 1), MAX_RESULTS)
	const rows = await db.transaction(async (tx) => {
		// Local to this transaction: pooled connections keep their defaults.
		await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`)
		// The planner prices a trigram comparison like an `=`, so for common words it prefers
		// reading every row and computing word_similarity on each (~4x slower on 5,000
		// products than the trigram indexes, measured with EXPLAIN ANALYZE).
		await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`)
		// Common words ('bandana') fill the page with exact title matches, which no typo match
		// can outrank: then the costlier fuzzy pass is not needed at all.
		const exact = await queryRows<{ id: string }>(searchQuery(tokens, first, { exactTitleOnly: true }), tx)
		if (exact.length >= first) return exact
		return queryRows<{ id: string }>(searchQuery(tokens, first), tx)
	})
	return loadProductSummaries(rows.map((r) => r.id))
}

type Token = { like: SQL; word: SQL; fuzzy: boolean }

/**
 * The ranked search over `tokens` (see searchProducts); needs the word_similarity threshold
 * set. With `exactTitleOnly`, only the first tier (every word literally in the title), in
 * the same order as the full search.
 *
 * Shape (checked with EXPLAIN ANALYZE on 5,000 products): one pass over the trigram indexes
 * finds the candidates and measures each word against the title once; a second pass gives
 * each word a level (4 literally in the title, 3 close in the title, 2 in the tags, 1 in the
 * description), computing the costlier tag similarity only when the title said nothing.
 * Both are materialized so that no similarity is evaluated twice per row.
 */
export function searchQuery(tokens: string[], first: number, options: { exactTitleOnly?: boolean } = {}): SQL {
	const phrase = tokens.join(' ')
	const perToken: Token[] = tokens.map((token) => ({
		like: folded(sql`${containsPattern(token)}`),
		word: folded(sql`${token}`),
		fuzzy: token.replace(/[^\p{L}\p{N}]/gu, '').length >= FUZZY_MIN_LENGTH,
	}))
	const column = (name: string, i: number) => sql.raw(`${name}_${i}`)
	const list = (parts: SQL[], separator: string) => sql.join(parts, sql.raw(separator))
	const escapedPhrase = phrase.replace(/[\\%_]/g, (c) => `\\${c}`)
	const startsWithPhrase = folded(sql`${escapedPhrase} || '%'`)
	const containsPhrase = folded(sql`'%' || ${escapedPhrase} || '%'`)

	if (options.exactTitleOnly) {
		return sql`
			select p.id from products p
			where p.status = 'active' and ${browsable()} and ${list(
				perToken.map((t) => sql`p.search_title like ${t.like}`),
				' and ',
			)}
			order by (p.search_title like ${startsWithPhrase}) desc, (p.search_title like ${containsPhrase}) desc,
				length(p.search_title) asc, p.search_title asc, p.id asc
			limit ${first}`
	}

	// 1. Candidates: every word literally in the title, description or tags, or close to a
	//    word of the title or tags (`<%`: word_similarity ≥ the threshold searchProducts sets),
	//    all found through the trigram indexes on the stored folded columns (catalog.ts).
	//    Requiring every word here, not only later, keeps the rows to rank few.
	const candidate = list(
		perToken.map(
			(t) => sql`(${list(
				[
					sql`p.search_title like ${t.like}`,
					sql`p.search_description like ${t.like}`,
					sql`p.search_tags like ${t.like}`,
					...(t.fuzzy ? [sql`${t.word} <% p.search_title`, sql`${t.word} <% p.search_tags`] : []),
				],
				' or ',
			)})`,
		),
		' and ',
	)
	// Whether each word is literally in the title, and how close it comes: 1 when literally
	// there, else its word_similarity (computed for those rows only).
	const titleCloseness = perToken.flatMap((t, i) => [
		sql`p.search_title like ${t.like} as ${column('exact', i)}`,
		t.fuzzy
			? sql`case when p.search_title like ${t.like} then 1::real else word_similarity(${t.word}, p.search_title) end as ${column('near', i)}`
			: sql`case when p.search_title like ${t.like} then 1::real else 0::real end as ${column('near', i)}`,
	])
	// 2. Each word's level (0: nowhere, the product does not match).
	const levels = perToken.map((t, i) => {
		const near = column('near', i)
		const tagTypo = t.fuzzy ? sql`or word_similarity(${t.word}, c.tags_f) >= ${FUZZY_THRESHOLD}::real` : sql``
		return sql`case when ${column('exact', i)} then 4 when ${near} >= ${FUZZY_THRESHOLD}::real then 3
			when c.tags_f like ${t.like} ${tagTypo} then 2
			when c.description_f like ${t.like} then 1 else 0 end as ${column('level', i)}`
	})
	const tier = perToken.length === 1 ? column('level', 0) : sql`least(${list(perToken.map((_, i) => column('level', i)), ', ')})`
	const closeness = list(
		perToken.map((_, i) => column('near', i)),
		' + ',
	)

	return sql`
		with c as materialized (
			select p.id, p.search_title as title_f, p.search_tags as tags_f, p.search_description as description_f,
				${list(titleCloseness, ', ')}
			from products p
			where p.status = 'active' and ${browsable()} and (${candidate})
		),
		l as materialized (
			select c.*, ${list(levels, ', ')} from c
		)
		select l.id from l
		where ${tier} > 0
		order by ${tier} desc, (l.title_f like ${startsWithPhrase}) desc, (l.title_f like ${containsPhrase}) desc,
			${closeness} desc, length(l.title_f) asc, l.title_f asc, l.id asc
		limit ${first}`
}
