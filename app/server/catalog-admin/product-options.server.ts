import { asc, eq, inArray } from 'drizzle-orm'
import { productOptions, productVariants } from '~/db/schema'
import type { Transaction } from '~/server/db.server'
import { planOptionChange } from './option-changes'
import type { OptionDefinition } from './product-form'

/**
 * A product's new options (issue 11), applied in the product's save transaction (issue 30: one
 * 'Salvar' for fields, options and pictures): variants whose combination remains keep their
 * price, SKU and stock; new combinations get the price of the product's first variant, stock 0
 * when the product tracks stock (so nothing sells before it is counted) and untracked otherwise;
 * combinations that go are deleted (carts holding them lose the line; orders keep their own copy).
 * Options equal to the current ones change nothing.
 */
export async function applyOptionChange(
	tx: Transaction,
	productId: string,
	options: OptionDefinition[],
): Promise<{ created: number; removed: number }> {
	const current = await tx
		.select({ name: productOptions.name, values: productOptions.values })
		.from(productOptions)
		.where(eq(productOptions.productId, productId))
		.orderBy(asc(productOptions.position))
	if (JSON.stringify(current.map((o) => ({ name: o.name, values: o.values }))) === JSON.stringify(options)) return { created: 0, removed: 0 }
	const variants = await tx.select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.position))
	const plan = planOptionChange(variants, options)
	const template = variants[0]
	const tracked = variants.some((v) => v.stock !== null)

	await tx.delete(productOptions).where(eq(productOptions.productId, productId))
	if (options.length > 0) {
		await tx.insert(productOptions).values(options.map((o, position) => ({ productId, name: o.name, values: o.values, position })))
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
				productId,
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
	return { created: plan.create.length, removed: plan.remove.length }
}
