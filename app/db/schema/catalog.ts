import { sql } from 'drizzle-orm'
import {
	type AnyPgColumn,
	boolean,
	check,
	index,
	integer,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core'
import { jsonb } from './jsonb-column'
import { users } from './auth'

/**
 * Search's GIN indexes write each change into the index at once instead of a pending list
 * (decision 061): with the default `fastupdate`, rows added since the last vacuum sit in an
 * unordered list of up to 4 MB that every search scans in full, which made a search 4× slower
 * after a catalogue import until autovacuum came by. Catalogue writes are rare; searches are not.
 */
const WITHOUT_PENDING_LIST = { fastupdate: false }

/** An option value a variant carries, e.g. { name: 'Tamanho', value: 'M' }. */
export type SelectedOption = { name: string; value: string }

/** The built-in catalogue (replaces the hosted storefront's products). */
export const products = pgTable(
	'products',
	{
		id: uuid().primaryKey().defaultRandom(),
		handle: text().notNull(),
		title: text().notNull(),
		/** Plain-text description (cards, search, meta description). */
		description: text().notNull().default(''),
		/** Rich description, sanitised before it is rendered. */
		descriptionHtml: text().notNull().default(''),
		productType: text().notNull().default(''),
		/** Who makes or supplies it: Shopify's 'Vendor' (decision 070), kept so an import and export round-trip it. */
		vendor: text().notNull().default(''),
		tags: text()
			.array()
			.notNull()
			.default(sql`'{}'::text[]`),
		/**
		 * 'active' products are sold; 'draft' ones are hidden from the shop; 'archived' ones too,
		 * kept because orders name them (issue 11: archive instead of delete).
		 */
		status: text().notNull().default('active'),
		/** Bumped on every back-office save: two admins editing at once cannot silently overwrite (issue 11). */
		version: integer().notNull().default(1),
		/**
		 * Accent- and case-folded copies kept by PostgreSQL itself, so search compares and
		 * indexes them without calling unaccent on every row of every query.
		 */
		searchTitle: text()
			.notNull()
			.generatedAlwaysAs(sql`f_unaccent(lower("title"))`),
		searchDescription: text()
			.notNull()
			.generatedAlwaysAs(sql`f_unaccent(lower("description"))`),
		/** The tags, space-joined and folded (f_search_tags is an IMMUTABLE wrapper). */
		searchTags: text()
			.notNull()
			.generatedAlwaysAs(sql`f_search_tags("tags")`),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('products_handle_unique').on(t.handle),
		check('products_status_valid', sql`${t.status} in ('active', 'draft', 'archived')`),
		check('products_handle_format', sql`${t.handle} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
		// Trigram indexes over the unaccented title and description for typo- and
		// accent-tolerant search (LIKE '%…%' and word_similarity's `<%`).
		index('products_title_trgm')
			.using('gin', sql`${t.searchTitle} gin_trgm_ops`)
			.with(WITHOUT_PENDING_LIST),
		index('products_description_trgm')
			.using('gin', sql`${t.searchDescription} gin_trgm_ops`)
			.with(WITHOUT_PENDING_LIST),
		index('products_tags_trgm')
			.using('gin', sql`${t.searchTags} gin_trgm_ops`)
			.with(WITHOUT_PENDING_LIST),
		// The back-office list (issue 11): newest first, and search by handle, at 50,000 products.
		index('products_created_idx').on(t.createdAt.desc(), t.id.desc()),
		index('products_handle_trgm')
			.using('gin', sql`${t.handle} gin_trgm_ops`)
			.with(WITHOUT_PENDING_LIST),
		// Search at 50,000 products (decision 047): matches walked shortest title first, the
		// ranking's own tie order, so a common word stops after a few rows instead of sorting thousands.
		index('products_search_order_idx').on(sql`length(${t.searchTitle})`, t.searchTitle, t.id),
		// Titles starting with what is typed ('gra', 'gravata'): a range of this small index, read
		// without the table, then sorted; only products search may show (decision 047).
		index('products_search_prefix_idx')
			.on(sql`${t.searchTitle} text_pattern_ops`, t.id)
			.where(sql`${t.status} = 'active' and not (${t.tags} @> '{uso-interno}'::text[])`),
	],
)

/**
 * Every folded word (3+ letters, no digits) of the products' titles and tags, kept by a
 * trigger on products (drizzle/0002_search_words.sql). Search looks a typo up here (a few
 * thousand words) instead of measuring it against every title (decision 047). Words are never
 * removed: a stale one only proposes a candidate that the ranking then drops.
 */
export const searchWords = pgTable('search_words', { word: text().primaryKey() }, (t) => [
	index('search_words_trgm')
		.using('gin', sql`${t.word} gin_trgm_ops`)
		.with(WITHOUT_PENDING_LIST),
])

/**
 * One narrow row per product for the typo-tolerant search pass (decision 056), kept by
 * statement-level triggers on products (drizzle/0006_product_search.sql, from
 * scripts/sql/product-search.sql). `words`: the distinct folded words (runs of letters) of the
 * title and tags, and those of the description prefixed with '~', so that "this typed word, or one of its
 * close words, is in the title, tags or description" is one `words && array[…]` instead of LIKEs
 * re-checked against the wide products rows. Its GIN index is on the words keyed by title length,
 * `f_product_search_keys(words, length(title))` (product_search_keys_idx, drizzle/0007 from
 * scripts/sql/product-search-keys.sql: an expression on a function drizzle-kit cannot declare), so
 * that search reads the candidates a title length at a time (decision 056, "Common-word typos").
 */
export const productSearch = pgTable(
	'product_search',
	{
		productId: uuid().primaryKey(),
		/** Active and not internal: what search may show. */
		searchable: boolean().notNull(),
		/** products.search_title: the ranking's tie order and the first tier's test. */
		title: text().notNull(),
		words: text().array().notNull(),
	},
	(t) => [
		index('product_search_order_idx')
			.on(sql`length(${t.title})`, t.title, t.productId)
			.where(sql`${t.searchable}`),
	],
)

/**
 * Every folded word (run of letters, any length) of the products' titles, tags and descriptions,
 * kept by the product_search triggers; never removed. A typed word that no entry contains
 * cannot match any product (search answers at once), and the entries that contain it are what
 * product_search.words is intersected with (decision 056).
 */
export const searchTerms = pgTable('search_terms', { word: text().primaryKey() }, (t) => [
	index('search_terms_trgm')
		.using('gin', sql`${t.word} gin_trgm_ops`)
		.with(WITHOUT_PENDING_LIST),
])

/** The option names and their ordered values, e.g. Tamanho: P, M, G. */
export const productOptions = pgTable(
	'product_options',
	{
		id: uuid().primaryKey().defaultRandom(),
		productId: uuid()
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		name: text().notNull(),
		position: integer().notNull().default(0),
		values: text().array().notNull(),
	},
	(t) => [uniqueIndex('product_options_product_name_unique').on(t.productId, t.name)],
)

export const productVariants = pgTable(
	'product_variants',
	{
		id: uuid().primaryKey().defaultRandom(),
		productId: uuid()
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		title: text().notNull(),
		sku: text(),
		priceCents: integer().notNull(),
		compareAtPriceCents: integer(),
		/** Units on hand; null means stock is not tracked (made to order). */
		stock: integer(),
		/** The owner can switch a variant off regardless of stock. */
		available: boolean().notNull().default(true),
		selectedOptions: jsonb().$type<SelectedOption[]>().notNull().default([]),
		position: integer().notNull().default(0),
		/**
		 * The variant's own picture (issue 13, defect 4: choosing Vermelho shows the red bow on
		 * the page, in the cart, at checkout and in the order); null uses the product's first.
		 */
		imageId: uuid().references((): AnyPgColumn => productImages.id, { onDelete: 'set null' }),
		/**
		 * Issue 32 (decision 086): the posted piece's weight (g) and size (cm), for carrier quotes;
		 * null takes the product type's default (app/commerce/rules/packing.ts).
		 */
		weightGrams: integer(),
		lengthCm: integer(),
		widthCm: integer(),
		heightCm: integer(),
	},
	(t) => [
		index('product_variants_product_idx').on(t.productId),
		// The back-office list's search by SKU (issue 11).
		index('product_variants_sku_trgm')
			.using('gin', sql`lower(${t.sku}) gin_trgm_ops`)
			.with(WITHOUT_PENDING_LIST),
		uniqueIndex('product_variants_sku_unique').on(t.sku),
		check('product_variants_price_nonnegative', sql`${t.priceCents} >= 0`),
		check('product_variants_compare_at_nonnegative', sql`${t.compareAtPriceCents} is null or ${t.compareAtPriceCents} >= 0`),
		check('product_variants_stock_nonnegative', sql`${t.stock} is null or ${t.stock} >= 0`),
		check(
			'product_variants_size_positive',
			sql`(${t.weightGrams} is null or ${t.weightGrams} between 1 and 100000) and (${t.lengthCm} is null or ${t.lengthCm} between 1 and 200)
				and (${t.widthCm} is null or ${t.widthCm} between 1 and 200) and (${t.heightCm} is null or ${t.heightCm} between 1 and 200)`,
		),
	],
)

export const productImages = pgTable(
	'product_images',
	{
		id: uuid().primaryKey().defaultRandom(),
		productId: uuid()
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		url: text().notNull(),
		altText: text(),
		width: integer(),
		height: integer(),
		position: integer().notNull().default(0),
	},
	(t) => [index('product_images_product_idx').on(t.productId, t.position)],
)

export const collections = pgTable(
	'collections',
	{
		id: uuid().primaryKey().defaultRandom(),
		handle: text().notNull(),
		title: text().notNull(),
		description: text().notNull().default(''),
		imageUrl: text(),
		/**
		 * The collection page's default order (issue 11): 'manual' (the owner's, collection_products.position)
		 * or one of the shopper's sorts; a shopper's `?ordem=` still wins.
		 */
		sortOrder: text().notNull().default('manual'),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('collections_handle_unique').on(t.handle),
		check('collections_sort_order_known', sql`${t.sortOrder} in ('manual', 'menor-preco', 'maior-preco', 'novidades', 'mais-vendidos')`),
	],
)

export const collectionProducts = pgTable(
	'collection_products',
	{
		collectionId: uuid()
			.notNull()
			.references(() => collections.id, { onDelete: 'cascade' }),
		productId: uuid()
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		position: integer().notNull().default(0),
	},
	(t) => [
		primaryKey({ columns: [t.collectionId, t.productId] }),
		index('collection_products_product_idx').on(t.productId),
		index('collection_products_position_idx').on(t.collectionId, t.position),
	],
)

/**
 * A product's former handles (issue 11): after a rename, /produto/{old} answers 301 to the new
 * one, so shared links and search engines follow. A handle is either a product's or here.
 */
export const productHandleRedirects = pgTable('product_handle_redirects', {
	handle: text().primaryKey(),
	productId: uuid()
		.notNull()
		.references(() => products.id, { onDelete: 'cascade' }),
	createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Every stock change made in the back-office, with its reason (issue 11: 'histórico de ajustes'). */
export const stockAdjustments = pgTable(
	'stock_adjustments',
	{
		id: uuid().primaryKey().defaultRandom(),
		variantId: uuid()
			.notNull()
			.references(() => productVariants.id, { onDelete: 'cascade' }),
		/** Signed change; the stock after it is kept too, so the history reads without sums. */
		delta: integer().notNull(),
		stockAfter: integer().notNull(),
		reason: text().notNull(),
		userId: uuid().references(() => users.id, { onDelete: 'set null' }),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('stock_adjustments_variant_idx').on(t.variantId, t.createdAt.desc()),
		index('stock_adjustments_created_idx').on(t.createdAt.desc()),
	],
)
