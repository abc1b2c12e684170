import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import {
	collectionProducts,
	productHandleRedirects,
	productImages,
	productOptions,
	products,
	productVariants,
	stockAdjustments,
	type SelectedOption,
} from '~/db/schema'
import { db, queryRows, type Transaction } from '~/server/db.server'
import { type Actor, recordActivity, variantLabel } from '~/server/activity/record.server'
import { STORE_CHANNEL } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'
import { sanitizeProductHtml } from '~/server/sanitize-html.server'
import { publishMissing, publishRefusal } from '~/utils/product-draft'
import { handleFor, type OptionDefinition, type ProductFields, type VariantFields, variantCombinations, variantTitle } from './product-form'
import { applyOptionChange } from './product-options.server'

/**
 * Creating and editing products from the back-office (issue 11). Every save: the description
 * sanitised once, here; the handle unique among products and former handles, a renamed
 * product's old handle kept as a 301; a version check so two admins cannot overwrite each
 * other; stock changes written to the adjustment history; a 'catalog' event on the store
 * channel so open pages and carts refetch (carts read prices live: they follow at once).
 */

export const PRODUCT_ADMIN_MESSAGES = {
	created: 'Produto criado!',
	saved: 'Produto salvo!',
	duplicated: 'Produto duplicado como rascunho.',
	deleted: 'Produto excluído.',
	archivedInstead: 'Este produto tem pedidos: ele foi arquivado em vez de excluído.',
	conflict: 'Este produto foi alterado por outra pessoa. Recarregue a página para ver a versão atual.',
	handleTaken: 'Este endereço já é usado por outro produto.',
	skuTaken: 'Este SKU já é usado por outra variante.',
	notFound: 'Produto não encontrado.',
	failed: 'Erro ao salvar produto',
} as const

export type SaveResult =
	| { ok: true; id: string; handle: string; variantsCreated?: number; variantsRemoved?: number }
	| { ok: false; errors: Record<string, string> }

/** Thrown inside a save's transaction to undo it and answer with these errors (keyed by field). */
export class SaveRefused extends Error {
	constructor(readonly errors: Record<string, string>) {
		super(Object.values(errors)[0] ?? 'recusado')
	}
}

/** Plain text of a description (cards, search, meta description). */
export function plainText(html: string): string {
	return html
		.replace(/<[^>]*>/g, ' ')
		.replace(/&nbsp;/g, ' ')
		.replace(/&amp;/g, '&')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'")
		.replace(/\s+/g, ' ')
		.trim()
}

export function announceCatalogChange(productId: string) {
	publish(STORE_CHANNEL, { type: 'catalog', id: productId }).catch((error: unknown) =>
		logger.warn({ error: String(error) }, 'evento de catálogo não publicado'),
	)
}

async function handleAvailable(tx: Transaction, handle: string, productId: string | null): Promise<boolean> {
	const [taken] = await queryRows<{ id: string }>(
		sql`select id from products where handle = ${handle}
			union all select product_id as id from product_handle_redirects where handle = ${handle}`,
		tx,
	)
	return !taken || taken.id === productId
}

function uniqueViolation(error: unknown): string | null {
	for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
		if ((e as { code?: string }).code === '23505') return String((e as { constraint?: string }).constraint ?? '')
	}
	return null
}

async function setCollections(tx: Transaction, productId: string, collectionIds: readonly string[]) {
	// Memberships kept keep their place in each collection's manual order (issue 11: the owner
	// arranges collections; saving a product must not shuffle them).
	await tx
		.delete(collectionProducts)
		.where(
			and(
				eq(collectionProducts.productId, productId),
				collectionIds.length ? notInArray(collectionProducts.collectionId, [...collectionIds]) : undefined,
			),
		)
	if (collectionIds.length === 0) return
	// New members go to the end of each collection's manual order.
	await tx.execute(sql`insert into collection_products (collection_id, product_id, position)
		select c.id, ${productId}::uuid, coalesce((select max(position) + 1 from collection_products where collection_id = c.id), 0)
		from collections c where c.id in (${sql.join(
			collectionIds.map((id) => sql`${id}::uuid`),
			sql`, `,
		)})
		on conflict (collection_id, product_id) do nothing`)
}

export async function createProduct(input: {
	fields: ProductFields
	options: OptionDefinition[]
	variant: VariantFields
	collectionIds: string[]
	userId: string
	/** The admin's address, for the activity log (issue 30). */
	ip?: string | null
}): Promise<SaveResult> {
	const handle = handleFor(input.fields)
	try {
		const result = await db.transaction(async (tx): Promise<SaveResult> => {
			if (!(await handleAvailable(tx, handle, null))) return { ok: false, errors: { handle: PRODUCT_ADMIN_MESSAGES.handleTaken } }
			const html = sanitizeProductHtml(input.fields.descriptionHtml)
			const [product] = await tx
				.insert(products)
				.values({
					handle,
					title: input.fields.title,
					descriptionHtml: html,
					description: plainText(html),
					productType: input.fields.productType,
					tags: input.fields.tags,
					status: input.fields.status,
				})
				.returning({ id: products.id })
			if (!product) throw new Error('produto não criado')
			if (input.options.length > 0) {
				await tx
					.insert(productOptions)
					.values(input.options.map((o, position) => ({ productId: product.id, name: o.name, values: o.values, position })))
			}
			const combos = variantCombinations(input.options)
			const variants = await tx
				.insert(productVariants)
				.values(
					combos.map((selectedOptions: SelectedOption[], position) => ({
						productId: product.id,
						title: variantTitle(selectedOptions),
						selectedOptions,
						position,
						priceCents: input.variant.price,
						compareAtPriceCents: input.variant.compareAtPrice,
						// One SKU cannot name several variants: only a single variant takes it.
						sku: combos.length === 1 ? input.variant.sku : null,
						stock: input.variant.stock,
						available: input.variant.available,
					})),
				)
				.returning({ id: productVariants.id, stock: productVariants.stock })
			const initial = variants.filter((v) => v.stock !== null && v.stock > 0)
			if (initial.length > 0) {
				await tx.insert(stockAdjustments).values(
					initial.map((v) => ({
						variantId: v.id,
						delta: v.stock ?? 0,
						stockAfter: v.stock ?? 0,
						reason: 'Estoque inicial',
						userId: input.userId,
					})),
				)
			}
			await setCollections(tx, product.id, input.collectionIds)
			// Issue 30: a new product is an entry of its own (its variants are new records, not changes).
			await recordActivity(tx, {
				actorId: input.userId,
				ip: input.ip ?? null,
				kind: 'product',
				subject: { type: 'product', id: product.id, label: input.fields.title },
				before: null,
				after: { title: input.fields.title, handle, status: input.fields.status },
			})
			return { ok: true, id: product.id, handle }
		})
		if (result.ok) announceCatalogChange(result.id)
		return result
	} catch (error) {
		const constraint = uniqueViolation(error)
		if (constraint?.includes('sku')) return { ok: false, errors: { sku: PRODUCT_ADMIN_MESSAGES.skuTaken } }
		if (constraint?.includes('handle')) return { ok: false, errors: { handle: PRODUCT_ADMIN_MESSAGES.handleTaken } }
		throw error
	}
}

/** `imageId`: the variant's own picture, null for the product's first; undefined leaves it as it is. */
export type VariantUpdate = VariantFields & { id: string; imageId?: string | null }

export async function updateProduct(input: {
	id: string
	version: number
	fields: ProductFields
	variants: VariantUpdate[]
	collectionIds: string[]
	/** Issue 30: the options saved with the rest (undefined leaves them as they are). */
	options?: OptionDefinition[]
	/** Issue 30: more of the same save (the pictures' order and removals), in its transaction; may throw SaveRefused. */
	alsoInTransaction?: (tx: Transaction) => Promise<void>
	userId: string
	/** The admin's address, for the activity log (issue 30). */
	ip?: string | null
}): Promise<SaveResult> {
	const handle = handleFor(input.fields)
	try {
		const result = await db.transaction(async (tx): Promise<SaveResult> => {
			const [current] = await tx
				.select({ handle: products.handle, version: products.version, status: products.status })
				.from(products)
				.where(eq(products.id, input.id))
				.for('update')
			if (!current) return { ok: false, errors: { form: PRODUCT_ADMIN_MESSAGES.notFound } }
			if (current.version !== input.version) return { ok: false, errors: { form: PRODUCT_ADMIN_MESSAGES.conflict } }
			if (handle !== current.handle && !(await handleAvailable(tx, handle, input.id))) {
				return { ok: false, errors: { handle: PRODUCT_ADMIN_MESSAGES.handleTaken } }
			}
			const html = sanitizeProductHtml(input.fields.descriptionHtml)
			await tx
				.update(products)
				.set({
					handle,
					title: input.fields.title,
					descriptionHtml: html,
					description: plainText(html),
					productType: input.fields.productType,
					tags: input.fields.tags,
					status: input.fields.status,
					version: sql`${products.version} + 1`,
					updatedAt: sql`now()`,
				})
				.where(eq(products.id, input.id))
			if (handle !== current.handle) {
				// The old address answers 301; the new one is no longer a redirect (a rename back).
				await tx.delete(productHandleRedirects).where(eq(productHandleRedirects.handle, handle))
				await tx
					.insert(productHandleRedirects)
					.values({ handle: current.handle, productId: input.id })
					.onConflictDoUpdate({ target: productHandleRedirects.handle, set: { productId: input.id } })
			}
			const ids = input.variants.map((v) => v.id)
			const existing = ids.length
				? await tx
						.select({
							id: productVariants.id,
							title: productVariants.title,
							stock: productVariants.stock,
							available: productVariants.available,
							priceCents: productVariants.priceCents,
							compareAtPriceCents: productVariants.compareAtPriceCents,
						})
						.from(productVariants)
						.where(and(eq(productVariants.productId, input.id), inArray(productVariants.id, ids)))
				: []
			// A picture of another product is never taken: the variant shows the first of its own.
			const ownImages = new Set(
				(await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, input.id))).map((i) => i.id),
			)
			for (const variant of input.variants) {
				const before = existing.find((v) => v.id === variant.id)
				// A variant id of another product is ignored: the form can only touch its own.
				if (!before) continue
				await tx
					.update(productVariants)
					.set({
						priceCents: variant.price,
						compareAtPriceCents: variant.compareAtPrice,
						sku: variant.sku,
						stock: variant.stock,
						available: variant.available,
						...(variant.weight !== undefined ? { weightGrams: variant.weight } : {}),
						...(variant.dimensions !== undefined
							? {
									lengthCm: variant.dimensions?.lengthCm ?? null,
									widthCm: variant.dimensions?.widthCm ?? null,
									heightCm: variant.dimensions?.heightCm ?? null,
								}
							: {}),
						...(variant.imageId !== undefined
							? { imageId: variant.imageId && ownImages.has(variant.imageId) ? variant.imageId : null }
							: {}),
					})
					.where(eq(productVariants.id, variant.id))
				if (variant.stock !== null && variant.stock !== (before.stock ?? 0)) {
					await tx.insert(stockAdjustments).values({
						variantId: variant.id,
						delta: variant.stock - (before.stock ?? 0),
						stockAfter: variant.stock,
						reason: 'Alterado na edição do produto',
						userId: input.userId,
					})
				}
				// Issue 30: prices and stock, each its own entry (only the fields that changed).
				const subject = { type: 'variant' as const, id: variant.id, label: variantLabel(input.fields.title, before.title) }
				const who = { actorId: input.userId, ip: input.ip ?? null }
				await recordActivity(tx, {
					...who,
					kind: 'price',
					subject,
					before: { priceCents: before.priceCents, compareAtPriceCents: before.compareAtPriceCents },
					after: { priceCents: variant.price, compareAtPriceCents: variant.compareAtPrice },
				})
				await recordActivity(tx, {
					...who,
					kind: 'stock',
					subject,
					before: { stock: before.stock, available: before.available },
					after: { stock: variant.stock, available: variant.available },
				})
			}
			await setCollections(tx, input.id, input.collectionIds)
			const optionChange = input.options ? await applyOptionChange(tx, input.id, input.options) : { created: 0, removed: 0 }
			await input.alsoInTransaction?.(tx)
			// Issue 30: published only with a picture and a price (a product already for sale is not re-checked).
			if (input.fields.status === 'active' && current.status !== 'active') {
				const [counts] = await queryRows<{ images: number; prices: number[] | null }>(
					sql`select (select count(*)::int from product_images where product_id = ${input.id}::uuid) as images,
						(select array_agg(price_cents) from product_variants where product_id = ${input.id}::uuid) as prices`,
					tx,
				)
				const missing = publishMissing({ imageCount: counts?.images ?? 0, priceCents: counts?.prices ?? [] })
				if (missing.length > 0) throw new SaveRefused({ status: publishRefusal(missing) })
			}
			await recordActivity(tx, {
				actorId: input.userId,
				ip: input.ip ?? null,
				kind: 'product',
				subject: { type: 'product', id: input.id, label: input.fields.title },
				before: { status: current.status },
				after: { status: input.fields.status },
			})
			return { ok: true, id: input.id, handle, variantsCreated: optionChange.created, variantsRemoved: optionChange.removed }
		})
		if (result.ok) announceCatalogChange(result.id)
		return result
	} catch (error) {
		if (error instanceof SaveRefused) return { ok: false, errors: error.errors }
		const constraint = uniqueViolation(error)
		if (constraint?.includes('sku')) return { ok: false, errors: { form: PRODUCT_ADMIN_MESSAGES.skuTaken } }
		if (constraint?.includes('handle')) return { ok: false, errors: { handle: PRODUCT_ADMIN_MESSAGES.handleTaken } }
		throw error
	}
}

/** Deletes a product nobody ordered; one with orders is archived instead (orders keep naming it). */
export async function deleteOrArchiveProduct(
	id: string,
	actor: Actor | null = null,
): Promise<{ ok: true; archived: boolean } | { ok: false; message: string }> {
	const outcome = await db.transaction(async (tx) => {
		const [product] = await tx
			.select({ title: products.title, handle: products.handle, status: products.status })
			.from(products)
			.where(eq(products.id, id))
			.for('update')
		if (!product) return null
		const who = { actorId: actor?.actorId ?? null, ip: actor?.ip ?? null }
		const subject = { type: 'product' as const, id, label: product.title }
		const [ordered] = await queryRows<{ n: number }>(sql`select count(*)::int as n from order_lines where product_id = ${id}::uuid`, tx)
		if ((ordered?.n ?? 0) > 0) {
			await tx
				.update(products)
				.set({ status: 'archived', version: sql`${products.version} + 1`, updatedAt: sql`now()` })
				.where(eq(products.id, id))
			await recordActivity(tx, { ...who, kind: 'product', subject, before: { status: product.status }, after: { status: 'archived' } })
			return { ok: true, archived: true } as const
		}
		await tx.delete(products).where(eq(products.id, id))
		// Issue 30: the product is gone; its entry keeps what it was.
		await recordActivity(tx, { ...who, kind: 'product', subject, before: { title: product.title, handle: product.handle, status: product.status }, after: null })
		return { ok: true, archived: false } as const
	})
	if (!outcome) return { ok: false, message: PRODUCT_ADMIN_MESSAGES.notFound }
	announceCatalogChange(id)
	return outcome
}

/** A copy as a draft ('… (cópia)', handle '…-copia', '…-copia-2'…), with its options, variants (no SKU, no stock) and collections. */
export async function duplicateProduct(id: string, actor: Actor | null = null): Promise<SaveResult> {
	const result = await db.transaction(async (tx): Promise<SaveResult> => {
		const [source] = await tx.select().from(products).where(eq(products.id, id))
		if (!source) return { ok: false, errors: { form: PRODUCT_ADMIN_MESSAGES.notFound } }
		let handle = `${source.handle}-copia`.slice(0, 120)
		for (let n = 2; !(await handleAvailable(tx, handle, null)); n++) handle = `${source.handle}-copia-${n}`.slice(0, 120)
		const [copy] = await tx
			.insert(products)
			.values({
				handle,
				title: `${source.title} (cópia)`.slice(0, 150),
				description: source.description,
				descriptionHtml: source.descriptionHtml,
				productType: source.productType,
				tags: source.tags,
				status: 'draft',
			})
			.returning({ id: products.id })
		if (!copy) throw new Error('cópia não criada')
		await tx.execute(sql`insert into product_options (product_id, name, position, values)
			select ${copy.id}::uuid, name, position, values from product_options where product_id = ${id}::uuid`)
		await tx.execute(sql`insert into product_variants (product_id, title, price_cents, compare_at_price_cents, stock, available, selected_options, position)
			select ${copy.id}::uuid, title, price_cents, compare_at_price_cents, case when stock is null then null else 0 end, available, selected_options, position
			from product_variants where product_id = ${id}::uuid`)
		await tx.execute(sql`insert into collection_products (collection_id, product_id, position)
			select collection_id, ${copy.id}::uuid, position from collection_products where product_id = ${id}::uuid`)
		// Issue 30: a copy is a product created like any other.
		const title = `${source.title} (cópia)`.slice(0, 150)
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'product',
			subject: { type: 'product', id: copy.id, label: title },
			before: null,
			after: { title, handle, status: 'draft' },
		})
		return { ok: true, id: copy.id, handle }
	})
	if (result.ok) announceCatalogChange(result.id)
	return result
}
