import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/** document 001 §3 aria_knowledge_base: instructions and facts the assistant answers from. */
export const ariaKnowledgeBase = pgTable(
	'aria_knowledge_base',
	{
		id: uuid().primaryKey().defaultRandom(),
		title: text().notNull(),
		content: text().notNull(),
		category: text(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('aria_knowledge_base_created_idx').on(t.createdAt.desc())],
)

/**
 * document 001 §3 aria_products: the product list the assistant may recommend, synced from
 * the catalogue (upsert keyed by shopify_handle, the product handle whatever the provider).
 */
export const ariaProducts = pgTable(
	'aria_products',
	{
		id: uuid().primaryKey().defaultRandom(),
		shopifyHandle: text().notNull(),
		title: text().notNull(),
		description: text().notNull().default(''),
		/** Lowest variant price. */
		priceCents: integer().notNull(),
		tags: text().array().notNull().default(sql`'{}'::text[]`),
		isAvailable: boolean().notNull().default(true),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('aria_products_handle_unique').on(t.shopifyHandle),
		index('aria_products_created_idx').on(t.createdAt.desc()),
		check('aria_products_price_nonnegative', sql`${t.priceCents} >= 0`),
	],
)
