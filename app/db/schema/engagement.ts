import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { products } from './catalog'
import { orders } from './orders'

/**
 * document 000 §3 user_favorites. The product fields are a denormalised snapshot (the
 * documents keep them so the favourites page needs no catalogue call); the product_id
 * foreign key keeps them from pointing at a deleted product.
 */
export const userFavorites = pgTable(
	'user_favorites',
	{
		id: uuid().primaryKey().defaultRandom(),
		userId: uuid()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		productId: uuid()
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		productTitle: text().notNull(),
		productHandle: text().notNull(),
		productImageUrl: text(),
		productPriceCents: integer().notNull(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('user_favorites_user_product_unique').on(t.userId, t.productId),
		index('user_favorites_user_created_idx').on(t.userId, t.createdAt.desc()),
		check('user_favorites_price_nonnegative', sql`${t.productPriceCents} >= 0`),
	],
)

/**
 * document 000 §3 user_views: one row per recorded view (the page records a product once
 * per browser session). Signed-in views carry user_id; anonymous ones only session_id.
 */
export const userViews = pgTable(
	'user_views',
	{
		id: uuid().primaryKey().defaultRandom(),
		userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
		sessionId: text(),
		productId: uuid()
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		productTitle: text().notNull(),
		productHandle: text().notNull(),
		productImageUrl: text(),
		productPriceCents: integer().notNull(),
		viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		// "Recently viewed": latest first, by user when signed in, else by session.
		index('user_views_user_latest_idx').on(t.userId, t.viewedAt.desc()),
		index('user_views_session_latest_idx').on(t.sessionId, t.viewedAt.desc()),
		check('user_views_owner_present', sql`${t.userId} is not null or ${t.sessionId} is not null`),
		check('user_views_price_nonnegative', sql`${t.productPriceCents} >= 0`),
	],
)

/**
 * document 000 §3 / 001 §3 reviews. New reviews are pending (is_approved false); only
 * approved ones are public (decision 15). order_id links a review to the built-in order
 * it came from when there is one (no foreign key: a review outlives the order record).
 */
export const reviews = pgTable(
	'reviews',
	{
		id: uuid().primaryKey().defaultRandom(),
		productId: uuid()
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		productName: text().notNull(),
		customerName: text().notNull(),
		customerEmail: text().notNull(),
		orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
		userId: uuid().references(() => users.id, { onDelete: 'set null' }),
		rating: integer().notNull(),
		comment: text(),
		isApproved: boolean().notNull().default(false),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('reviews_approved_created_idx').on(t.isApproved, t.createdAt.desc()),
		index('reviews_product_approved_created_idx').on(t.productId, t.isApproved, t.createdAt.desc()),
		index('reviews_user_idx').on(t.userId),
		check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
		check('reviews_customer_name_length', sql`char_length(${t.customerName}) between 1 and 50`),
		check('reviews_comment_length', sql`${t.comment} is null or char_length(${t.comment}) <= 500`),
	],
)
