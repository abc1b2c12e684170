import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import type { PersonalizationProductType } from './personalization'

/**
 * document 001 §3 wholesale_pricing: quantity tiers per product type (bandana, collar).
 * max_quantity null means 'Sem limite'. Decision 10: the cart applies these unit prices.
 */
export const wholesalePricing = pgTable(
	'wholesale_pricing',
	{
		id: uuid().primaryKey().defaultRandom(),
		productType: text().$type<PersonalizationProductType>().notNull(),
		minQuantity: integer().notNull(),
		maxQuantity: integer(),
		unitPriceCents: integer().notNull(),
		displayOrder: integer().notNull().default(0),
	},
	(t) => [
		index('wholesale_pricing_type_order_idx').on(t.productType, t.displayOrder),
		check('wholesale_pricing_product_type_valid', sql`${t.productType} in ('bandana', 'collar')`),
		check('wholesale_pricing_min_positive', sql`${t.minQuantity} >= 1`),
		check('wholesale_pricing_max_not_below_min', sql`${t.maxQuantity} is null or ${t.maxQuantity} >= ${t.minQuantity}`),
		check('wholesale_pricing_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
	],
)
