import { and, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { products, productVariants, stockAdjustments, users } from '~/db/schema'
import { recordActivity, variantLabel } from '~/server/activity/record.server'
import { db, queryRows } from '~/server/db.server'
import { userText } from '~/utils/text-schema'
import { announceCatalogChange } from './products.server'

/**
 * Stock adjustments with a reason (issue 11): '+10 Reposição', '-2 Avaria'. The variant row is
 * locked while the new stock is computed, so two adjustments at once both count and stock never
 * goes below zero; every adjustment is kept in the history.
 */

export const STOCK_MESSAGES = {
	adjusted: 'Estoque ajustado!',
	negative: 'O estoque não pode ficar negativo.',
	untracked: 'Esta variante não controla estoque. Informe um estoque na edição para começar a controlar.',
	notFound: 'Variante não encontrada.',
} as const

export const stockAdjustmentSchema = z.object({
	delta: z
		.number({ error: 'Quantidade: informe um número inteiro (negativo para tirar).' })
		.int('Quantidade: informe um número inteiro (negativo para tirar).')
		.min(-100_000, 'Quantidade grande demais.')
		.max(100_000, 'Quantidade grande demais.')
		.refine((n) => n !== 0, 'Informe uma quantidade diferente de zero.'),
	reason: userText().trim().min(2, 'Informe o motivo.').max(120, 'O motivo deve ter no máximo 120 caracteres.'),
})

export type StockResult = { ok: true; stock: number } | { ok: false; errors: Record<string, string> }

export async function adjustStock(input: {
	productId: string
	variantId: string
	delta: number
	reason: string
	userId: string
	/** The admin's address, for the activity log (issue 30). */
	ip?: string | null
}): Promise<StockResult> {
	const result = await db.transaction(async (tx): Promise<StockResult> => {
		const [variant] = await tx
			.select({ stock: productVariants.stock, title: productVariants.title, productTitle: products.title })
			.from(productVariants)
			.innerJoin(products, eq(products.id, productVariants.productId))
			.where(and(eq(productVariants.id, input.variantId), eq(productVariants.productId, input.productId)))
			.for('update')
		if (!variant) return { ok: false, errors: { variantId: STOCK_MESSAGES.notFound } }
		if (variant.stock === null) return { ok: false, errors: { delta: STOCK_MESSAGES.untracked } }
		const stock = variant.stock + input.delta
		if (stock < 0) return { ok: false, errors: { delta: STOCK_MESSAGES.negative } }
		await tx.update(productVariants).set({ stock }).where(eq(productVariants.id, input.variantId))
		await tx
			.insert(stockAdjustments)
			.values({ variantId: input.variantId, delta: input.delta, stockAfter: stock, reason: input.reason, userId: input.userId })
		await recordActivity(tx, {
			actorId: input.userId,
			ip: input.ip ?? null,
			kind: 'stock',
			subject: { type: 'variant', id: input.variantId, label: variantLabel(variant.productTitle, variant.title) },
			before: { stock: variant.stock },
			after: { stock },
		})
		return { ok: true, stock }
	})
	if (result.ok) announceCatalogChange(input.productId)
	return result
}

/** The latest adjustments of a product's variants, newest first. */
export async function stockHistory(productId: string, limit = 30) {
	const rows = await db
		.select({
			id: stockAdjustments.id,
			variantTitle: productVariants.title,
			delta: stockAdjustments.delta,
			stockAfter: stockAdjustments.stockAfter,
			reason: stockAdjustments.reason,
			by: users.email,
			createdAt: stockAdjustments.createdAt,
		})
		.from(stockAdjustments)
		.innerJoin(productVariants, eq(productVariants.id, stockAdjustments.variantId))
		.leftJoin(users, eq(users.id, stockAdjustments.userId))
		.where(eq(productVariants.productId, productId))
		.orderBy(desc(stockAdjustments.createdAt), desc(sql`${stockAdjustments.id}`))
		.limit(limit)
	return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
}

/** Tracked variants of active or draft products at or below `threshold`, lowest first (the 'estoque baixo' list). */
export async function lowStockVariants(threshold: number, limit = 100) {
	const rows = await queryRows<{ product_id: string; product_title: string; variant_title: string; stock: number; status: string }>(sql`
		select p.id as product_id, p.title as product_title, v.title as variant_title, v.stock, p.status
		from product_variants v join products p on p.id = v.product_id
		where v.stock is not null and v.stock <= ${threshold} and p.status <> 'archived'
		order by v.stock, p.title, v.position
		limit ${limit}`)
	return rows.map((r) => ({ productId: r.product_id, productTitle: r.product_title, variantTitle: r.variant_title, stock: r.stock }))
}

/** The latest adjustments across the catalogue, newest first. */
export async function recentStockAdjustments(limit = 50) {
	const rows = await queryRows<{
		id: string
		product_id: string
		product_title: string
		variant_title: string
		delta: number
		stock_after: number
		reason: string
		by: string | null
		created_at: string | Date
	}>(sql`
		select a.id, p.id as product_id, p.title as product_title, v.title as variant_title, a.delta, a.stock_after, a.reason,
			u.email as by, a.created_at
		from stock_adjustments a join product_variants v on v.id = a.variant_id join products p on p.id = v.product_id
		left join users u on u.id = a.user_id
		order by a.created_at desc, a.id desc
		limit ${limit}`)
	return rows.map((r) => ({
		id: r.id,
		productId: r.product_id,
		productTitle: r.product_title,
		variantTitle: r.variant_title,
		delta: r.delta,
		stockAfter: r.stock_after,
		reason: r.reason,
		by: r.by,
		createdAt: new Date(r.created_at).toISOString(),
	}))
}
