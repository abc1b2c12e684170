import { sql } from 'drizzle-orm'
import {
	boolean,
	check,
	index,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core'

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
		tags: text().array().notNull().default(sql`'{}'::text[]`),
		/** 'active' products are sold; 'draft' ones are hidden from the shop. */
		status: text().notNull().default('active'),
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
		check('products_status_valid', sql`${t.status} in ('active', 'draft')`),
		check('products_handle_format', sql`${t.handle} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
		// Trigram indexes over the unaccented title and description for typo- and
		// accent-tolerant search (LIKE '%…%' and word_similarity's `<%`).
		index('products_title_trgm').using('gin', sql`${t.searchTitle} gin_trgm_ops`),
		index('products_description_trgm').using('gin', sql`${t.searchDescription} gin_trgm_ops`),
		index('products_tags_trgm').using('gin', sql`${t.searchTags} gin_trgm_ops`),
	],
)

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
	},
	(t) => [
		index('product_variants_product_idx').on(t.productId),
		uniqueIndex('product_variants_sku_unique').on(t.sku),
		check('product_variants_price_nonnegative', sql`${t.priceCents} >= 0`),
		check('product_variants_compare_at_nonnegative', sql`${t.compareAtPriceCents} is null or ${t.compareAtPriceCents} >= 0`),
		check('product_variants_stock_nonnegative', sql`${t.stock} is null or ${t.stock} >= 0`),
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
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [uniqueIndex('collections_handle_unique').on(t.handle)],
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
