import { sql } from 'drizzle-orm'
import { type Executor, db, queryRows } from '~/server/db.server'
import { WHOLESALE_BASE_HANDLES } from '../internal-products'
import { type WholesaleTier, WHOLESALE_MINIMUM, tierFor } from '../rules/wholesale-tiers'

export type WholesaleType = 'bandana' | 'collar'

/** The wholesale type of a product handle, or null for any other product. */
export function wholesaleTypeOf(handle: string): WholesaleType | null {
	return WHOLESALE_BASE_HANDLES[handle] ?? null
}

/** The tier tables of the given types, as the admin last saved them (read at every cart view). */
export async function loadWholesaleTiers(types: readonly WholesaleType[], executor: Executor = db): Promise<Map<WholesaleType, WholesaleTier[]>> {
	const tiers = new Map<WholesaleType, WholesaleTier[]>()
	if (types.length === 0) return tiers
	const rows = await queryRows<{ product_type: WholesaleType; min_quantity: number; max_quantity: number | null; unit_price_cents: number }>(
		sql`select product_type, min_quantity, max_quantity, unit_price_cents from wholesale_pricing
			where product_type in (${sql.join(
				[...new Set(types)].map((t) => sql`${t}`),
				sql`, `,
			)}) order by product_type, min_quantity`,
		executor,
	)
	for (const row of rows) {
		const list = tiers.get(row.product_type) ?? []
		list.push({ minQuantity: row.min_quantity, maxQuantity: row.max_quantity, unitPriceCents: row.unit_price_cents })
		tiers.set(row.product_type, list)
	}
	return tiers
}

/**
 * A wholesale base line's unit price: the tier holding its quantity (decided again on every
 * read, so a quantity change in the drawer or a tier edit in the admin reaches carts not yet
 * checked out). Without a tier for it (an empty table), the product's own price.
 */
export function wholesaleUnitPrice(tiers: readonly WholesaleTier[] | undefined, quantity: number, ownPriceCents: number): number {
	if (!tiers || tiers.length === 0) return ownPriceCents
	return tierFor(tiers, Math.max(quantity, WHOLESALE_MINIMUM))?.unitPriceCents ?? ownPriceCents
}
