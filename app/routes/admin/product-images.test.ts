import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withDataDir } from '#tests/setup/with-data-dir'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { getCommerce } from '~/commerce/index.server'
import { productImages, productVariants } from '~/db/schema'
import { db } from '~/server/db.server'
import {
	arrangeProductImages,
	backfillImageVariants,
	checkImageArrangement,
	removeImageFiles,
	settleImageVariants,
} from '~/server/catalog-admin/product-images.server'
import { deleteImageVariants } from '~/server/images/variants.server'
import { getBucketStorage, parseUploadUrl } from '~/server/storage.server'
import { loader as uploadsLoader } from '../resources/uploads'
import { action } from './product-images'

/**
 * A product's pictures through the back-office action (issue 11): checked by their bytes,
 * stored, measured; ordered, described and removed with the product's save (issue 30); resized to WebP and AVIF in the background, so
 * the storefront is sent a copy of the size it shows (AVIF to browsers that take it).
 */

withTestDatabase()
withDataDir('loja-imagens-produto-')

let admin: { cookie: string }
let customer: { cookie: string }
let jpeg: Uint8Array<ArrayBuffer>
let png: Uint8Array<ArrayBuffer>

beforeAll(async () => {
	admin = await userWithSession({ admin: true })
	customer = await userWithSession()
	jpeg = new Uint8Array(
		await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#b91c1c' } })
			.jpeg()
			.toBuffer(),
	)
	png = new Uint8Array(
		await sharp({ create: { width: 400, height: 400, channels: 4, background: '#1d4ed8' } })
			.png()
			.toBuffer(),
	)
})

// Background resizing must end before the data directory is removed.
afterAll(() => settleImageVariants())

const context = { clientIp: '203.0.113.14', cspNonce: '' }

async function post(productId: string, fields: Record<string, string | Blob>, cookie = admin.cookie) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	const request = new Request(`http://loja.test/admin/produtos/${productId}/imagens`, { method: 'POST', body: form, headers: { cookie } })
	try {
		return await action({ request, params: { productId }, context } as never)
	} catch (thrown) {
		return thrown
	}
}
const statusOf = (result: unknown) =>
	result instanceof Response ? result.status : ((result as { init?: ResponseInit | null })?.init?.status ?? 200)
const dataOf = (result: unknown) => (result as { data: { ok: boolean; message: string } }).data

async function imagesOf(productId: string) {
	return db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(productImages.position)
}

async function fetchUpload(url: string, accept: string) {
	const location = parseUploadUrl(url.split('?')[0] ?? '')
	if (!location) throw new Error(`não é um upload: ${url}`)
	const request = new Request(`http://loja.test${url}`, { headers: { accept } })
	return (await uploadsLoader({ request, params: { bucket: location.bucket, '*': location.key }, context } as never)) as Response
}

describe('product pictures', () => {
	test('several uploads: stored by their real type and size, in order, on the storefront in that order', async () => {
		const { product } = await createProduct({ title: 'Bandana Fotos', images: 0 })
		const first = await post(product.id, { intent: 'upload', image: new File([jpeg], 'a.png', { type: 'image/png' }) })
		expect(statusOf(first)).toBe(200)
		expect(dataOf(first)).toEqual({ ok: true, message: 'Imagem adicionada!' })
		await post(product.id, { intent: 'upload', image: new File([png], 'b.png', { type: 'image/png' }) })
		const rows = await imagesOf(product.id)
		expect(rows.map((r) => [r.position, r.width, r.height])).toEqual([
			[0, 1000, 750],
			[1, 400, 400],
		])
		expect(rows[0]?.url).toMatch(new RegExp(`^/uploads/product-images/${product.id}/\\d+\\.jpg$`))
		expect(rows[1]?.url).toMatch(/\.png$/)
		const onShop = await getCommerce().getProductByHandle(product.handle)
		expect(onShop?.images.map((i) => i.url)).toEqual(rows.map((r) => r.url))
	})

	test('WebP and AVIF widths are made in the background; AVIF goes to browsers that take it, WebP to others', async () => {
		const { product } = await createProduct({ title: 'Bandana AVIF', images: 0 })
		await post(product.id, { intent: 'upload', image: new File([jpeg], 'foto.jpg') })
		const [row] = await imagesOf(product.id)
		const url = row!.url
		// The largest needed width for a 1000 px original is 1280 (served at 1000): its AVIF is the last made.
		await expect
			.poll(async () => (await fetchUpload(`${url}?w=1280`, 'image/avif,image/webp,*/*')).headers.get('content-type'), { timeout: 30_000 })
			.toBe('image/avif')
		const avif = await fetchUpload(`${url}?w=320`, 'image/avif,image/webp,*/*')
		expect(avif.headers.get('content-type')).toBe('image/avif')
		expect(avif.headers.get('vary')).toBe('Accept')
		expect((await sharp(new Uint8Array(await avif.arrayBuffer())).metadata()).width).toBe(320)
		const webp = await fetchUpload(`${url}?w=320`, 'image/webp,*/*')
		expect(webp.headers.get('content-type')).toBe('image/webp')
		expect(webp.headers.get('etag')).not.toBe(avif.headers.get('etag'))

		// Variants lost (a cleared cache, a restart mid-queue): the background job makes them again.
		const location = parseUploadUrl(url)!
		await deleteImageVariants(location.bucket, location.key)
		expect((await fetchUpload(`${url}?w=320`, 'image/avif,image/webp,*/*')).headers.get('content-type')).toBe('image/webp')
		expect(await backfillImageVariants()).toBeGreaterThanOrEqual(1)
		expect((await fetchUpload(`${url}?w=320`, 'image/avif,image/webp,*/*')).headers.get('content-type')).toBe('image/avif')
		expect(await backfillImageVariants()).toBe(0)
	})

	test('refused: not an image (by its bytes), a GIF, over 5 MB, no file, another product, a customer', async () => {
		const { product } = await createProduct({ title: 'Bandana Recusas', images: 0 })
		const svg = await post(product.id, { intent: 'upload', image: new File(['<svg onload="alert(1)"/>'], 'x.jpg', { type: 'image/jpeg' }) })
		expect([statusOf(svg), dataOf(svg).message]).toEqual([400, 'Use imagens JPEG, PNG ou WebP.'])
		const gif = await post(product.id, {
			intent: 'upload',
			image: new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b])], 'x.gif'),
		})
		expect(statusOf(gif)).toBe(400)
		const big = new Uint8Array(5 * 1024 * 1024 + 10)
		big.set(jpeg)
		const tooLarge = await post(product.id, { intent: 'upload', image: new File([big], 'grande.jpg') })
		expect([statusOf(tooLarge), dataOf(tooLarge).message]).toEqual([413, 'Imagem muito grande. Máximo 5MB.'])
		expect(dataOf(await post(product.id, { intent: 'upload' })).message).toBe('Selecione ao menos uma imagem.')
		const missing = await post('00000000-0000-4000-8000-000000000000', { intent: 'upload', image: new File([jpeg], 'a.jpg') })
		expect(statusOf(missing)).toBe(404)
		expect(await imagesOf(product.id)).toEqual([])
		const refused = await post(product.id, { intent: 'upload', image: new File([jpeg], 'a.jpg') }, customer.cookie)
		expect([302, 403]).toContain(statusOf(refused))
		expect(await imagesOf(product.id)).toEqual([])
	})

	test('removing a picture (with the product’s save) removes its file; variants that showed it fall back to the first', async () => {
		const { product, variant } = await createProduct({ title: 'Bandana Ordem', images: 0 })
		for (const bytes of [jpeg, png]) await post(product.id, { intent: 'upload', image: new File([bytes], 'f') })
		const [a, b] = await imagesOf(product.id)
		await db.update(productVariants).set({ imageId: b!.id }).where(eq(productVariants.id, variant.id))
		const arrangement = checkImageArrangement([{ id: a!.id, altText: 'Bandana vermelha' }], [b!.id])
		if (!arrangement.ok) throw new Error(arrangement.message)
		const removed = await db.transaction((tx) => arrangeProductImages(tx, product.id, arrangement.value))
		expect(removed).toEqual([b!.url])
		const key = parseUploadUrl(b!.url)!.key
		expect(await getBucketStorage('product-images').exists(key)).toBe(true)
		await removeImageFiles(removed)
		expect(await getBucketStorage('product-images').exists(key)).toBe(false)
		expect((await imagesOf(product.id)).map((r) => [r.id, r.altText, r.position])).toEqual([[a!.id, 'Bandana vermelha', 0]])
		const [variantRow] = await db.select().from(productVariants).where(eq(productVariants.id, variant.id))
		expect(variantRow?.imageId).toBeNull()
		// Bad input is refused before anything is written.
		expect(checkImageArrangement([{ id: 'x', altText: '' }], [])).toEqual({ ok: false, message: 'Imagem não encontrada.' })
		expect(checkImageArrangement([{ id: a!.id, altText: 'x'.repeat(201) }], [])).toEqual({
			ok: false,
			message: 'O texto alternativo deve ter no máximo 200 caracteres.',
		})
		// The endpoint only takes uploads now: order and removals go with the product's one 'Salvar'.
		expect(statusOf(await post(product.id, { intent: 'delete', id: a!.id }))).toBe(400)
		expect(await imagesOf(product.id)).toHaveLength(1)
	})
})
