import { type SQL, sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
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
 * exactly (after folding accents and case) or — title and tags only — as a close word.
 * Ranking: all words literally in the title, then all words in the title with typos, then
 * title+tags, then anything involving the description; inside a tier, titles starting
 * with the query and closer titles first.
 */
export async function searchProducts(query: string, options?: { first?: number }): Promise<ProductSummary[]> {
	const tokens = searchTokens(query)
	if (tokens.length === 0) return []
	const first = Math.min(Math.max(Math.trunc(options?.first ?? 8), 1), MAX_RESULTS)
	const phrase = tokens.join(' ')

	const title = sql`s.title_f`
	const tags = sql`s.tags_f`
	const description = sql`s.description_f`
	const perToken = tokens.map((token) => {
		const like = folded(sql`${containsPattern(token)}`)
		const word = folded(sql`${token}`)
		return {
			inTitle: sql`${title} like ${like}`,
			nearTitle: sql`word_similarity(${word}, ${title}) >= ${FUZZY_THRESHOLD}`,
			inTags: sql`(${tags} like ${like} or word_similarity(${word}, ${tags}) >= ${FUZZY_THRESHOLD})`,
			inDescription: sql`${description} like ${like}`,
		}
	})
	const all = (parts: SQL[]) => sql.join(parts, sql` and `)
	const allInTitle = all(perToken.map((t) => t.inTitle))
	const allNearTitle = all(perToken.map((t) => sql`(${t.inTitle} or ${t.nearTitle})`))
	const allInTitleOrTags = all(perToken.map((t) => sql`(${t.inTitle} or ${t.nearTitle} or ${t.inTags})`))
	const allAnywhere = all(
		perToken.map((t) => sql`(${t.inTitle} or ${t.nearTitle} or ${t.inTags} or ${t.inDescription})`),
	)
	const foldedPhrase = folded(sql`${phrase}`)
	const startsWithPhrase = folded(sql`${phrase.replace(/[\\%_]/g, (c) => `\\${c}`)} || '%'`)

	const rows = await queryRows<{ id: string }>(sql`
		with s as (
			select p.id, ${folded(sql`p.title`)} as title_f,
				${folded(sql`array_to_string(p.tags, ' ')`)} as tags_f,
				${folded(sql`p.description`)} as description_f
			from products p
			where p.status = 'active'
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
		limit ${first}`)
	return loadProductSummaries(rows.map((r) => r.id))
}
