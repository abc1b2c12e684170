import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { z } from 'zod'
import { productImages, products } from '~/db/schema'
import { db, type Executor } from '~/server/db.server'
import { pregenerateImageVariants, readyAvifVariant } from '~/server/images/variants.server'
import { IMAGE_WIDTHS, type ImageWidth } from '~/utils/responsive-image'
import { logger } from '~/server/logger.server'
import { UPLOAD_LIMITS, deleteUpload, getBucketStorage, parseUploadUrl, saveUpload } from '~/server/storage.server'
import { detectMediaType } from '~/server/storage/content-type.server'
import { userText } from '~/utils/text-schema'
import { announceCatalogChange } from './products.server'

/**
 * A product's pictures in the back-office (issue 11): several sent at once (one request per
 * file, so each is checked and stored on its own), alt text, order, delete. Files are checked by
 * their bytes, stored in the public `product-images` bucket, and their WebP and AVIF widths made
 * in the background, so the storefront sends a picture of the size it shows, never the original.
 */

export const PRODUCT_IMAGE_MESSAGES = {
	added: 'Imagem adicionada!',
	missing: 'Selecione ao menos uma imagem.',
	invalidType: 'Use imagens JPEG, PNG ou WebP.',
	tooLarge: 'Imagem muito grande. Máximo 5MB.',
	unreadable: 'Não foi possível ler esta imagem. Envie outro arquivo.',
	notFound: 'Imagem não encontrada.',
	productNotFound: 'Produto não encontrado.',
	tooMany: 'Um produto pode ter no máximo 20 imagens.',
	altTooLong: 'O texto alternativo deve ter no máximo 200 caracteres.',
} as const

/** Pictures a product may hold: a gallery, not an archive. */
export const MAX_IMAGES_PER_PRODUCT = 20
/** Types the storefront's browsers all show and sharp resizes. */
const PRODUCT_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp'])

export type AdminProductImage = { id: string; url: string; altText: string; width: number | null; height: number | null; position: number }

export async function listProductImages(productId: string): Promise<AdminProductImage[]> {
	const rows = await db
		.select({
			id: productImages.id,
			url: productImages.url,
			altText: productImages.altText,
			width: productImages.width,
			height: productImages.height,
			position: productImages.position,
		})
		.from(productImages)
		.where(eq(productImages.productId, productId))
		.orderBy(asc(productImages.position), asc(productImages.id))
	return rows.map((r) => ({ ...r, altText: r.altText ?? '' }))
}

type Result<T = null> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 413; message: string }

const pendingVariants = new Set<Promise<void>>()

/**
 * Makes the variants after the answer has gone: the admin does not wait for AVIF encoding. One
 * picture at a time per process (a queue), so a batch of uploads does not take every core from
 * the shoppers. A restart loses the queue; the storefront then makes WebP on first request.
 * The store's logo (store-logo.server.ts) goes through the same queue.
 */
let queue: Promise<void> = Promise.resolve()
export function makeVariantsLater(url: string, width: number | null) {
	const location = parseUploadUrl(url)
	if (!location) return
	const work = queue.then(async () => {
		const object = await getBucketStorage(location.bucket).get(location.key)
		if (!object) return
		const made = await pregenerateImageVariants(location.bucket, object, width)
		logger.info({ url, made }, 'variantes da imagem do produto prontas')
	})
	const settled = work.catch((error: unknown) => logger.warn({ error: String(error), url }, 'variantes da imagem do produto falharam'))
	queue = settled
	pendingVariants.add(settled)
	void settled.finally(() => pendingVariants.delete(settled))
}

/**
 * Makes the variants of pictures that lack them (a restart lost the queue, or the pictures came
 * from an import or a backup): up to `limit` pictures per call, so the background job that calls
 * it stays short. Returns how many it made.
 */
export async function backfillImageVariants(limit = 5): Promise<number> {
	const missing: Array<{ url: string; width: number | null }> = []
	let after = ''
	while (missing.length < limit) {
		const page = await db
			.select({ id: productImages.id, url: productImages.url, width: productImages.width })
			.from(productImages)
			.where(and(sql`${productImages.url} like '/uploads/product-images/%'`, sql`${productImages.id}::text > ${after}`))
			.orderBy(sql`${productImages.id}::text`)
			.limit(500)
		if (page.length === 0) break
		after = page.at(-1)?.id ?? after
		for (const image of page) {
			const location = parseUploadUrl(image.url)
			if (!location) continue
			const object = await getBucketStorage(location.bucket).get(location.key)
			if (!object) continue
			// The widest copy the storefront asks for is made last: when it is there, all are.
			const widest = IMAGE_WIDTHS.find((w) => image.width !== null && w >= image.width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]
			if (await readyAvifVariant(location.bucket, object, widest as ImageWidth)) continue
			missing.push({ url: image.url, width: image.width })
			if (missing.length >= limit) break
		}
	}
	for (const image of missing) makeVariantsLater(image.url, image.width)
	await settleImageVariants()
	return missing.length
}

/** Resolves once every queued resize has finished (tests, and shutdown before the disk goes away). */
export async function settleImageVariants(): Promise<void> {
	while (pendingVariants.size > 0) await Promise.all([...pendingVariants])
}

export async function addProductImage(input: {
	productId: string
	file: FormDataEntryValue | null
	altText?: string
}): Promise<Result<AdminProductImage>> {
	const { productId, file } = input
	if (!(file instanceof Blob) || file.size === 0) return { ok: false, status: 400, message: PRODUCT_IMAGE_MESSAGES.missing }
	if (file.size > UPLOAD_LIMITS.image) return { ok: false, status: 413, message: PRODUCT_IMAGE_MESSAGES.tooLarge }
	const bytes = new Uint8Array(await file.arrayBuffer())
	const detected = await detectMediaType(bytes)
	if (!detected || !PRODUCT_IMAGE_TYPES.has(detected.contentType))
		return { ok: false, status: 400, message: PRODUCT_IMAGE_MESSAGES.invalidType }
	let size: { width: number; height: number }
	try {
		// autoOrient: a phone photo's EXIF rotation swaps width and height as the shopper sees it.
		const metadata = await sharp(bytes, { autoOrient: true, limitInputPixels: 50_000_000 }).metadata()
		if (!metadata.width || !metadata.height) throw new Error('sem dimensões')
		size = { width: metadata.width, height: metadata.height }
	} catch {
		return { ok: false, status: 400, message: PRODUCT_IMAGE_MESSAGES.unreadable }
	}

	const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId))
	if (!product) return { ok: false, status: 404, message: PRODUCT_IMAGE_MESSAGES.productNotFound }
	const [count] = await db
		.select({ n: sql<number>`count(*)::int` })
		.from(productImages)
		.where(eq(productImages.productId, productId))
	if ((count?.n ?? 0) >= MAX_IMAGES_PER_PRODUCT) return { ok: false, status: 400, message: PRODUCT_IMAGE_MESSAGES.tooMany }

	const saved = await saveUpload({ file, kind: 'image', bucket: 'product-images', productId })
	if (!saved.ok) return { ok: false, status: saved.error.status, message: saved.error.message }
	const altText = (input.altText ?? '').trim().slice(0, 200)
	const [row] = await db
		.insert(productImages)
		.values({
			productId,
			url: saved.upload.url,
			altText: altText || null,
			width: size.width,
			height: size.height,
			// After the last one; two uploads at once may share a position, and the id breaks the tie.
			position: sql`(select coalesce(max(${productImages.position}), -1) + 1 from ${productImages} where ${productImages.productId} = ${productId})`,
		})
		.returning()
	if (!row) throw new Error('imagem não registrada')
	makeVariantsLater(saved.upload.url, size.width)
	announceCatalogChange(productId)
	return { ok: true, value: { ...row, altText: row.altText ?? '' } }
}

const altSchema = userText().trim().max(200, PRODUCT_IMAGE_MESSAGES.altTooLong)

/** The gallery as the editor arranged it (issue 30: saved with the product, by its one 'Salvar'). */
export type ImageArrangement = { order: Array<{ id: string; altText: string }>; remove: string[] }

/**
 * The posted arrangement checked: ids are uuids, alt texts at most 200 characters, no id twice.
 * A picture both listed and removed is removed.
 */
export function checkImageArrangement(
	images: Array<{ id: string; altText: string }>,
	remove: string[],
): { ok: true; value: ImageArrangement } | { ok: false; message: string } {
	const removed = new Set<string>()
	for (const id of remove) {
		const parsed = z.uuid().safeParse(id)
		if (!parsed.success) return { ok: false, message: PRODUCT_IMAGE_MESSAGES.notFound }
		removed.add(parsed.data)
	}
	const order: Array<{ id: string; altText: string }> = []
	for (const image of images) {
		const id = z.uuid().safeParse(image.id)
		if (!id.success) return { ok: false, message: PRODUCT_IMAGE_MESSAGES.notFound }
		const alt = altSchema.safeParse(image.altText)
		if (!alt.success) return { ok: false, message: alt.error.issues[0]?.message ?? PRODUCT_IMAGE_MESSAGES.altTooLong }
		if (!removed.has(id.data)) order.push({ id: id.data, altText: alt.data })
	}
	if (new Set(order.map((p) => p.id)).size !== order.length) return { ok: false, message: PRODUCT_IMAGE_MESSAGES.notFound }
	return { ok: true, value: { order, remove: [...removed] } }
}

/**
 * Applies the arrangement in the product's save transaction: removed pictures go (variants that
 * showed one fall back to the first), the listed ones take the new order and alt texts, pictures
 * the form did not list (added meanwhile in another tab) go after, in their order. Ids of another
 * product are ignored: the form can only touch its own. Returns the removed files' addresses, to
 * delete once the transaction has committed (removeImageFiles).
 */
export async function arrangeProductImages(tx: Executor, productId: string, arrangement: ImageArrangement): Promise<string[]> {
	const removed = arrangement.remove.length
		? await tx
				.delete(productImages)
				.where(and(eq(productImages.productId, productId), inArray(productImages.id, arrangement.remove)))
				.returning({ url: productImages.url })
		: []
	const owned = new Set(
		arrangement.order.length
			? (
					await tx
						.select({ id: productImages.id })
						.from(productImages)
						.where(
							and(
								eq(productImages.productId, productId),
								inArray(
									productImages.id,
									arrangement.order.map((p) => p.id),
								),
							),
						)
				).map((r) => r.id)
			: [],
	)
	const listed = arrangement.order.filter((image) => owned.has(image.id))
	for (const [position, image] of listed.entries()) {
		await tx
			.update(productImages)
			.set({ position, altText: image.altText || null })
			.where(and(eq(productImages.id, image.id), eq(productImages.productId, productId)))
	}
	const ids = listed.map((p) => p.id)
	const others = await tx
		.select({ id: productImages.id })
		.from(productImages)
		.where(and(eq(productImages.productId, productId), ids.length ? notInArray(productImages.id, ids) : undefined))
		.orderBy(asc(productImages.position), asc(productImages.id))
	for (const [offset, other] of others.entries()) {
		await tx
			.update(productImages)
			.set({ position: listed.length + offset })
			.where(eq(productImages.id, other.id))
	}
	return removed.map((r) => r.url)
}

/** The files (and resized copies) of pictures removed by a committed save. */
export async function removeImageFiles(urls: readonly string[]): Promise<void> {
	for (const url of urls) {
		const location = parseUploadUrl(url)
		if (location?.bucket === 'product-images') await deleteUpload(location.bucket, location.key)
	}
}
