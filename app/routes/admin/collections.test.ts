import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withDataDir } from '#tests/setup/with-data-dir'
import { withTestDatabase } from '#tests/setup/with-database'
import { NO_FILTERS } from '~/commerce/rules/browse'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { getCommerce } from '~/commerce/index.server'
import { collectionProducts, collections } from '~/db/schema'
import { db } from '~/server/db.server'
import { action as editAction, loader as editLoader } from './collection'
import { action as createAction } from './collections'
import { action as productAction } from './product'

/** Collections through the back-office (issue 11): create, edit, picture, members, manual and sorted order. */

withTestDatabase()
withDataDir('loja-colecoes-')

let admin: { cookie: string }
let customer: { cookie: string }
beforeAll(async () => {
	admin = await userWithSession({ admin: true })
	customer = await userWithSession()
})

const context = { clientIp: '203.0.113.15', cspNonce: '' }

async function run(
	handler: (args: never) => unknown,
	url: string,
	cookie: string,
	fields?: Record<string, string | string[] | Blob>,
	params = {},
) {
	let body: FormData | undefined
	if (fields) {
		body = new FormData()
		for (const [name, value] of Object.entries(fields)) {
			for (const item of Array.isArray(value) ? value : [value]) body.append(name, item)
		}
	}
	const request = new Request(`http://loja.test${url}`, { method: fields ? 'POST' : 'GET', body, headers: { cookie } })
	try {
		return await handler({ request, params, context } as never)
	} catch (thrown) {
		return thrown
	}
}
const statusOf = (result: unknown) =>
	result instanceof Response ? result.status : ((result as { init?: ResponseInit | null })?.init?.status ?? 200)
const errorsOf = (result: unknown) => (result as { data: { errors: Record<string, string> } }).data.errors

async function createdId(title: string, extra: Record<string, string> = {}): Promise<string> {
	const result = await run(createAction, '/admin/colecoes', admin.cookie, {
		title,
		handle: '',
		description: '',
		sortOrder: 'manual',
		...extra,
	})
	expect(statusOf(result)).toBe(302)
	return ((result as Response).headers.get('location') ?? '').split('/').pop() ?? ''
}

async function categoryTitles(handle: string): Promise<string[]> {
	const page = await getCommerce().browseProducts({
		collectionHandle: handle,
		params: { sort: 'relevancia', filters: NO_FILTERS, page: 1 },
	})
	return page?.products.map((p) => p.title) ?? []
}

describe('collections', () => {
	test('created with a handle from the title; a taken handle and a missing title are refused beside the field', async () => {
		const id = await createdId('Laços de Natal')
		const [row] = await db.select().from(collections).where(eq(collections.id, id))
		expect(row?.handle).toBe('lacos-de-natal')
		const taken = await run(createAction, '/admin/colecoes', admin.cookie, {
			title: 'Outra',
			handle: 'Laços de Natal',
			description: '',
			sortOrder: 'manual',
		})
		expect(statusOf(taken)).toBe(400)
		expect(errorsOf(taken)).toEqual({ handle: 'Este endereço já está em uso por outra coleção.' })
		const empty = await run(createAction, '/admin/colecoes', admin.cookie, { title: ' ', handle: '', description: '', sortOrder: 'sei-la' })
		expect(errorsOf(empty)).toEqual({ title: 'Informe o título.', sortOrder: 'Escolha uma ordem da lista.' })
		const refused = await run(createAction, '/admin/colecoes', customer.cookie, {
			title: 'Cliente',
			handle: '',
			description: '',
			sortOrder: 'manual',
		})
		expect([302, 403]).toContain(statusOf(refused))
		expect(await db.select().from(collections).where(eq(collections.title, 'Cliente'))).toEqual([])
	})

	test('products added at the end, arranged by hand, removed; a product save keeps its place; sorted orders follow the prices', async () => {
		const id = await createdId('Gravatas')
		const [a, b, c] = [
			await createProduct({ title: 'Gravata Azul', variants: [{ priceCents: 3000 }] }),
			await createProduct({ title: 'Gravata Branca', variants: [{ priceCents: 1000 }] }),
			await createProduct({ title: 'Gravata Cinza', variants: [{ priceCents: 2000 }] }),
		]
		const self = `/admin/colecoes/${id}`
		await run(editAction, self, admin.cookie, { intent: 'add', productId: [c.product.id, a.product.id] }, { collectionId: id })
		await run(editAction, self, admin.cookie, { intent: 'add', productId: [b.product.id, a.product.id] }, { collectionId: id })
		// Added in title order per batch, each batch after the last: Azul, Cinza, then Branca.
		expect(await categoryTitles('gravatas')).toEqual(['Gravata Azul', 'Gravata Cinza', 'Gravata Branca'])

		await run(editAction, self, admin.cookie, { intent: 'reorder', productId: [b.product.id, a.product.id] }, { collectionId: id })
		expect(await categoryTitles('gravatas')).toEqual(['Gravata Branca', 'Gravata Azul', 'Gravata Cinza'])

		// Saving a product (its collections unchanged) does not move it to the end.
		const [collectionRow] = await db.select().from(collectionProducts).where(eq(collectionProducts.productId, b.product.id))
		expect(collectionRow?.position).toBe(0)
		const edit = await run(
			productAction,
			`/admin/produtos/${b.product.id}`,
			admin.cookie,
			{
				intent: 'save',
				version: '1',
				title: 'Gravata Branca',
				handle: b.product.handle,
				descriptionHtml: '',
				productType: '',
				tags: '',
				status: 'active',
				collectionId: id,
				'variant.0.id': b.variant.id,
				'variant.0.title': 'Único',
				'variant.0.price': '10,00',
				'variant.0.compareAtPrice': '',
				'variant.0.sku': '',
				'variant.0.stock': '',
				'variant.0.available': 'on',
			},
			{ productId: b.product.id },
		)
		expect(statusOf(edit)).toBe(302)
		expect(await categoryTitles('gravatas')).toEqual(['Gravata Branca', 'Gravata Azul', 'Gravata Cinza'])

		const sortedFields = { intent: 'save', title: 'Gravatas', handle: 'gravatas', description: 'Para ocasiões', sortOrder: 'maior-preco' }
		expect(statusOf(await run(editAction, self, admin.cookie, sortedFields, { collectionId: id }))).toBe(302)
		expect(await categoryTitles('gravatas')).toEqual(['Gravata Azul', 'Gravata Cinza', 'Gravata Branca'])

		await run(editAction, self, admin.cookie, { intent: 'remove', productId: a.product.id }, { collectionId: id })
		expect(await categoryTitles('gravatas')).toEqual(['Gravata Cinza', 'Gravata Branca'])
		const loaded = (await run(editLoader, `${self}?adicionar=gravata`, admin.cookie, undefined, { collectionId: id })) as {
			candidates: Array<{ title: string }>
		}
		expect(loaded.candidates.map((p) => p.title)).toEqual(['Gravata Azul'])
	})

	test('a picture checked by its bytes; renaming moves the category page; deleting keeps the products', async () => {
		const id = await createdId('Bandanas de Verão')
		const self = `/admin/colecoes/${id}`
		const notImage = await run(
			editAction,
			self,
			admin.cookie,
			{ intent: 'image', image: new File(['<html>'], 'x.jpg') },
			{ collectionId: id },
		)
		expect(errorsOf(notImage)).toEqual({ image: 'Use uma imagem JPEG, PNG ou WebP de até 5MB.' })
		const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fde047' } })
			.jpeg()
			.toBuffer()
		expect(
			statusOf(
				await run(
					editAction,
					self,
					admin.cookie,
					{ intent: 'image', image: new File([new Uint8Array(jpeg)], 'v.jpg') },
					{ collectionId: id },
				),
			),
		).toBe(302)
		const [withImage] = await db.select().from(collections).where(eq(collections.id, id))
		expect(withImage?.imageUrl).toMatch(/^\/uploads\/product-images\/colecao-[0-9a-f-]+\/\d+\.jpg$/)

		const p = await createProduct({ title: 'Bandana Sol' })
		await run(editAction, self, admin.cookie, { intent: 'add', productId: p.product.id }, { collectionId: id })
		await run(
			editAction,
			self,
			admin.cookie,
			{ intent: 'save', title: 'Verão', handle: 'verao', description: '', sortOrder: 'manual' },
			{ collectionId: id },
		)
		expect(await categoryTitles('verao')).toEqual(['Bandana Sol'])
		expect(
			await getCommerce().browseProducts({
				collectionHandle: 'bandanas-de-verao',
				params: { sort: 'relevancia', filters: NO_FILTERS, page: 1 },
			}),
		).toBeNull()

		const deleted = await run(editAction, self, admin.cookie, { intent: 'delete' }, { collectionId: id })
		expect((deleted as Response).headers.get('location')).toBe('/admin/colecoes')
		expect(await getCommerce().getProductByHandle(p.product.handle)).not.toBeNull()
		expect(statusOf(await run(editLoader, self, admin.cookie, undefined, { collectionId: id }))).toBe(404)
		// Every intent on a collection that is gone: 404, never a database error.
		for (const fields of [
			{ intent: 'add', productId: p.product.id },
			{ intent: 'remove', productId: p.product.id },
			{ intent: 'reorder', productId: p.product.id },
		]) {
			expect(statusOf(await run(editAction, self, admin.cookie, fields, { collectionId: id }))).toBe(404)
		}
	})
})
