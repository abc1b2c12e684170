import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { collections, productHandleRedirects, productImages, products, productVariants, stockAdjustments } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { action as productAction, loader as productLoader } from './product'
import { action as newAction } from './product-new'
import { loader as listLoader } from './products'
import { action as stockAction, loader as stockLoader } from './stock'
import { loader as storefrontLoader } from '../storefront/product'

/** The catalogue back-office through its loaders and actions (issue 11), as a browser posts the forms. */

withTestDatabase()

let admin: { id: string; cookie: string }
let customer: { cookie: string }
let collectionId = ''

beforeAll(async () => {
	admin = await userWithSession({ admin: true })
	customer = await userWithSession()
	const [collection] = await db.insert(collections).values({ handle: 'lacos', title: 'Laços' }).returning({ id: collections.id })
	collectionId = collection!.id
})

const context = { clientIp: '203.0.113.12', cspNonce: '' }
async function call(
	handler: (args: never) => unknown,
	url: string,
	cookie: string,
	form?: Array<[string, string]>,
	params: Record<string, string> = {},
) {
	const request = new Request(`http://loja.test${url}`, {
		method: form ? 'POST' : 'GET',
		body: form ? new URLSearchParams(form) : undefined,
		headers: { cookie },
	})
	try {
		return await handler({ request, params, context } as never)
	} catch (thrown) {
		return thrown
	}
}
const statusOf = (r: unknown) => (r instanceof Response ? r.status : ((r as { init?: ResponseInit | null })?.init?.status ?? 200))
const errorsOf = (r: unknown) => (r as { data: { errors: Record<string, string> } }).data.errors

function newProductForm(overrides: Record<string, string> = {}): Array<[string, string]> {
	const fields = {
		title: 'Laço Festa Junina',
		handle: '',
		descriptionHtml: '<p>Laço <strong>xadrez</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
		productType: 'Laço',
		tags: 'laço, festa',
		status: 'active',
		options: 'Tamanho: P, G\nCor: Vermelho, Azul',
		price: '29,90',
		compareAtPrice: '',
		stock: '5',
		sku: '',
		...overrides,
	}
	return [...Object.entries(fields), ['collectionId', collectionId]]
}

async function create(overrides: Record<string, string> = {}) {
	const result = await call(newAction, '/admin/produtos/novo', admin.cookie, newProductForm(overrides))
	expect(statusOf(result), JSON.stringify((result as { data?: unknown }).data ?? null)).toBe(302)
	const id = (result as Response).headers.get('Location')!.split('/').pop()!
	return id
}

describe('/admin/produtos', () => {
	test('customers are refused; nothing is created', async () => {
		expect(statusOf(await call(listLoader, '/admin/produtos', customer.cookie))).toBe(302)
		const before = (await db.select().from(products)).length
		expect(statusOf(await call(newAction, '/admin/produtos/novo', customer.cookie, newProductForm()))).toBe(302)
		expect((await db.select().from(products)).length).toBe(before)
	})

	test('a product with two options gets four variants, a generated handle, a sanitised description, stock history and its collection', async () => {
		const id = await create()
		const [product] = await db.select().from(products).where(eq(products.id, id))
		expect(product).toMatchObject({ handle: 'laco-festa-junina', status: 'active', tags: ['laço', 'festa'], version: 1 })
		expect(product!.descriptionHtml).not.toMatch(/script|onerror/)
		expect(product!.descriptionHtml).toContain('<strong>xadrez</strong>')
		expect(product!.description).toBe('Laço xadrez')
		const variants = await db.select().from(productVariants).where(eq(productVariants.productId, id))
		expect(variants.map((v) => [v.title, v.priceCents, v.stock]).sort()).toEqual([
			['G / Azul', 2990, 5],
			['G / Vermelho', 2990, 5],
			['P / Azul', 2990, 5],
			['P / Vermelho', 2990, 5],
		])
		expect((await db.select().from(stockAdjustments)).filter((a) => variants.some((v) => v.id === a.variantId))).toHaveLength(4)
		const [member] = await queryRows(
			sql`select 1 from collection_products where product_id = ${id}::uuid and collection_id = ${collectionId}::uuid`,
		)
		expect(member).toBeTruthy()

		// The same title again: its handle is taken, the answer says so beside the field.
		const again = await call(newAction, '/admin/produtos/novo', admin.cookie, newProductForm())
		expect(statusOf(again)).toBe(400)
		expect(errorsOf(again)).toEqual({ handle: 'Este endereço já é usado por outro produto.' })

		// Listed, found by search and by the collection filter.
		const list = (await call(listLoader, '/admin/produtos?q=junina&colecao=lacos', admin.cookie)) as {
			rows: { id: string; variantCount: number }[]
		}
		expect(list.rows.map((r) => [r.id, r.variantCount])).toEqual([[id, 4]])
	})

	test('bad input is refused beside its field with everything typed kept; nothing is stored', async () => {
		const before = (await db.select().from(products)).length
		const bad = await call(
			newAction,
			'/admin/produtos/novo',
			admin.cookie,
			newProductForm({ title: '', price: 'caro', options: 'Tamanho P' }),
		)
		expect(statusOf(bad)).toBe(400)
		expect(errorsOf(bad)).toEqual({
			title: 'Informe o título.',
			price: 'Preço: use o formato 49,90.',
			options: "Linha 1: escreva como 'Tamanho: P, M, G'.",
		})
		expect((bad as { data: { values: { tags: string }; options: string } }).data).toMatchObject({
			values: { tags: 'laço, festa' },
			options: 'Tamanho P',
		})
		expect((await db.select().from(products)).length).toBe(before)
	})
})

describe('/admin/produtos/:productId', () => {
	async function editForm(id: string, overrides: Record<string, string> = {}) {
		const page = (await call(productLoader, `/admin/produtos/${id}`, admin.cookie, undefined, { productId: id })) as {
			product: { version: number; variants: { id: string; title: string; priceCents: number; stock: number | null }[] }
		}
		const form: Array<[string, string]> = [
			['intent', 'save'],
			['version', String(page.product.version)],
			['title', 'Laço Junino'],
			['handle', 'laco-junino'],
			['descriptionHtml', '<p>Novo</p>'],
			['productType', 'Laço'],
			['tags', 'laço'],
			['status', 'active'],
		]
		page.product.variants.forEach((v, i) => {
			form.push(
				[`variant.${i}.id`, v.id],
				[`variant.${i}.title`, v.title],
				[`variant.${i}.price`, '19,90'],
				[`variant.${i}.compareAtPrice`, ''],
			)
			form.push(
				[`variant.${i}.sku`, ''],
				[`variant.${i}.stock`, String(v.stock ?? '')],
				[`variant.${i}.available`, 'on'],
				[`variant.${i}.imageId`, ''],
			)
		})
		return form.map(([k, v]): [string, string] => [k, overrides[k] ?? v])
	}
	const save = (id: string, form: Array<[string, string]>) =>
		call(productAction, `/admin/produtos/${id}`, admin.cookie, form, { productId: id })

	test('a rename keeps the old address as a 301; prices change; a stale form is refused as a conflict', async () => {
		const id = await create({ title: 'Laço Renomear' })
		const form = await editForm(id)
		expect(statusOf(await save(id, form))).toBe(302)
		const [product] = await db.select().from(products).where(eq(products.id, id))
		expect(product).toMatchObject({ handle: 'laco-junino', title: 'Laço Junino', version: 2 })
		expect((await db.select().from(productVariants).where(eq(productVariants.productId, id))).every((v) => v.priceCents === 1990)).toBe(
			true,
		)
		expect(await db.select().from(productHandleRedirects).where(eq(productHandleRedirects.productId, id))).toEqual([
			expect.objectContaining({ handle: 'laco-renomear' }),
		])
		const old = await call(storefrontLoader, '/produto/laco-renomear', '', undefined, { handle: 'laco-renomear' })
		expect(statusOf(old)).toBe(301)
		expect((old as Response).headers.get('Location')).toBe('/produto/laco-junino')

		// The same form again carries version 1: someone else saved since.
		const stale = await save(id, form)
		expect(statusOf(stale)).toBe(409)
		expect(errorsOf(stale).form).toBe('Este produto foi alterado por outra pessoa. Recarregue a página para ver a versão atual.')
		expect((await db.select().from(products).where(eq(products.id, id)))[0]?.version).toBe(2)
	})

	test("another product's variant id in the form is ignored", async () => {
		const mine = await create({ title: 'Laço Meu' })
		const theirs = await create({ title: 'Laço Deles' })
		const [foreign] = await db.select().from(productVariants).where(eq(productVariants.productId, theirs))
		const form = await editForm(mine, { title: 'Laço Meu' })
		form.push(['variant.99.id', foreign!.id])
		const replaced = form.map(([k, v]): [string, string] => (k === 'variant.0.id' ? [k, foreign!.id] : [k, v]))
		expect(
			statusOf(
				await save(
					mine,
					replaced.map(([k, v]): [string, string] => [k, k === 'handle' ? 'laco-meu' : v]),
				),
			),
		).toBe(302)
		const [after] = await db.select().from(productVariants).where(eq(productVariants.id, foreign!.id))
		expect(after?.priceCents).toBe(2990)
	})

	test('a variant gets its own picture; a picture of another product is refused; blank goes back to the first', async () => {
		const id = await create({ title: 'Laço Foto', options: 'Cor: Rosa, Azul' })
		const other = await create({ title: 'Laço Alheio', options: '' })
		const [mine, foreign] = await db
			.insert(productImages)
			.values([
				{ productId: id, url: '/media/laco-azul.jpg', position: 0 },
				{ productId: other, url: '/media/alheio.jpg', position: 0 },
			])
			.returning({ id: productImages.id })
		const imageOf = async () =>
			(await db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(productVariants.position)).map(
				(v) => v.imageId,
			)
		expect(statusOf(await save(id, await editForm(id, { title: 'Laço Foto', handle: '', 'variant.1.imageId': mine!.id })))).toBe(302)
		expect(await imageOf()).toEqual([null, mine!.id])
		expect(
			statusOf(
				await save(
					id,
					await editForm(id, { title: 'Laço Foto', handle: '', 'variant.1.imageId': foreign!.id, 'variant.0.imageId': 'nada' }),
				),
			),
		).toBe(302)
		expect(await imageOf()).toEqual([null, null])
	})

	test('stock adjustments: with a reason, never below zero, in the history', async () => {
		const id = await create({ title: 'Laço Estoque', options: '' })
		const [variant] = await db.select().from(productVariants).where(eq(productVariants.productId, id))
		const adjust = (delta: string, reason: string) =>
			call(
				productAction,
				`/admin/produtos/${id}`,
				admin.cookie,
				[
					['intent', 'adjust-stock'],
					['variantId', variant!.id],
					['delta', delta],
					['reason', reason],
				],
				{
					productId: id,
				},
			)
		expect(statusOf(await adjust('-6', 'Avaria'))).toBe(400)
		expect(errorsOf(await adjust('x', ''))).toEqual({
			delta: 'Quantidade: informe um número inteiro (negativo para tirar).',
			reason: 'Informe o motivo.',
		})
		expect(statusOf(await adjust('+10', 'Reposição'))).toBe(302)
		expect(statusOf(await adjust('-3', 'Avaria'))).toBe(302)
		expect((await db.select().from(productVariants).where(eq(productVariants.id, variant!.id)))[0]?.stock).toBe(12)
		const history = await db.select().from(stockAdjustments).where(eq(stockAdjustments.variantId, variant!.id))
		expect(history.map((h) => [h.delta, h.stockAfter, h.reason]).sort()).toEqual(
			[
				[-3, 12, 'Avaria'],
				[10, 15, 'Reposição'],
				[5, 5, 'Estoque inicial'],
			].sort(),
		)
	})

	test('duplicate makes a draft copy; delete removes an unordered product and archives an ordered one', async () => {
		const id = await create({ title: 'Laço Duplicar' })
		const dup = await call(productAction, `/admin/produtos/${id}`, admin.cookie, [['intent', 'duplicate']], { productId: id })
		const copyId = (dup as Response).headers.get('Location')!.split('/').pop()!
		expect((await db.select().from(products).where(eq(products.id, copyId)))[0]).toMatchObject({
			handle: 'laco-duplicar-copia',
			status: 'draft',
		})
		expect(await db.select().from(productVariants).where(eq(productVariants.productId, copyId))).toHaveLength(4)

		expect(
			statusOf(await call(productAction, `/admin/produtos/${copyId}`, admin.cookie, [['intent', 'delete']], { productId: copyId })),
		).toBe(302)
		expect(await db.select().from(products).where(eq(products.id, copyId))).toHaveLength(0)

		const [order] = await queryRows<{ id: string }>(sql`
			insert into orders (reference, idempotency_key, customer_name, email, cpf, phone, cep, street, number, district, city, uf,
				shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method)
			values (${`PET-P${randomUUID().slice(0, 5).toUpperCase()}`}, ${randomUUID()}, 'Ana', 'ana@example.com', '52998224725', '11912345678',
				'01310100', 'Rua', '1', 'Centro', 'São Paulo', 'SP', 0, 2990, 0, 2990, 'pix') returning id`)
		await db.execute(sql`insert into order_lines (order_id, product_id, product_handle, product_title, variant_title, unit_price_cents, quantity, line_total_cents)
			values (${order!.id}::uuid, ${id}::uuid, 'laco-duplicar', 'Laço Duplicar', 'P / Azul', 2990, 1, 2990)`)
		expect(statusOf(await call(productAction, `/admin/produtos/${id}`, admin.cookie, [['intent', 'delete']], { productId: id }))).toBe(302)
		expect((await db.select().from(products).where(eq(products.id, id)))[0]?.status).toBe('archived')
	})

	test('options change: kept variants keep price and stock, new ones start at the first price with stock 0, gone ones are removed', async () => {
		const id = await create({ title: 'Laço Opções', options: 'Tamanho: P, G', price: '19,90', stock: '2' })
		const [before] = await db.select().from(products).where(eq(products.id, id))
		const post = (options: string, version = String(before!.version)) =>
			call(
				productAction,
				`/admin/produtos/${id}`,
				admin.cookie,
				[
					['intent', 'options'],
					['version', version],
					['options', options],
				],
				{ productId: id },
			)

		const bad = await post('Tamanho P M')
		expect(statusOf(bad)).toBe(400)
		expect((bad as { data: { errors: Record<string, string>; values: { options: string } } }).data).toMatchObject({
			errors: { options: "Linha 1: escreva como 'Tamanho: P, M, G'." },
			values: { options: 'Tamanho P M' },
		})
		const stale = await post('Tamanho: P, M', String(before!.version - 1))
		expect(statusOf(stale)).toBe(409)

		expect(statusOf(await post('Tamanho: P, M'))).toBe(302)
		const variants = await db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(productVariants.position)
		expect(variants.map((v) => [v.title, v.priceCents, v.stock])).toEqual([
			['P', 1990, 2],
			['M', 1990, 0],
		])
		const [after] = await db.select().from(products).where(eq(products.id, id))
		expect(after!.version).toBe(before!.version + 1)
		// The main form opened before is now stale: refused, not overwritten.
		expect(statusOf(await post('Tamanho: P', String(before!.version)))).toBe(409)
	})

	test('/admin/estoque lists tracked variants at or below the threshold and the latest adjustments', async () => {
		const id = await create({ title: 'Laço Pouco', options: '', stock: '2' })
		const page = (await call(stockLoader, '/admin/estoque', admin.cookie)) as {
			low: { productId: string; stock: number }[]
			recent: { productId: string; reason: string }[]
		}
		expect(page.low.filter((r) => r.productId === id)).toEqual([expect.objectContaining({ stock: 2 })])
		expect(page.recent.find((r) => r.productId === id)?.reason).toBe('Estoque inicial')
		expect(statusOf(await call(stockLoader, '/admin/estoque', customer.cookie))).toBe(302)
	})

	test('the low-stock threshold is the owner’s: the stock list and the product filter follow it; bad input keeps what was typed', async () => {
		const id = await create({ title: 'Laço Limite', options: '', stock: '6' })
		const lowIds = async () =>
			((await call(stockLoader, '/admin/estoque', admin.cookie)) as { low: { productId: string }[] }).low.map((r) => r.productId)
		expect(await lowIds()).not.toContain(id)
		const refused = await call(stockAction, '/admin/estoque', admin.cookie, [['lowStockThreshold', 'seis']])
		expect(statusOf(refused)).toBe(400)
		expect((refused as { data: unknown }).data).toEqual({ error: 'Informe o limite em unidades inteiras (0 a 10.000).', value: 'seis' })
		expect(statusOf(await call(stockAction, '/admin/estoque', customer.cookie, [['lowStockThreshold', '6']]))).toBe(302)
		expect(await lowIds()).not.toContain(id)

		expect(statusOf(await call(stockAction, '/admin/estoque', admin.cookie, [['lowStockThreshold', '6']]))).toBe(302)
		expect(await lowIds()).toContain(id)
		const list = (await call(listLoader, '/admin/produtos?estoque=baixo&q=limite', admin.cookie)) as {
			rows: { id: string; lowStock: boolean }[]
		}
		expect(list.rows.map((r) => [r.id, r.lowStock])).toEqual([[id, true]])
		await call(stockAction, '/admin/estoque', admin.cookie, [['lowStockThreshold', '3']])
	})
})
