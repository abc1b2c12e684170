import { type SQL, sql } from 'drizzle-orm'
import { db, queryRows } from '~/server/db.server'
import type { ProductSummary } from '../types'
import { containsPattern, folded } from './catalogue.server'
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
 * (f_unaccent) and tolerant of one typo per word (pg_trgm word_similarity).
 *
 * A product matches when every word of the query appears in its title, tags or description,
 * exactly (after folding accents and case) or — title and tags — as a close word.
 * Ranking: all words literally in the title, then all words in the title with typos, then
 * title+tags, then anything involving the description; inside a tier, titles starting
 * with the query and closer titles first.
 */
export async function searchProducts(query: string, options?: { first?: number }): Promise<ProductSummary[]> {
	const tokens = searchTokens(query)
	if (tokens.length === 0) return []
	const first = Math.min(Math.max(Math.trunc(options?.first ?? 8), 1), MAX_RESULTS)
	const rows = await db.transaction(async (tx) => {
		// Local to this transaction: pooled connections keep their defaults.
		await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`)
		return queryRows<{ id: string }>(searchQuery(tokens, first), tx)
	})
	return loadProductSummaries(rows.map((r) => r.id))
}

/** The ranked search over `tokens` (see searchProducts); needs the word_similarity threshold set. */
export function searchQuery(tokens: string[], first: number): SQL {
	const phrase = tokens.join(' ')

	const perToken = tokens.map((token) => ({
		like: folded(sql`${containsPattern(token)}`),
		word: folded(sql`${token}`),
		fuzzy: token.replace(/[^\p{L}\p{N}]/gu, '').length >= FUZZY_MIN_LENGTH,
	}))
	const any = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`
	const all = (parts: SQL[]) => sql`(${sql.join(parts, sql` and `)})`

	// 1. Candidates: rows where at least one word matches, found through the trigram indexes
	//    on the folded title, description and tags (`<%` is word_similarity ≥ the threshold
	//    set by searchProducts). search_title, search_description and search_tags are
	//    stored, indexed, folded copies kept by PostgreSQL (catalog.ts).
	const titleF = sql`p.search_title`
	const descriptionF = sql`p.search_description`
	const tagsF = sql`p.search_tags`
	const titleCandidates = any(
		perToken.flatMap((t) => [sql`${titleF} like ${t.like}`, ...(t.fuzzy ? [sql`${t.word} <% ${titleF}`] : [])]),
	)
	const descriptionCandidates = any(perToken.map((t) => sql`${descriptionF} like ${t.like}`))
	const tagCandidates = any(perToken.map((t) => sql`${tagsF} like ${t.like}`))

	// 2. Among candidates, every word must match somewhere; then rank.
	const title = sql`s.title_f`
	const tags = sql`s.tags_f`
	const description = sql`s.description_f`
	const near = (t: (typeof perToken)[number], text: SQL) =>
		t.fuzzy ? sql`word_similarity(${t.word}, ${text}) >= ${FUZZY_THRESHOLD}` : sql`false`
	const inTitle = (t: (typeof perToken)[number]) => sql`${title} like ${t.like}`
	const nearTitle = (t: (typeof perToken)[number]) => sql`(${inTitle(t)} or ${near(t, title)})`
	// A typo'd tag word is accepted only once the product is a candidate through another
	// word (fuzzy-scanning every row's tags cost more than the rest of the search).
	const inTags = (t: (typeof perToken)[number]) => sql`(${tags} like ${t.like} or ${near(t, tags)})`
	const allInTitle = all(perToken.map(inTitle))
	const allNearTitle = all(perToken.map(nearTitle))
	const allInTitleOrTags = all(perToken.map((t) => sql`(${nearTitle(t)} or ${inTags(t)})`))
	const allAnywhere = all(perToken.map((t) => sql`(${nearTitle(t)} or ${inTags(t)} or ${description} like ${t.like})`))
	const foldedPhrase = folded(sql`${phrase}`)
	const startsWithPhrase = folded(sql`${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)} || '%'`)

	return sql`
			with candidates as (
				select p.id from products p where p.status = 'active' and ${titleCandidates}
				union
				select p.id from products p where p.status = 'active' and ${descriptionCandidates}
				union
				select p.id from products p where p.status = 'active' and ${tagCandidates}
			),
			s as materialized (
				select p.id, ${titleF} as title_f, ${tagsF} as tags_f, ${descriptionF} as description_f
				from products p join candidates c on c.id = p.id
			)
			select s.id
			from s
			where ${allAnywhere}
			order by
				case when ${allInTitle} then 3 when ${allNearTitle} then 2 when ${allInTitleOrTags} then 1 else 0 end desc,
				(${title} like ${startsWithPhrase}) desc,
				word_similarity(${foldedPhrase}, ${title}) desc,
				similarity(${foldedPhrase}, ${title}) desc,
				${title} asc, s.id asc
			limit ${first}`
}
