import { asc, eq, inArray, sql } from 'drizzle-orm'
import { productOptions, products, productVariants } from '~/db/schema'
import { db } from '~/server/db.server'
import { planOptionChange } from './option-changes'
import type { OptionDefinition } from './product-form'
import { PRODUCT_ADMIN_MESSAGES, announceCatalogChange } from './products.server'

/**
 * Saves a product's new options (issue 11) under its version check: variants whose combination
 * remains keep their price, SKU and stock; new combinations get the price of the product's first
 * variant, stock 0 when the product tracks stock (so nothing sells before it is counted) and
 * untracked otherwise; combinations that go are deleted (carts holding them lose the line; orders
 * keep their own copy).
 */
export type OptionChangeResult = { ok: true; created: number; removed: number } | { ok: false; message: string; conflict?: boolean }

export async function changeProductOptions(input: {
	productId: string
	version: number
	options: OptionDefinition[]
}): Promise<OptionChangeResult> {
	const result = await db.transaction(async (tx): Promise<OptionChangeResult> => {
		const [current] = await tx.select({ version: products.version }).from(products).where(eq(products.id, input.productId)).for('update')
		if (!current) return { ok: false, message: PRODUCT_ADMIN_MESSAGES.notFound }
		if (current.version !== input.version) return { ok: false, message: PRODUCT_ADMIN_MESSAGES.conflict, conflict: true }
		const variants = await tx
			.select()
			.from(productVariants)
			.where(eq(productVariants.productId, input.productId))
			.orderBy(asc(productVariants.position))
		const plan = planOptionChange(variants, input.options)
		const template = variants[0]
		const tracked = variants.some((v) => v.stock !== null)

		await tx.delete(productOptions).where(eq(productOptions.productId, input.productId))
		if (input.options.length > 0) {
			await tx
				.insert(productOptions)
				.values(input.options.map((o, position) => ({ productId: input.productId, name: o.name, values: o.values, position })))
		}
		if (plan.remove.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, plan.remove))
		for (const keep of plan.keep) {
			await tx
				.update(productVariants)
				.set({ selectedOptions: keep.selectedOptions, title: keep.title, position: keep.position })
				.where(eq(productVariants.id, keep.id))
		}
		if (plan.create.length > 0) {
			await tx.insert(productVariants).values(
				plan.create.map((c) => ({
					productId: input.productId,
					title: c.title,
					selectedOptions: c.selectedOptions,
					position: c.position,
					priceCents: template?.priceCents ?? 0,
					compareAtPriceCents: template?.compareAtPriceCents ?? null,
					stock: tracked ? 0 : null,
					available: true,
				})),
			)
		}
		await tx
			.update(products)
			.set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
			.where(eq(products.id, input.productId))
		return { ok: true, created: plan.create.length, removed: plan.remove.length }
	})
	if (result.ok) announceCatalogChange(input.productId)
	return result
}
