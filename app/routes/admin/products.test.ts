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

/** The option chips as the editor posts them, from 'Tamanho: P, G' lines: option.N.name and one option.N.value per chip. */
function optionFields(lines: string): Array<[string, string]> {
	return lines
		.split('\n')
		.filter(Boolean)
		.flatMap((line, i): Array<[string, string]> => {
			const [name = '', values = ''] = line.split(':')
			return [
				[`option.${i}.name`, name.trim()],
				...values
					.split(',')
					.map((v) => v.trim())
					.filter(Boolean)
					.map((v): [string, string] => [`option.${i}.value`, v]),
			]
		})
}

function newProductForm(overrides: Record<string, string> = {}): Array<[string, string]> {
	const { options = 'Tamanho: P, G\nCor: Vermelho, Azul', ...rest } = overrides
	const fields = {
		title: 'Laço Festa Junina',
		handle: '',
		descriptionHtml: '<p>Laço <strong>xadrez</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
		productType: 'Laço',
		tags: 'laço, festa',
		price: '29,90',
		compareAtPrice: '',
		stock: '5',
		sku: '',
		...rest,
	}
	return [...Object.entries(fields), ...optionFields(options), ['collectionId', collectionId]]
}

/** A new product (a draft), then published as the owner would once it has a picture (unless `draft`). */
async function create(overrides: Record<string, string> = {}, { draft = false } = {}) {
	const result = await call(newAction, '/admin/produtos/novo', admin.cookie, newProductForm(overrides))
	expect(statusOf(result), JSON.stringify((result as { data?: unknown }).data ?? null)).toBe(302)
	const id = (result as Response).headers.get('Location')!.split('/').pop()!
	if (!draft) await db.update(products).set({ status: 'active' }).where(eq(products.id, id))
	return id
}

type ActivityRow = { kind: string; actor_id: string | null; ip: string | null; subject_type: string; subject_id: string | null; subject_label: string; before: unknown; after: unknown }
const activityOf = (subjectId: string) =>
	queryRows<ActivityRow>(
		sql`select kind, actor_id, host(ip) as ip, subject_type, subject_id, subject_label, before, after from activity_log
			where subject_id = ${subjectId} order by seq`,
	)

describe('/admin/produtos', () => {
	test('customers are refused; nothing is created', async () => {
		expect(statusOf(await call(listLoader, '/admin/produtos', customer.cookie))).toBe(302)
		const before = (await db.select().from(products)).length
		expect(statusOf(await call(newAction, '/admin/produtos/novo', customer.cookie, newProductForm()))).toBe(302)
		expect((await db.select().from(products)).length).toBe(before)
	})

	test('a product with two options gets four variants, a generated handle, a sanitised description, stock history and its collection', async () => {
		const id = await create({}, { draft: true })
		const [product] = await db.select().from(products).where(eq(products.id, id))
		// Issue 30: a new product is a draft, whatever status is posted.
		expect(product).toMatchObject({ handle: 'laco-festa-junina', status: 'draft', tags: ['laço', 'festa'], version: 1 })
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
			newProductForm({ title: '', price: 'caro', options: 'Tamanho' }),
		)
		expect(statusOf(bad)).toBe(400)
		expect(errorsOf(bad)).toEqual({
			title: 'Informe o título.',
			price: 'Preço: use o formato 49,90.',
			options: 'Opção 1 (Tamanho): adicione ao menos um valor.',
		})
		expect((bad as { data: { values: { tags: string }; options: unknown } }).data).toMatchObject({
			values: { tags: 'laço, festa' },
			options: [{ name: 'Tamanho', values: [] }],
		})
		expect((await db.select().from(products)).length).toBe(before)
	})
})

describe('/admin/produtos/:productId', () => {
	async function editForm(id: string, overrides: Record<string, string> = {}) {
		const page = (await call(productLoader, `/admin/produtos/${id}`, admin.cookie, undefined, { productId: id })) as {
			product: {
				version: number
				options: { name: string; values: string[] }[]
				variants: { id: string; title: string; priceCents: number; stock: number | null }[]
			}
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
		form.push(...optionFields(page.product.options.map((o) => `${o.name}: ${o.values.join(', ')}`).join('\n')))
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
		// Issue 30: the deletion is in the activity log with what the product was.
		expect((await activityOf(copyId)).at(-1)).toMatchObject({
			kind: 'product',
			actor_id: admin.id,
			ip: '203.0.113.12',
			subject_label: 'Laço Duplicar (cópia)',
			before: { title: 'Laço Duplicar (cópia)', handle: 'laco-duplicar-copia', status: 'draft' },
			after: null,
		})

		const [order] = await queryRows<{ id: string }>(sql`
			insert into orders (reference, idempotency_key, customer_name, email, cpf, phone, cep, street, number, district, city, uf,
				shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method)
			values (${`PET-P${randomUUID().slice(0, 5).toUpperCase()}`}, ${randomUUID()}, 'Ana', 'ana@example.com', '52998224725', '11912345678',
				'01310100', 'Rua', '1', 'Centro', 'São Paulo', 'SP', 0, 2990, 0, 2990, 'pix') returning id`)
		await db.execute(sql`insert into order_lines (order_id, product_id, product_handle, product_title, variant_title, unit_price_cents, quantity, line_total_cents)
			values (${order!.id}::uuid, ${id}::uuid, 'laco-duplicar', 'Laço Duplicar', 'P / Azul', 2990, 1, 2990)`)
		expect(statusOf(await call(productAction, `/admin/produtos/${id}`, admin.cookie, [['intent', 'delete']], { productId: id }))).toBe(302)
		expect((await db.select().from(products).where(eq(products.id, id)))[0]?.status).toBe('archived')
		expect((await activityOf(id)).at(-1)).toMatchObject({ kind: 'product', before: { status: 'active' }, after: { status: 'archived' } })
	})

	test('options change with the one save: kept variants keep price and stock, new ones start at the first price with stock 0, gone ones are removed', async () => {
		const id = await create({ title: 'Laço Opções', options: 'Tamanho: P, G', price: '19,90', stock: '2' })
		const [before] = await db.select().from(products).where(eq(products.id, id))
		const withOptions = async (options: Array<[string, string]>, version = String(before!.version)) => {
			const form = (await editForm(id, { title: 'Laço Opções', handle: '', version })).filter(([k]) => !k.startsWith('option.'))
			return save(id, [...form, ...options])
		}

		// A value typed and not yet a chip (no Enter) is kept: 'M' comes from option.0.pending.
		const bad = await withOptions([['option.0.name', 'Tamanho'], ['option.1.name', 'Cor']])
		expect(statusOf(bad)).toBe(400)
		expect((bad as { data: { errors: Record<string, string>; options: unknown } }).data).toMatchObject({
			errors: { options: 'Opção 1 (Tamanho): adicione ao menos um valor.' },
			options: [
				{ name: 'Tamanho', values: [] },
				{ name: 'Cor', values: [] },
			],
		})
		const stale = await withOptions([['option.0.name', 'Tamanho'], ['option.0.value', 'P']], String(before!.version - 1))
		expect(statusOf(stale)).toBe(409)

		const saved = await withOptions([
			['option.0.name', 'Tamanho'],
			['option.0.value', 'P'],
			['option.0.pending', 'M'],
		])
		expect(statusOf(saved)).toBe(302)
		const variants = await db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(productVariants.position)
		// The posted prices (19,90 → 19,90 for the kept one) and the new variant at the first's.
		expect(variants.map((v) => [v.title, v.priceCents, v.stock])).toEqual([
			['P', 1990, 2],
			['M', 1990, 0],
		])
		const [after] = await db.select().from(products).where(eq(products.id, id))
		expect(after!.version).toBe(before!.version + 1)
		// The form opened before is now stale: refused, not overwritten.
		expect(statusOf(await withOptions([['option.0.name', 'Tamanho'], ['option.0.value', 'P']]))).toBe(409)
	})

	test('one save: fields, the pictures’ order, alt texts and a removal together; another product’s picture is untouched', async () => {
		const id = await create({ title: 'Laço Galeria', options: '' })
		const other = await create({ title: 'Laço Vizinho', options: '' })
		const [a, b, c, foreign] = await db
			.insert(productImages)
			.values([
				{ productId: id, url: '/media/a.jpg', position: 0 },
				{ productId: id, url: '/media/b.jpg', position: 1 },
				{ productId: id, url: '/media/c.jpg', position: 2 },
				{ productId: other, url: '/media/vizinho.jpg', position: 0 },
			])
			.returning({ id: productImages.id })
		const form = await editForm(id, { title: 'Laço Galeria', handle: '', tags: 'galeria' })
		form.push(
			['image.0.id', c!.id],
			['image.0.alt', 'Laço visto de cima'],
			['image.1.id', a!.id],
			['image.1.alt', ''],
			['image.2.id', foreign!.id],
			['image.2.alt', 'roubada'],
			['imageRemove', b!.id],
		)
		const saved = await save(id, form)
		expect(statusOf(saved)).toBe(302)
		const images = await db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(productImages.position)
		expect(images.map((i) => [i.id, i.altText])).toEqual([
			[c!.id, 'Laço visto de cima'],
			[a!.id, null],
		])
		expect((await db.select().from(products).where(eq(products.id, id)))[0]?.tags).toEqual(['galeria'])
		expect((await db.select().from(productImages).where(eq(productImages.id, foreign!.id)))[0]).toMatchObject({ productId: other, altText: null })

		// A bad alt text refuses the whole save: nothing of it is stored.
		const long = await editForm(id, { title: 'Laço Galeria', handle: '', tags: 'outra' })
		long.push(['image.0.id', a!.id], ['image.0.alt', 'x'.repeat(201)])
		const refused = await save(id, long)
		expect(statusOf(refused)).toBe(400)
		expect(errorsOf(refused).images).toBe('O texto alternativo deve ter no máximo 200 caracteres.')
		expect((await db.select().from(products).where(eq(products.id, id)))[0]?.tags).toEqual(['galeria'])
	})

	test('a new product is a draft until it has a picture and a price; publishing earlier is refused and says what is missing', async () => {
		const created = await call(newAction, '/admin/produtos/novo', admin.cookie, newProductForm({ title: 'Laço Rascunho', options: '', price: '', stock: '' }))
		expect(statusOf(created)).toBe(302)
		const id = (created as Response).headers.get('Location')!.split('/').pop()!
		const [product] = await db.select().from(products).where(eq(products.id, id))
		expect(product?.status).toBe('draft')
		expect((await db.select().from(productVariants).where(eq(productVariants.productId, id))).map((v) => v.priceCents)).toEqual([0])
		// Not in the shop.
		expect(statusOf(await call(storefrontLoader, '/produto/laco-rascunho', '', undefined, { handle: 'laco-rascunho' }))).toBe(404)
		// The editor says why: no picture, no price (shown blank, not 0,00).
		const page = (await call(productLoader, `/admin/produtos/${id}`, admin.cookie, undefined, { productId: id })) as {
			product: { status: string }
			images: unknown[]
		}
		expect([page.product.status, page.images.length]).toEqual(['draft', 0])

		const publish = async (price: string) => {
			const form = (await editForm(id, { title: 'Laço Rascunho', handle: '', status: 'draft', 'variant.0.price': price })).concat([['publish', '1']])
			return save(id, form)
		}
		const early = await publish('')
		expect(statusOf(early)).toBe(400)
		expect(errorsOf(early)).toEqual({ 'variant.0.price': 'Informe o preço.' })
		const noPicture = await publish('24,90')
		expect(statusOf(noPicture)).toBe(400)
		expect(errorsOf(noPicture)).toEqual({ status: 'Para publicar, falta foto. O produto continua como rascunho.' })
		// Refused as a whole: the price typed with it is not stored either.
		expect((await db.select().from(productVariants).where(eq(productVariants.productId, id)))[0]?.priceCents).toBe(0)
		// Saved as a draft, the price may stay blank.
		expect(statusOf(await save(id, await editForm(id, { title: 'Laço Rascunho', handle: '', status: 'draft', 'variant.0.price': '' })))).toBe(302)

		await db.insert(productImages).values({ productId: id, url: '/media/rascunho.jpg', position: 0 })
		const noPrice = await save(
			id,
			(await editForm(id, { title: 'Laço Rascunho', handle: '', status: 'active', 'variant.0.price': '0,00' })),
		)
		expect(errorsOf(noPrice)).toEqual({ status: 'Para publicar, falta preço. O produto continua como rascunho.' })
		expect(statusOf(await publish('24,90'))).toBe(302)
		expect((await db.select().from(products).where(eq(products.id, id)))[0]?.status).toBe('active')
		expect(statusOf(await call(storefrontLoader, '/produto/laco-rascunho', '', undefined, { handle: 'laco-rascunho' }))).toBe(200)

		// Issue 30: created and published are in the activity log, by the admin, from their address.
		const entries = await activityOf(id)
		expect(entries.filter((e) => e.kind === 'product')).toEqual([
			expect.objectContaining({
				actor_id: admin.id,
				ip: '203.0.113.12',
				subject_type: 'product',
				subject_label: 'Laço Rascunho',
				before: null,
				after: { title: 'Laço Rascunho', handle: 'laco-rascunho', status: 'draft' },
			}),
			expect.objectContaining({ actor_id: admin.id, before: { status: 'draft' }, after: { status: 'active' } }),
		])
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
