import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { orders } from './orders'

/**
 * document 000 §3 user_favorites. The product fields are a denormalised snapshot (the
 * documents keep them so the favourites page needs no catalogue call). product_id is the
 * provider's id as text, without a foreign key (decision 051): a uuid of the built-in
 * catalogue or a gid of the hosted store; deleting a built-in product deletes its rows
 * (the trigger products_delete_references, as the cascade did).
 */
export const userFavorites = pgTable(
	'user_favorites',
	{
		id: uuid().primaryKey().defaultRandom(),
		userId: uuid()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		productId: text().notNull(),
		productTitle: text().notNull(),
		productHandle: text().notNull(),
		productImageUrl: text(),
		productPriceCents: integer().notNull(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('user_favorites_user_product_unique').on(t.userId, t.productId),
		index('user_favorites_product_idx').on(t.productId),
		check('user_favorites_product_id_length', sql`char_length(${t.productId}) between 1 and 200`),
		index('user_favorites_user_created_idx').on(t.userId, t.createdAt.desc()),
		check('user_favorites_price_nonnegative', sql`${t.productPriceCents} >= 0`),
	],
)

/**
 * document 000 §3 user_views: one row per recorded view (the page records a product once
 * per browser session). Signed-in views carry user_id; anonymous ones only session_id.
 * product_id as in user_favorites (decision 051).
 */
export const userViews = pgTable(
	'user_views',
	{
		id: uuid().primaryKey().defaultRandom(),
		userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
		sessionId: text(),
		productId: text().notNull(),
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
		index('user_views_product_idx').on(t.productId),
		check('user_views_product_id_length', sql`char_length(${t.productId}) between 1 and 200`),
		check('user_views_owner_present', sql`${t.userId} is not null or ${t.sessionId} is not null`),
		check('user_views_price_nonnegative', sql`${t.productPriceCents} >= 0`),
	],
)

/**
 * document 000 §3 / 001 §3 reviews. New reviews are pending (is_approved false); only
 * approved ones are public (decision 15). order_id links a review to the built-in order
 * it came from when there is one (no foreign key: a review outlives the order record).
 * product_id as in user_favorites (decision 051).
 */
export const reviews = pgTable(
	'reviews',
	{
		id: uuid().primaryKey().defaultRandom(),
		productId: text().notNull(),
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
		check('reviews_product_id_length', sql`char_length(${t.productId}) between 1 and 200`),
		check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
		check('reviews_customer_name_length', sql`char_length(${t.customerName}) between 1 and 50`),
		check('reviews_comment_length', sql`${t.comment} is null or char_length(${t.comment}) <= 500`),
	],
)
