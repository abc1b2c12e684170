import { type SQL, sql } from 'drizzle-orm'
import { type Executor, db, queryRows } from '~/server/db.server'
import { INTERNAL_TAG } from '../internal-products'
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
/** Close words of the catalogue tried per typed word (the closest first): bounds the query. */
const SIMILAR_WORDS = 20
/**
 * Products ranked by the typo-tolerant pass at most: the shortest-titled candidates, walked in
 * the index's order (decision 047). Exact whenever fewer products match (every test, most
 * queries); past it, a tier is ranked among its first WINDOW candidates by title length.
 */
const WINDOW = 200
/** candidateIds first looks among WINDOW × WALK_FACTOR shortest titles: a walk of a few milliseconds. */
const WALK_FACTOR = 10

/** Lower-cased words of the query; one-letter words are dropped unless nothing else is left. */
export function searchTokens(query: string): string[] {
	const normalized = query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH)
	if (normalized.length < MIN_QUERY_LENGTH) return []
	const words = normalized.split(' ').filter((w) => w.length >= 2)
	return (words.length > 0 ? words : [normalized]).slice(0, MAX_TOKENS)
}

/**
 * Whole-catalogue search on the server (document 000 §2 'Search bar'), accent-insensitive
 * (columns folded at write time) and tolerant of one typo per word (pg_trgm word_similarity).
 * Internal products (add-ons, bases, the gift: INTERNAL_TAG) are never found.
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
	return loadProductSummaries(await searchProductIds(tokens, first))
}

/**
 * The ids of the best `first` matches for `tokens`, best first (searchProducts' ranking; the
 * search result page asks for up to 500). Shape, measured at 50,000 products (decision 047):
 *
 * 1. The first tier (every word literally in the title) with literalTitleIds: each of its
 *    parts walked in the ranking's order through an index, so 'bandana' stops after a few rows.
 *    Enough of them and nothing else runs.
 * 2. Else the catalogue's words close to each typed word (search_words, a few thousand rows),
 *    so that candidates are found with plain LIKEs instead of word_similarity on every title.
 * 3. The typo-tolerant ranking (rankedQuery) over the first WINDOW candidates by title length
 *    (candidateIds).
 *
 * When every typed word folds to letters only (nearly always), the catalogue's words that
 * contain each one are looked up first (catalogueTerms, decision 056): a word none contains can
 * match nothing, so the first tier is skipped and, without a close word, the search ends there;
 * and the candidates of step 3 are the products whose words overlap, for each typed word, the words
 * that contain it or one of its close words (productWords), read from product_search's narrow rows
 * one title length at a time, shortest first, until the window is full (productSearchQuery).
 */
export async function searchProductIds(tokens: string[], first: number): Promise<string[]> {
	return db.transaction(async (tx) => {
		// The typo threshold is set by the first statement (local to this transaction: pooled
		// connections keep their defaults).
		const terms = await catalogueTerms(tokens, tx, { threshold: FUZZY_THRESHOLD })
		// A plain word that no word of the catalogue contains is in no title: the first tier is empty.
		const absent = terms ? terms.some((t) => t.length === 0) : false
		const literal = absent ? [] : await literalTitleIds(tokens, first, tx)
		if (literal.length >= first) return literal
		const window = Math.max(WINDOW, first)
		if (!terms) {
			// A number or a hyphen: decision 047's LIKE path on products.
			const similar = await similarWords(tokens, tx)
			const candidates = await candidateIds(tokens, similar, window, tx)
			if (candidates.length === 0) return literal
			const ranked = await queryRows<{ id: string }>(rankedQuery(tokens, candidates, first - literal.length), tx)
			return [...literal, ...ranked.map((r) => r.id)]
		}
		const { similar, closeTerms } = await similarWordsAndTerms(tokens, tx)
		// Nor in any tags or description; if it has no close word either, nothing can match (decision 056).
		if (terms.some((t, i) => t.length === 0 && (similar[i] ?? []).length === 0)) return literal
		const words = await productWords(tokens, terms, similar, tx, closeTerms)
		// The candidates and their ranking in one statement (decision 056, "Common-word typos").
		const ranked = await queryRows<{ id: string }>(
			rankedQuery(tokens, productSearchQuery(tokens, words, window), first - literal.length),
			tx,
		)
		return [...literal, ...ranked.map((r) => r.id)]
	})
}

/** For each token long enough for typos, the catalogue's words at least FUZZY_THRESHOLD close to it. */
export async function similarWords(tokens: string[], executor: Executor): Promise<string[][]> {
	return (await closeWords(tokens, executor, false)).similar
}

/**
 * similarWords, and in the same statement productWords' `closeTerms`: for each token, the words
 * of the catalogue (search_terms) that contain one of its close words not containing the token.
 */
export async function similarWordsAndTerms(tokens: string[], executor: Executor): Promise<{ similar: string[][]; closeTerms: string[][] }> {
	return closeWords(tokens, executor, true)
}

async function closeWords(
	tokens: string[],
	executor: Executor,
	withTerms: boolean,
): Promise<{ similar: string[][]; closeTerms: string[][] }> {
	const fuzzy = tokens.map((token, i) => ({ token, i })).filter(({ token }) => isFuzzy(token))
	const similar: string[][] = tokens.map(() => [])
	const closeTerms: string[][] = tokens.map(() => [])
	if (fuzzy.length === 0) return { similar, closeTerms }
	// A close word that holds the token adds nothing (its terms hold the token too): skipped, as
	// productWords does. search_words are runs of letters: no LIKE wildcard to escape.
	const terms = withTerms
		? sql`case when strpos(w.word, t.token) = 0
				then array(select x.word from search_terms x where x.word like '%' || w.word || '%') else '{}'::text[] end`
		: sql`'{}'::text[]`
	const rows = await queryRows<{ i: number; word: string; terms: string[] }>(
		sql`select t.i::int as i, w.word, ${terms} as terms
			from unnest(array[${sql.join(
				fuzzy.map(({ token }) => sql`${token}`),
				sql`, `,
			)}]::text[], array[${sql.join(
				fuzzy.map(({ i }) => sql`${i}`),
				sql`, `,
			)}]::int[]) as t(token, i)
			cross join lateral (
				select s.word from search_words s where ${folded(sql`t.token`)} <% s.word
				order by word_similarity(${folded(sql`t.token`)}, s.word) desc, s.word limit ${SIMILAR_WORDS}
			) w`,
		executor,
	)
	for (const row of rows) {
		similar[row.i]?.push(row.word)
		closeTerms[row.i]?.push(...row.terms)
	}
	return { similar, closeTerms }
}

/**
 * For each token, the words of the catalogue (search_terms: the runs of letters of titles, tags
 * and descriptions) that contain it, when every token folds to letters only; else undefined (a
 * number, a hyphen: the LIKE path answers). Such a token is in a column (LIKE '%token%') exactly
 * when one of the column's runs of letters contains it: an empty list means no product has it anywhere. search_terms is never pruned, so it may list more words than
 * the catalogue has now, never fewer.
 */
export async function catalogueTerms(
	tokens: string[],
	executor: Executor,
	options: { threshold?: number } = {},
): Promise<string[][] | undefined> {
	const rows = await queryRows<{ i: number; plain: boolean; words: string[] }>(catalogueTermsQuery(tokens, options), executor)
	if (rows.length !== tokens.length || rows.some((r) => !r.plain)) return undefined
	return rows.map((r) => r.words)
}

/**
 * `threshold`: also sets pg_trgm.word_similarity_threshold for the rest of the transaction (what
 * similarWords' `<%` compares with), sparing searchProductIds a round trip of its own.
 */
export function catalogueTermsQuery(tokens: string[], options: { threshold?: number } = {}): SQL {
	const threshold =
		options.threshold === undefined
			? sql``
			: sql`cross join (select set_config('pg_trgm.word_similarity_threshold', ${String(options.threshold)}, true)) as threshold`
	return sql`select t.i::int as i, ${folded(sql`t.token`)} ~ '^[[:alpha:]]+$' as plain,
				array(select s.word from search_terms s where s.word like ${folded(sql`t.pattern`)} order by s.word) as words
			from unnest(${textArray(tokens)}, ${textArray(tokens.map(containsPattern))}) with ordinality as t(token, pattern, i)
			${threshold}
			order by t.i`
}

/**
 * For each token, what product_search.words must overlap for the product to be a candidate:
 * the catalogue's words containing the token (title and tags), the same prefixed with '~'
 * (description), and the catalogue's words containing one of its close words (title and tags:
 * the LIKE '%close%' of candidateCondition, as words). `closeTerms` (similarWordsAndTerms): those
 * last words already looked up, else one statement per token that has close words.
 */
export async function productWords(
	tokens: string[],
	terms: string[][],
	similar: string[][],
	executor: Executor,
	closeTerms?: string[][],
): Promise<string[][]> {
	if (closeTerms) return tokens.map((_, i) => unique(terms[i] ?? [], closeTerms[i] ?? []))
	const words: string[][] = []
	for (const [i, token] of tokens.entries()) {
		const own = terms[i] ?? []
		const close = (similar[i] ?? []).filter((word) => !word.includes(token))
		const found =
			close.length === 0
				? []
				: await queryRows<{ word: string }>(
						sql`select s.word from search_terms s where ${list(
							close.map((word) => sql`s.word like ${containsPattern(word)}`),
							' or ',
						)}`,
						executor,
					)
		words.push(
			unique(
				own,
				found.map((r) => r.word),
			),
		)
	}
	return words
}

/** A token's words: its own terms, the same for the description ('~'), and its close words' terms. */
const unique = (own: string[], close: string[]) => [...new Set([...own, ...own.map((word) => `~${word}`), ...close])]

const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`

function isFuzzy(token: string): boolean {
	return token.replace(/[^\p{L}\p{N}]/gu, '').length >= FUZZY_MIN_LENGTH
}

const ORDER = sql`length(p.search_title), p.search_title, p.id`
const list = (parts: SQL[], separator: string) => sql.join(parts, sql.raw(separator))

function phrasePatterns(tokens: string[]) {
	const escapedPhrase = tokens.join(' ').replace(/[\\%_]/g, (c) => `\\${c}`)
	return {
		startsWithPhrase: folded(sql`${escapedPhrase} || '%'`),
		containsPhrase: folded(sql`'%' || ${escapedPhrase} || '%'`),
	}
}

/** Every token literally in the folded title. */
function allInTitle(tokens: string[], column: SQL = sql`p.search_title`): SQL {
	return list(
		tokens.map((token) => sql`${column} like ${folded(sql`${containsPattern(token)}`)}`),
		' and ',
	)
}

/**
 * The first tier: every word literally in the title; titles starting with the query first,
 * then holding it as typed, then the rest, each shortest title first. Each part is its own
 * `order by … limit`, which the planner answers by walking products_search_order_idx for a
 * common word or through the trigram index and a sort for a rare one, and runs only when the
 * parts before it left room. Each part's rows include the previous parts' (a title starting
 * with the query holds it): asking `first` of them and dropping those already seen is exact,
 * and spares the planner a `not like` it would misjudge into walking the whole index.
 */
export async function literalTitleIds(tokens: string[], first: number, executor: Executor): Promise<string[]> {
	const found: string[] = []
	for (const [index, condition] of literalTitleParts(tokens).entries()) {
		const rows = await queryRows<{ id: string }>(literalTitleQuery(condition, first, { prefix: index === 0 }), executor)
		for (const { id } of rows) if (!found.includes(id)) found.push(id)
		if (found.length >= first) return found.slice(0, first)
	}
	return found
}

/** The first tier's parts, best first: starts with the query, holds it, holds every word. */
export function literalTitleParts(tokens: string[]): SQL[] {
	const { startsWithPhrase, containsPhrase } = phrasePatterns(tokens)
	return [
		sql`p.search_title like ${startsWithPhrase}`,
		sql`p.search_title like ${containsPhrase}`,
		...(tokens.length > 1 ? [allInTitle(tokens)] : []),
	]
}

export function literalTitleQuery(condition: SQL, first: number, options: { prefix?: boolean } = {}): SQL {
	if (options.prefix) {
		// The conditions of products_search_prefix_idx as constants (so the planner may use it),
		// and `+ 0` to keep it off products_search_order_idx: walking titles by length assumes the
		// matches are spread evenly, but 10,000 'Gravata Borboleta …' are all long titles (measured
		// 86–112 ms walking, 9 ms reading the prefix's range and sorting it).
		return sql`select p.id from products p
			where p.status = 'active' and not (p.tags @> ${sql.raw(`'{${INTERNAL_TAG}}'`)}::text[]) and ${condition}
			order by length(p.search_title) + 0, p.search_title, p.id limit ${first}`
	}
	return sql`select p.id from products p where p.status = 'active' and ${browsable()} and ${condition}
		order by ${ORDER} limit ${first}`
}

/**
 * The first `window` products, by title length, that may belong to the typo-tolerant tiers:
 * every word literally in the title, description or tags, or one of its close words in the
 * title or tags, and not every word literally in the title (literalTitleIds has those).
 *
 * When every token is a plain word (`words`, from productWords): one statement over
 * product_search, a title length at a time (productSearchQuery). Else (a number, a hyphen) on
 * products: first among the WALK shortest titles (an index walk of a few milliseconds): when
 * they hold `window` candidates, those are exactly the first `window`. Else the candidates are
 * few enough to fetch all through the trigram indexes and sort; a plain scan stays allowed only
 * when a word is too short for trigrams ('zq').
 */
export async function candidateIds(
	tokens: string[],
	similar: string[][],
	window: number,
	executor: Executor,
	words?: string[][],
): Promise<string[]> {
	if (words) return (await queryRows<{ id: string }>(productSearchQuery(tokens, words, window), executor)).map((r) => r.id)
	const queries = candidateQueries(tokens, similar, window)
	const walked = await queryRows<{ id: string }>(queries.walk, executor)
	if (walked.length >= window) return walked.map((r) => r.id)
	await executor.execute(queries.allSettings)
	const all = await queryRows<{ id: string }>(queries.all, executor)
	await executor.execute(sql`select set_config('enable_indexscan', 'on', true), set_config('enable_seqscan', 'on', true)`)
	return all.map((r) => r.id)
}

/** candidateIds' statements on products: the walk, and the fetch-all with the planner settings it needs. */
export function candidateQueries(tokens: string[], similar: string[][], window: number): { walk: SQL; allSettings: SQL; all: SQL } {
	const condition = sql`p.status = 'active' and ${browsable()} and (${candidateCondition(tokens, similar)}) and not (${allInTitle(tokens)})`
	// Trigrams need 3 characters: with a shorter word only a plain scan can answer.
	const trigrams = tokens.every((token) => token.length >= 3)
	return {
		walk: sql`select p.id from (select p.* from products p order by ${ORDER} limit ${window * WALK_FACTOR}) p
			where ${condition} order by ${ORDER} limit ${window}`,
		allSettings: sql`select set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', ${trigrams ? 'off' : 'on'}, true)`,
		all: sql`select p.id from products p where ${condition} order by ${ORDER} limit ${window}`,
	}
}

/**
 * candidateQueries over product_search (decision 056), when every token is a plain word: each
 * token's words (productWords) overlap the product's, which is candidateCondition exactly, found
 * on a GIN index and checked against narrow rows instead of wide products rows.
 *
 * The candidates in the ranking's tie order (length, title, id) without reading them all
 * (decision 056, "Common-word typos"): for each title length from the shortest searchable title
 * up, the products of that length whose words overlap every token's, sorted by title and id —
 * product_search_keys_idx holds each word as 'word#length', so `keys && f_product_search_keys(words,
 * length)` finds exactly them, and a typo of a word that 10,000 products share reads the few
 * hundred of the shortest lengths instead of all 10,000. The nested loop runs the lengths in
 * generate_series' order and the limit stops it once `window` rows came out; a length without
 * candidates costs one look-up in the index.
 */
export function productSearchQuery(tokens: string[], words: string[][], window: number): SQL {
	const keys = sql`f_product_search_keys(ps.words, length(ps.title))`
	// The shortest and the longest searchable title: the two ends of product_search_order_idx.
	const titleLength = (direction: SQL) =>
		sql`(select length(s.title) from product_search s where s.searchable order by length(s.title) ${direction} limit 1)`
	return sql`select c.id from generate_series(${titleLength(sql`asc`)}, ${titleLength(sql`desc`)}) as l(len)
		cross join lateral (
			select ps.product_id as id from product_search ps
			where ps.searchable and ${list(
				words.map((w) => sql`${keys} && f_product_search_keys(${textArray(w)}, l.len)`),
				' and ',
			)} and not (${allInTitle(tokens, sql`ps.title`)})
			order by ps.title, ps.product_id
		) c
		limit ${window}`
}

/** Each token literally in the title, description or tags, or one of its close words in the title or tags. */
function candidateCondition(tokens: string[], similar: string[][]): SQL {
	return list(
		tokens.map((token, i) => {
			const like = folded(sql`${containsPattern(token)}`)
			// The short columns first, the description last: an `or` stops at the first true.
			const close = (similar[i] ?? []).filter((word) => !word.includes(token))
			return sql`(${list(
				[
					sql`p.search_title like ${like}`,
					sql`p.search_tags like ${like}`,
					...close.flatMap((word) => [sql`p.search_title like ${containsPattern(word)}`, sql`p.search_tags like ${containsPattern(word)}`]),
					sql`p.search_description like ${like}`,
				],
				' or ',
			)})`
		}),
		' and ',
	)
}

/**
 * The typo-tolerant tiers (see searchProducts) among `candidates`: their ids (candidateIds), or
 * the statement that selects them (productSearchQuery), run inside this one; needs the
 * word_similarity threshold set. Each candidate measured as before: word_similarity against
 * the title once, a level per word (4 literally in the title, 3 close in the title, 2 in the
 * tags, 1 in the description), the costlier tag similarity only when the title said nothing.
 * Materialized so that no similarity is evaluated twice per row.
 */
export function rankedQuery(tokens: string[], candidates: string[] | SQL, first: number): SQL {
	const { startsWithPhrase, containsPhrase } = phrasePatterns(tokens)
	const perToken = tokens.map((token) => ({
		like: folded(sql`${containsPattern(token)}`),
		word: folded(sql`${token}`),
		fuzzy: isFuzzy(token),
	}))
	const column = (name: string, i: number) => sql.raw(`${name}_${i}`)
	const titleCloseness = perToken.flatMap((t, i) => [
		sql`w.search_title like ${t.like} as ${column('exact', i)}`,
		t.fuzzy
			? sql`case when w.search_title like ${t.like} then 1::real else word_similarity(${t.word}, w.search_title) end as ${column('near', i)}`
			: sql`case when w.search_title like ${t.like} then 1::real else 0::real end as ${column('near', i)}`,
	])
	const levels = perToken.map((t, i) => {
		const near = column('near', i)
		const tagTypo = t.fuzzy ? sql`or word_similarity(${t.word}, c.tags_f) >= ${FUZZY_THRESHOLD}::real` : sql``
		return sql`case when ${column('exact', i)} then 4 when ${near} >= ${FUZZY_THRESHOLD}::real then 3
			when c.tags_f like ${t.like} ${tagTypo} then 2
			when c.description_f like ${t.like} then 1 else 0 end as ${column('level', i)}`
	})
	const tier =
		perToken.length === 1
			? column('level', 0)
			: sql`least(${list(
					perToken.map((_, i) => column('level', i)),
					', ',
				)})`
	const closeness = list(
		perToken.map((_, i) => column('near', i)),
		' + ',
	)

	return sql`
		with w as materialized (
			select p.id, p.search_title, p.search_tags, p.search_description
			from products p where p.id = any(${Array.isArray(candidates) ? sql`${`{${candidates.join(',')}}`}::uuid[]` : sql`array(${candidates})`})
		),
		c as materialized (
			select w.id, w.search_title as title_f, w.search_tags as tags_f, w.search_description as description_f,
				${list(titleCloseness, ', ')}
			from w
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
