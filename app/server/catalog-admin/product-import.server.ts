import { eq, inArray, sql } from 'drizzle-orm'
import { productImages, productOptions, products, productVariants, stockAdjustments } from '~/db/schema'
import { db, type Transaction } from '~/server/db.server'
import { publicUrl } from '~/server/env.server'
import { sanitizeProductHtml } from '~/server/sanitize-html.server'
import { formatMoney } from '~/utils/format'
import { announceCatalogChange, plainText } from './products.server'
import type { SelectedOption } from '~/db/schema/catalog'
import type { DraftImage, ProductDraft } from './shopify-csv'

/**
 * The product CSV import's check and write (issue 11), in the coupon import's pattern: the check
 * reports, per product, whether it would be created or updated and exactly what would change;
 * nothing is written until the owner confirms, and the confirmation checks the file again.
 *
 * Updates touch only what the file says: blank cells keep the shop's value; variants are matched
 * by their option values; variants the file does not list stay as they are; pictures of an
 * existing product are left alone (they are managed on its page). New products get the file's
 * pictures when they are this shop's own addresses; other sites' pictures are not fetched (the
 * server would be made to download whatever a file names) and are listed to be sent by hand.
 */

export type ImportPlanItem = {
	line: number
	handle: string
	title: string
	action: 'create' | 'update' | 'unchanged'
	changes: string[]
	skippedImages: number
}

export type ImportPlan = { items: ImportPlanItem[]; invalid: Array<{ line: number; handle: string; messages: string[] }> }

type Existing = {
	id: string
	handle: string
	title: string
	descriptionHtml: string
	productType: string
	tags: string[]
	status: string
	version: number
	optionNames: string[]
	variants: Array<{
		id: string
		key: string
		priceCents: number
		compareAtPriceCents: number | null
		sku: string | null
		stock: number | null
	}>
}

/**
 * A variant's identity across the file and the shop: its option values in order ('P / Azul');
 * '' for the one variant of a product without options, whatever its title says.
 */
function variantKey(selected: readonly SelectedOption[]): string {
	return selected.map((o) => o.value).join(' / ')
}

async function loadExisting(handles: string[]): Promise<Map<string, Existing>> {
	if (handles.length === 0) return new Map()
	const rows = await db.select().from(products).where(inArray(products.handle, handles))
	const ids = rows.map((r) => r.id)
	const [options, variants] = ids.length
		? await Promise.all([
				db.select().from(productOptions).where(inArray(productOptions.productId, ids)).orderBy(productOptions.position),
				db.select().from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(productVariants.position),
			])
		: [[], []]
	return new Map(
		rows.map((r) => [
			r.handle,
			{
				id: r.id,
				handle: r.handle,
				title: r.title,
				descriptionHtml: r.descriptionHtml,
				productType: r.productType,
				tags: r.tags,
				status: r.status,
				version: r.version,
				optionNames: options.filter((o) => o.productId === r.id).map((o) => o.name),
				variants: variants
					.filter((v) => v.productId === r.id)
					.map((v) => ({
						id: v.id,
						key: variantKey(v.selectedOptions),
						priceCents: v.priceCents,
						compareAtPriceCents: v.compareAtPriceCents,
						sku: v.sku,
						stock: v.stock,
					})),
			},
		]),
	)
}

/** This shop's own picture address (from its export), as a site path; null for other sites'. */
export function ownImagePath(src: string): string | null {
	let path = src
	if (/^https?:\/\//i.test(src)) {
		try {
			const url = new URL(src)
			if (url.origin !== new URL(publicUrl()).origin) return null
			path = url.pathname
		} catch {
			return null
		}
	}
	return /^\/(uploads\/product-images|imagens\/demo|media)\/[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(path) && !path.includes('..') ? path : null
}

const money = (cents: number | null) => (cents === null ? '—' : formatMoney(cents))
const stockText = (stock: number | null) => (stock === null ? 'não controlado' : String(stock))

/** What importing `drafts` would do. Reads only. */
export async function planProductImport(drafts: ProductDraft[], invalidFromFile: ImportPlan['invalid']): Promise<ImportPlan> {
	const existing = await loadExisting(drafts.map((d) => d.handle))
	const skus = drafts.flatMap((d) => d.variants.map((v) => v.sku)).filter((s): s is string => s !== null)
	const skuOwners = skus.length
		? await db
				.select({ sku: productVariants.sku, productId: productVariants.productId, selectedOptions: productVariants.selectedOptions })
				.from(productVariants)
				.where(inArray(productVariants.sku, skus))
		: []
	const items: ImportPlanItem[] = []
	const invalid = [...invalidFromFile]
	for (const draft of drafts) {
		const current = existing.get(draft.handle)
		const messages: string[] = []
		for (const variant of draft.variants) {
			const owner = skuOwners.find((o) => o.sku === variant.sku)
			if (owner && (owner.productId !== current?.id || variantKey(owner.selectedOptions) !== variantKey(variant.selectedOptions))) {
				messages.push(`Linha ${variant.line}: o SKU ${variant.sku} já é de outro produto ou variante da loja.`)
			}
		}
		if (!current) {
			if (!draft.title) messages.push(`Linha ${draft.line}: produto novo sem título.`)
			if (messages.length) {
				invalid.push({ line: draft.line, handle: draft.handle, messages })
				continue
			}
			const own = draft.images.filter((i) => ownImagePath(i.src) !== null).length
			items.push({
				line: draft.line,
				handle: draft.handle,
				title: draft.title ?? draft.handle,
				action: 'create',
				changes: [
					`${draft.variants.length} ${draft.variants.length === 1 ? 'variante' : 'variantes'}, a partir de ${money(Math.min(...draft.variants.map((v) => v.priceCents)))}`,
					...(own > 0 ? [`${own} ${own === 1 ? 'imagem' : 'imagens'}`] : []),
				],
				skippedImages: draft.images.length - own,
			})
			continue
		}
		const sameOptions =
			draft.optionNames.length === current.optionNames.length &&
			draft.optionNames.every((name, i) => name.toLowerCase() === current.optionNames[i]?.toLowerCase())
		if (!sameOptions) {
			messages.push(
				`Linha ${draft.line}: as opções na loja são (${current.optionNames.join(', ') || 'nenhuma'}) e no arquivo (${draft.optionNames.join(', ') || 'nenhuma'}). Mude as opções na página do produto.`,
			)
		}
		if (messages.length) {
			invalid.push({ line: draft.line, handle: draft.handle, messages })
			continue
		}
		const changes: string[] = []
		if (draft.title !== null && draft.title !== current.title) changes.push(`Título: ${current.title} → ${draft.title}`)
		if (draft.descriptionHtml !== null && sanitizeProductHtml(draft.descriptionHtml) !== current.descriptionHtml) changes.push('Descrição')
		if (draft.productType !== null && draft.productType !== current.productType)
			changes.push(`Tipo: ${current.productType || '—'} → ${draft.productType}`)
		if (draft.tags !== null && draft.tags.join(',') !== current.tags.join(',')) changes.push(`Tags: ${draft.tags.join(', ')}`)
		if (draft.status !== null && draft.status !== current.status) changes.push(`Status: ${current.status} → ${draft.status}`)
		for (const variant of draft.variants) {
			const match = current.variants.find((v) => v.key === variantKey(variant.selectedOptions))
			if (!match) {
				changes.push(`Nova variante ${variant.title}: ${money(variant.priceCents)}`)
				continue
			}
			if (match.priceCents !== variant.priceCents)
				changes.push(`Preço ${variant.title}: ${money(match.priceCents)} → ${money(variant.priceCents)}`)
			if (match.compareAtPriceCents !== variant.compareAtPriceCents)
				changes.push(`Preço de comparação ${variant.title}: ${money(match.compareAtPriceCents)} → ${money(variant.compareAtPriceCents)}`)
			if ((variant.sku ?? null) !== match.sku && variant.sku !== null)
				changes.push(`SKU ${variant.title}: ${match.sku ?? '—'} → ${variant.sku}`)
			if (variant.stock !== match.stock) changes.push(`Estoque ${variant.title}: ${stockText(match.stock)} → ${stockText(variant.stock)}`)
		}
		items.push({
			line: draft.line,
			handle: draft.handle,
			title: draft.title ?? current.title,
			action: changes.length ? 'update' : 'unchanged',
			changes,
			skippedImages: 0,
		})
	}
	return { items, invalid }
}

const IMPORT_REASON = 'Importação de CSV'

async function insertImages(tx: Transaction, productId: string, images: DraftImage[]) {
	const own = images
		.map((image) => ({ ...image, path: ownImagePath(image.src) }))
		.filter((image): image is DraftImage & { path: string } => image.path !== null)
		.sort((a, b) => a.position - b.position)
	if (own.length === 0) return
	await tx
		.insert(productImages)
		.values(own.map((image, position) => ({ productId, url: image.path, altText: image.altText || null, position })))
}

async function createFromDraft(tx: Transaction, draft: ProductDraft, userId: string): Promise<string> {
	const html = sanitizeProductHtml(draft.descriptionHtml ?? '')
	const [product] = await tx
		.insert(products)
		.values({
			handle: draft.handle,
			title: draft.title ?? draft.handle,
			descriptionHtml: html,
			description: plainText(html),
			productType: draft.productType ?? '',
			tags: draft.tags ?? [],
			status: draft.status ?? 'active',
		})
		.returning({ id: products.id })
	if (!product) throw new Error('produto não criado')
	if (draft.optionNames.length > 0) {
		await tx.insert(productOptions).values(
			draft.optionNames.map((name, position) => ({
				productId: product.id,
				name,
				values: [...new Set(draft.variants.map((v) => v.selectedOptions[position]?.value ?? ''))],
				position,
			})),
		)
	}
	const variants = await tx
		.insert(productVariants)
		.values(
			draft.variants.map((v, position) => ({
				productId: product.id,
				title: v.title,
				priceCents: v.priceCents,
				compareAtPriceCents: v.compareAtPriceCents,
				sku: v.sku,
				stock: v.stock,
				available: true,
				selectedOptions: v.selectedOptions,
				position,
			})),
		)
		.returning({ id: productVariants.id, stock: productVariants.stock })
	const initial = variants.filter((v) => v.stock !== null && v.stock > 0)
	if (initial.length) {
		await tx
			.insert(stockAdjustments)
			.values(initial.map((v) => ({ variantId: v.id, delta: v.stock ?? 0, stockAfter: v.stock ?? 0, reason: IMPORT_REASON, userId })))
	}
	await insertImages(tx, product.id, draft.images)
	return product.id
}

async function updateFromDraft(tx: Transaction, current: Existing, draft: ProductDraft, userId: string) {
	const html = draft.descriptionHtml === null ? null : sanitizeProductHtml(draft.descriptionHtml)
	await tx
		.update(products)
		.set({
			...(draft.title !== null ? { title: draft.title } : {}),
			...(html !== null ? { descriptionHtml: html, description: plainText(html) } : {}),
			...(draft.productType !== null ? { productType: draft.productType } : {}),
			...(draft.tags !== null ? { tags: draft.tags } : {}),
			...(draft.status !== null ? { status: draft.status } : {}),
			// An edit open in the back-office meanwhile is refused on save, not silently overwritten.
			version: sql`${products.version} + 1`,
			updatedAt: new Date(),
		})
		.where(eq(products.id, current.id))
	let nextPosition = current.variants.length
	for (const variant of draft.variants) {
		const match = current.variants.find((v) => v.key === variantKey(variant.selectedOptions))
		if (!match) {
			const [inserted] = await tx
				.insert(productVariants)
				.values({
					productId: current.id,
					title: variant.title,
					priceCents: variant.priceCents,
					compareAtPriceCents: variant.compareAtPriceCents,
					sku: variant.sku,
					stock: variant.stock,
					available: true,
					selectedOptions: variant.selectedOptions,
					position: nextPosition++,
				})
				.returning({ id: productVariants.id })
			// The new values join their options, in the order the file brings them.
			for (const [position, selected] of variant.selectedOptions.entries()) {
				await tx.execute(sql`update product_options set values = array_append(values, ${selected.value})
					where product_id = ${current.id}::uuid and position = ${position} and not (${selected.value} = any(values))`)
			}
			if (inserted && variant.stock !== null && variant.stock > 0) {
				await tx
					.insert(stockAdjustments)
					.values({ variantId: inserted.id, delta: variant.stock, stockAfter: variant.stock, reason: IMPORT_REASON, userId })
			}
			continue
		}
		await tx
			.update(productVariants)
			.set({
				priceCents: variant.priceCents,
				compareAtPriceCents: variant.compareAtPriceCents,
				...(variant.sku !== null ? { sku: variant.sku } : {}),
				stock: variant.stock,
			})
			.where(eq(productVariants.id, match.id))
		if (variant.stock !== null && variant.stock !== match.stock) {
			await tx.insert(stockAdjustments).values({
				variantId: match.id,
				delta: variant.stock - (match.stock ?? 0),
				stockAfter: variant.stock,
				reason: IMPORT_REASON,
				userId,
			})
		}
	}
}

/**
 * Writes the plan's products, all in one transaction (a file is imported whole or not at all).
 * Call after planProductImport on the same drafts, with only its valid ones.
 */
export async function applyProductImport(drafts: ProductDraft[], userId: string): Promise<{ created: number; updated: number }> {
	const existing = await loadExisting(drafts.map((d) => d.handle))
	let created = 0
	let updated = 0
	const touched: string[] = []
	await db.transaction(async (tx) => {
		for (const draft of drafts) {
			const current = existing.get(draft.handle)
			if (current) {
				await updateFromDraft(tx, current, draft, userId)
				touched.push(current.id)
				updated += 1
			} else {
				touched.push(await createFromDraft(tx, draft, userId))
				created += 1
			}
		}
	})
	for (const id of touched) announceCatalogChange(id)
	return { created, updated }
}
