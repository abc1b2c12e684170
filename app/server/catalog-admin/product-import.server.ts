import { eq, inArray, sql } from 'drizzle-orm'
import { productHandleRedirects, productImages, productOptions, products, productVariants, stockAdjustments } from '~/db/schema'
import { db, type Transaction } from '~/server/db.server'
import { recordActivity, variantLabel } from '~/server/activity/record.server'
import { publicUrl } from '~/server/env.server'
import { errorForLog } from '~/server/log-safe-error.server'
import { logger } from '~/server/logger.server'
import { sanitizeProductHtml } from '~/server/sanitize-html.server'
import { formatMoney } from '~/utils/format'
import { announceCatalogChange, plainText } from './products.server'
import type { SelectedOption } from '~/db/schema/catalog'
import type { DraftImage, InvalidProduct, ProductDraft } from './shopify-csv'

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
 *
 * Decision 070: each product is written in its own transaction. A product the database refuses
 * (another admin took its handle meanwhile) is listed with its line and the reason; the others
 * are kept. A SKU another product of the shop already has is left out of the imported variant,
 * and said, instead of refusing the product (Shopify allows repeated SKUs; the catalogue does not).
 */

export type ImportPlanItem = {
	line: number
	handle: string
	title: string
	action: 'create' | 'update' | 'unchanged'
	changes: string[]
	/** What the import changed from the file, per line (a handle made fit, a SKU left out). */
	notes: string[]
	skippedImages: number
}

export type ImportPlan = { items: ImportPlanItem[]; invalid: InvalidProduct[] }

type Existing = {
	id: string
	handle: string
	title: string
	descriptionHtml: string
	vendor: string
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
		weightGrams: number | null
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
				vendor: r.vendor,
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
						weightGrams: v.weightGrams,
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

/** Handles that are another product's former address (its links answer 301 there). */
async function redirectedHandles(handles: string[]): Promise<Set<string>> {
	if (handles.length === 0) return new Set()
	const rows = await db
		.select({ handle: productHandleRedirects.handle })
		.from(productHandleRedirects)
		.where(inArray(productHandleRedirects.handle, handles))
	return new Set(rows.map((r) => r.handle))
}

/**
 * What importing `drafts` would do. Reads only the database; a variant whose SKU another
 * product of the shop has loses it in the draft (said in its notes), so that the write that
 * follows on the same drafts does what this plan says.
 */
export async function planProductImport(drafts: ProductDraft[], invalidFromFile: ImportPlan['invalid']): Promise<ImportPlan> {
	const existing = await loadExisting(drafts.map((d) => d.handle))
	const redirected = await redirectedHandles(drafts.filter((d) => !existing.has(d.handle)).map((d) => d.handle))
	const skus = drafts.flatMap((d) => d.variants.map((v) => v.sku)).filter((s): s is string => s !== null)
	const skuRows = skus.length
		? await db
				.select({ sku: productVariants.sku, productId: productVariants.productId, selectedOptions: productVariants.selectedOptions })
				.from(productVariants)
				.where(inArray(productVariants.sku, skus))
		: []
	// A map: re-importing a 10,000-variant export finds every SKU in the shop.
	const skuOwners = new Map(skuRows.map((row) => [row.sku ?? '', row]))
	const items: ImportPlanItem[] = []
	const invalid = [...invalidFromFile]
	for (const draft of drafts) {
		const current = existing.get(draft.handle)
		const messages: string[] = []
		for (const variant of draft.variants) {
			const owner = variant.sku === null ? undefined : skuOwners.get(variant.sku)
			if (owner && (owner.productId !== current?.id || variantKey(owner.selectedOptions) !== variantKey(variant.selectedOptions))) {
				draft.notes.push(`Linha ${variant.line}: o SKU ${variant.sku} já é de outro produto ou variante da loja; esta variante fica sem SKU.`)
				variant.sku = null
			}
		}
		if (!current) {
			if (!draft.title) messages.push(`Linha ${draft.line}: produto novo sem título.`)
			if (redirected.has(draft.handle))
				messages.push(`Linha ${draft.line}: o endereço '${draft.handle}' era de outro produto da loja (redireciona para ele). Mude o Handle no arquivo.`)
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
					...(draft.vendor ? [`Vendor: ${draft.vendor}`] : []),
				],
				notes: draft.notes,
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
		if (draft.vendor !== null && draft.vendor !== current.vendor) changes.push(`Vendor: ${current.vendor || '—'} → ${draft.vendor}`)
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
			if (variant.weightGrams !== null && variant.weightGrams !== match.weightGrams)
				changes.push(`Peso ${variant.title}: ${match.weightGrams === null ? 'padrão' : `${match.weightGrams} g`} → ${variant.weightGrams} g`)
		}
		items.push({
			line: draft.line,
			handle: draft.handle,
			title: draft.title ?? current.title,
			action: changes.length ? 'update' : 'unchanged',
			changes,
			notes: draft.notes,
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
			vendor: draft.vendor ?? '',
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
				weightGrams: v.weightGrams,
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

async function updateFromDraft(tx: Transaction, current: Existing, draft: ProductDraft, userId: string, ip: string | null) {
	const html = draft.descriptionHtml === null ? null : sanitizeProductHtml(draft.descriptionHtml)
	await tx
		.update(products)
		.set({
			...(draft.title !== null ? { title: draft.title } : {}),
			...(html !== null ? { descriptionHtml: html, description: plainText(html) } : {}),
			...(draft.vendor !== null ? { vendor: draft.vendor } : {}),
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
					weightGrams: variant.weightGrams,
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
				// A blank 'Variant Grams' keeps what the owner typed in the back-office.
				...(variant.weightGrams !== null ? { weightGrams: variant.weightGrams } : {}),
				stock: variant.stock,
			})
			.where(eq(productVariants.id, match.id))
		// Issue 30: an existing variant's price and stock changed by the file, in the activity log.
		const subject = { type: 'variant' as const, id: match.id, label: variantLabel(draft.title ?? current.title, variant.title) }
		await recordActivity(tx, {
			actorId: userId,
			ip,
			kind: 'price',
			subject,
			before: { priceCents: match.priceCents, compareAtPriceCents: match.compareAtPriceCents },
			after: { priceCents: variant.priceCents, compareAtPriceCents: variant.compareAtPriceCents },
		})
		await recordActivity(tx, { actorId: userId, ip, kind: 'stock', subject, before: { stock: match.stock }, after: { stock: variant.stock } })
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

export type ImportFailure = { line: number; handle: string; message: string }
export type ImportResult = { created: number; updated: number; failed: ImportFailure[] }

/** What the owner is told when the database refuses one product: the rule, never the SQL. */
function failureMessage(error: unknown): string {
	const logged = errorForLog(error)
	const constraint = logged.constraint ?? logged.cause?.constraint ?? ''
	if (constraint === 'products_handle_unique') return 'outro produto passou a usar este endereço durante a importação.'
	if (constraint === 'product_variants_sku_unique') return 'um SKU deste produto passou a ser de outro produto durante a importação.'
	return 'o banco de dados recusou este produto; os outros foram importados.'
}

/**
 * Writes the plan's products, each in its own transaction (decision 070): a product the
 * database refuses is rolled back alone and listed; every other product is kept. Call after
 * planProductImport on the same drafts, with only its valid ones.
 */
export async function applyProductImport(drafts: ProductDraft[], userId: string, ip: string | null = null): Promise<ImportResult> {
	const existing = await loadExisting(drafts.map((d) => d.handle))
	const result: ImportResult = { created: 0, updated: 0, failed: [] }
	for (const draft of drafts) {
		const current = existing.get(draft.handle)
		try {
			const id = await db.transaction(async (tx) => {
				if (!current) return createFromDraft(tx, draft, userId)
				await updateFromDraft(tx, current, draft, userId, ip)
				return current.id
			})
			if (current) result.updated += 1
			else result.created += 1
			announceCatalogChange(id)
		} catch (error) {
			logger.warn({ error: errorForLog(error), line: draft.line }, 'produto da importação de CSV recusado pelo banco')
			result.failed.push({ line: draft.line, handle: draft.handle, message: failureMessage(error) })
		}
	}
	return result
}
