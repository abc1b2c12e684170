import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

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
		tags: text()
			.array()
			.notNull()
			.default(sql`'{}'::text[]`),
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

/**
 * Issue 12: a breed's (or a size class's: 'porte médio') typical neck, which the assistant
 * turns into a bandana or collar size with the size guides (commerce/rules/pet-size.ts).
 * The owner edits it on /admin/aria; `aliases` are other ways shoppers write the name
 * ('golden', 'pastor'), matched without accents or case.
 */
export const ariaBreedSizes = pgTable(
	'aria_breed_sizes',
	{
		id: uuid().primaryKey().defaultRandom(),
		name: text().notNull(),
		aliases: text()
			.array()
			.notNull()
			.default(sql`'{}'::text[]`),
		/** Typical neck circumference in millimetres. */
		neckMm: integer().notNull(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('aria_breed_sizes_name_unique').on(sql`lower(${t.name})`),
		check('aria_breed_sizes_neck_range', sql`${t.neckMm} between 100 and 900`),
		check('aria_breed_sizes_name_length', sql`char_length(${t.name}) between 1 and 60`),
	],
)

/**
 * Issue 12: one chat per browser session (the visitor cookie; no account, address or name is
 * kept with it). 'Limpar conversa' closes it and the next message opens another, so the owner
 * still reads what was asked. Purged after ARIA_CONVERSATION_RETENTION_DAYS.
 */
export const ariaConversations = pgTable(
	'aria_conversations',
	{
		id: uuid().primaryKey().defaultRandom(),
		visitorId: uuid().notNull(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		closedAt: timestamp({ withTimezone: true }),
	},
	(t) => [
		uniqueIndex('aria_conversations_open_unique')
			.on(t.visitorId)
			.where(sql`${t.closedAt} is null`),
		index('aria_conversations_updated_idx').on(t.updatedAt.desc()),
	],
)

export const ARIA_ROLES = ['user', 'assistant'] as const
export type AriaRole = (typeof ARIA_ROLES)[number]

export const ariaMessages = pgTable(
	'aria_messages',
	{
		id: uuid().primaryKey().defaultRandom(),
		/** Order of the messages: two can share a timestamp (a frozen clock, a fast reply). */
		seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
		conversationId: uuid()
			.notNull()
			.references(() => ariaConversations.id, { onDelete: 'cascade' }),
		role: text({ enum: ARIA_ROLES }).notNull(),
		/** As written by the shopper, or the assistant's whole reply with its PRODUCT:{handle} tags. */
		content: text().notNull(),
		/** Assistant replies: which engine answered ('embutida' or 'modelo'). */
		engine: text(),
		/** A shopper's question the assistant could not answer (shown to the owner on /admin/aria). */
		unanswered: boolean().notNull().default(false),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('aria_messages_conversation_idx').on(t.conversationId, t.seq),
		index('aria_messages_unanswered_idx')
			.on(t.createdAt.desc())
			.where(sql`${t.unanswered}`),
		check('aria_messages_role', sql`${t.role} in ('user', 'assistant')`),
	],
)
