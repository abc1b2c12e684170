import { readFileSync } from 'node:fs'
import { eq, inArray, like } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { brazilianStoreExport } from '#tests/fixtures/shopify/brazilian-store-export'
import { withDataDir } from '#tests/setup/with-data-dir'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { productImages, productOptions, products, productVariants, stockAdjustments } from '~/db/schema'
import { applyProductImport } from '~/server/catalog-admin/product-import.server'
import { parseCsvPrice } from '~/server/catalog-admin/shopify-csv'
import { parseShopifyProductCsv } from '~/server/catalog-admin/shopify-csv-reader.server'
import { db } from '~/server/db.server'
import { loader as exportLoader } from './products-export'
import { action } from './products-import'
import { action as uploadAction } from './products-import-file'

/**
 * The product CSV in the Shopify layout (issue 11): the check step reports what would be
 * created and changed and writes nothing; the import writes exactly that; the export is the
 * same layout and comes back in unchanged.
 */

withTestDatabase()
withDataDir()

let admin: { id: string; cookie: string }
let customer: { cookie: string }
beforeAll(async () => {
	admin = await userWithSession({ admin: true })
	customer = await userWithSession()
})

const context = { clientIp: '203.0.113.16', cspNonce: '' }
const HEADER =
	'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Position,Image Alt Text,Status'

type Answer = {
	error: string | null
	token: string
	plan: {
		items: Array<{ handle: string; action: string; changes: string[]; notes: string[]; skippedImages: number }>
		invalid: Array<{ handle: string; messages: string[] }>
	} | null
}

async function post(fields: Record<string, string | Blob>, cookie = admin.cookie) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	const request = new Request('http://loja.test/admin/produtos/importar', { method: 'POST', body: form, headers: { cookie } })
	try {
		return await action({ request, params: {}, context } as never)
	} catch (thrown) {
		return thrown
	}
}
const answerOf = (result: unknown) => (result as { data: Answer }).data
const check = async (csv: string) => answerOf(await post({ intent: 'check', file: new File([csv], 'produtos.csv', { type: 'text/csv' }) }))

describe('product CSV import', () => {
	test('the file rules: prices in either decimal style, one product over several rows, problems named by line', async () => {
		expect([parseCsvPrice('29.90'), parseCsvPrice('29,9'), parseCsvPrice('1.234,56'), parseCsvPrice('R$ 5'), parseCsvPrice('abc')]).toEqual(
			[2990, 2990, 123456, 500, null],
		)
		const parsed = await parseShopifyProductCsv(
			[
				HEADER,
				'laco-a,Laço A,<p>Oi</p>,,Laço,"laço, festa",TRUE,Tamanho,P,,,LA-P,shopify,3,19.90,,,,,active',
				'laco-a,,,,,,,,G,,,LA-G,shopify,1,"21,90",,,,,',
				'laco-b,Laço B,,,,,,Tamanho,P,,,,,,grátis,,,,,',
				',,,,,,,,,,,,,,10.00,,,,,',
			].join('\n'),
		)
		if (!parsed.ok) throw new Error(parsed.message)
		expect(parsed.products.map((p) => [p.handle, p.variants.map((v) => [v.title, v.priceCents, v.stock])])).toEqual([
			[
				'laco-a',
				[
					['P', 1990, 3],
					['G', 2190, 1],
				],
			],
		])
		expect(parsed.invalid.map((i) => i.messages)).toEqual([
			["Linha 4: preço inválido 'grátis'. Use 29.90 ou 29,90."],
			['Linha 5: sem Handle nem título com letras ou números.'],
		])
		expect(await parseShopifyProductCsv('nome,preco\nA,1')).toEqual({
			ok: false,
			message: "As colunas 'Handle' e 'Title' não foram encontradas. Use o CSV de produtos exportado do Shopify.",
		})
	})

	test('check reports creations and every change and writes nothing; import writes exactly that, once', async () => {
		const existing = await createProduct({
			title: 'Gravata Listrada',
			handle: 'gravata-listrada',
			options: [{ name: 'Tamanho', values: ['P', 'M'] }],
			variants: [
				{ priceCents: 2990, stock: 5, selectedOptions: [{ name: 'Tamanho', value: 'P' }] },
				{ priceCents: 2990, stock: 5, selectedOptions: [{ name: 'Tamanho', value: 'M' }] },
			],
		})
		const csv = [
			HEADER,
			'gravata-listrada,Gravata Listrada Nova,,,,,,Tamanho,P,,,,shopify,8,34.90,39.90,,,,',
			'gravata-listrada,,,,,,,,G,,,GL-G,shopify,2,36.90,,,,,',
			'bandana-importada,Bandana Importada,<p>Algodão <script>alert(1)</script></p>,,Bandana,verão,TRUE,Tamanho,P,Cor,Azul,BI-PA,shopify,4,29.90,,https://cdn.shopify.com/x.jpg,1,Bandana azul,active',
			'bandana-importada,,,,,,,,G,,Azul,BI-GA,,,31.90,,,,,',
		].join('\n')
		const before = await db.select({ id: products.id }).from(products)
		const checked = await check(csv)
		expect(checked.error).toBeNull()
		expect(checked.plan?.invalid).toEqual([])
		expect(checked.plan?.items).toEqual([
			{
				line: 2,
				handle: 'gravata-listrada',
				title: 'Gravata Listrada Nova',
				action: 'update',
				changes: [
					'Título: Gravata Listrada → Gravata Listrada Nova',
					'Preço P: R$ 29,90 → R$ 34,90',
					'Preço de comparação P: — → R$ 39,90',
					'Estoque P: 5 → 8',
					'Nova variante G: R$ 36,90',
				],
				notes: [],
				skippedImages: 0,
			},
			{
				line: 4,
				handle: 'bandana-importada',
				title: 'Bandana Importada',
				action: 'create',
				changes: ['2 variantes, a partir de R$ 29,90'],
				notes: [],
				skippedImages: 1,
			},
		])
		expect(await db.select({ id: products.id }).from(products)).toHaveLength(before.length)

		const imported = await post({ intent: 'import', token: checked.token, fileName: 'produtos.csv' })
		expect((imported as Response).status).toBe(302)
		const [created] = await db.select().from(products).where(eq(products.handle, 'bandana-importada'))
		expect(created?.descriptionHtml).toBe('<p>Algodão </p>')
		expect(created?.tags).toEqual(['verão'])
		const createdVariants = await db
			.select()
			.from(productVariants)
			.where(eq(productVariants.productId, created!.id))
			.orderBy(productVariants.position)
		expect(createdVariants.map((v) => [v.title, v.priceCents, v.sku, v.stock])).toEqual([
			['P / Azul', 2990, 'BI-PA', 4],
			['G / Azul', 3190, 'BI-GA', null],
		])
		expect(
			(await db.select().from(productOptions).where(eq(productOptions.productId, created!.id))).map((o) => [o.name, o.values]),
		).toEqual([
			['Tamanho', ['P', 'G']],
			['Cor', ['Azul']],
		])
		expect(await db.select().from(productImages).where(eq(productImages.productId, created!.id))).toEqual([])

		const updated = await db
			.select()
			.from(productVariants)
			.where(eq(productVariants.productId, existing.product.id))
			.orderBy(productVariants.position)
		expect(updated.map((v) => [v.title, v.priceCents, v.compareAtPriceCents, v.stock])).toEqual([
			['P', 3490, 3990, 8],
			['M', 2990, null, 5],
			['G', 3690, null, 2],
		])
		const [option] = await db.select().from(productOptions).where(eq(productOptions.productId, existing.product.id))
		expect(option?.values).toEqual(['P', 'M', 'G'])
		const adjustments = await db
			.select()
			.from(stockAdjustments)
			.where(
				inArray(
					stockAdjustments.variantId,
					updated.map((v) => v.id),
				),
			)
		expect(adjustments.map((a) => [a.delta, a.stockAfter, a.reason]).sort()).toEqual([
			[2, 2, 'Importação de CSV'],
			[3, 8, 'Importação de CSV'],
		])

		// The same file again: nothing left to change.
		const again = await check(csv)
		expect(again.plan?.items.map((i) => i.action)).toEqual(['unchanged', 'unchanged'])
	})

	test('refused: options that differ from the shop’s, a new product without title; a SKU of another product is left out, said; a customer', async () => {
		await createProduct({
			title: 'Coleira Couro',
			handle: 'coleira-couro',
			options: [{ name: 'Cor', values: ['Preta'] }],
			variants: [{ selectedOptions: [{ name: 'Cor', value: 'Preta' }] }],
		})
		const other = await createProduct({ title: 'Outro SKU', variants: [{}] })
		await db.update(productVariants).set({ sku: 'USADO-1' }).where(eq(productVariants.productId, other.product.id))
		const checked = await check(
			[
				HEADER,
				'coleira-couro,,,,,,,Tamanho,P,,,,,,10.00,,,,,',
				'sem-titulo,,,,,,,,,,,,,,10.00,,,,,',
				'sku-repetido,SKU Repetido,,,,,,,,,,USADO-1,,,10.00,,,,,',
			].join('\n'),
		)
		expect(checked.plan?.items.map((i) => [i.handle, i.action, i.notes])).toEqual([
			['sku-repetido', 'create', ['Linha 4: o SKU USADO-1 já é de outro produto ou variante da loja; esta variante fica sem SKU.']],
		])
		expect(checked.plan?.invalid.map((i) => [i.handle, i.messages[0]])).toEqual([
			['coleira-couro', 'Linha 2: as opções na loja são (Cor) e no arquivo (Tamanho). Mude as opções na página do produto.'],
			['sem-titulo', 'Linha 3: produto novo sem título.'],
		])
		const refused = await post({ intent: 'check', file: new File(['Handle\nx'], 'a.csv') }, customer.cookie)
		expect([302, 403]).toContain(refused instanceof Response ? refused.status : 200)
	})

	test('the export is the same layout, and importing it back changes nothing', async () => {
		await createProduct({
			title: '=Laço Fórmula',
			handle: 'laco-formula',
			options: [{ name: 'Cor', values: ['Rosa', 'Azul'] }],
			variants: [
				{ priceCents: 1990, stock: 2, selectedOptions: [{ name: 'Cor', value: 'Rosa' }] },
				{ priceCents: 2090, selectedOptions: [{ name: 'Cor', value: 'Azul' }] },
			],
			images: 1,
		})
		const response = (await exportLoader({
			request: new Request('http://loja.test/admin/produtos/exportar.csv', { headers: { cookie: admin.cookie } }),
			params: {},
			context,
		} as never)) as Response
		expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		const csv = await response.text()
		expect(csv.split('\n')[0]).toContain('Handle,Title,Body (HTML),Vendor')
		expect(csv).toContain("laco-formula,'=Laço Fórmula")
		expect(csv).toMatch(/\nlaco-formula,,,,,,,,,Azul,/)
		const checked = await check(csv)
		expect(checked.plan?.invalid).toEqual([])
		expect(new Set(checked.plan?.items.map((i) => i.action))).toEqual(new Set(['unchanged']))
	})

	test('real Shopify exports: check then import, every product kept, per-line report, no 5xx; a second check finds nothing to change', async () => {
		const files = [
			{ name: 'packt-products-export.csv', csv: readFileSync('tests/fixtures/shopify/packt-products-export.csv', 'utf8'), products: 20 },
			// The first 50 of the 213 products hold every case (the parser's unit test reads all 213): CI time.
			{ name: 'loja-brasileira.csv', csv: brazilianStoreExport(50), products: 50 },
		]
		const reports: Answer[] = []
		for (const file of files) {
			const checked = await check(file.csv)
			reports.push(checked)
			expect(checked.error, file.name).toBeNull()
			expect(checked.plan?.invalid, file.name).toEqual([])
			expect(checked.plan?.items.filter((i) => i.action === 'create'), file.name).toHaveLength(file.products)
			const imported = await post({ intent: 'import', token: checked.token, fileName: file.name })
			expect(imported instanceof Response ? imported.status : (imported as { init?: { status?: number } }).init?.status, file.name).toBe(302)
			const again = await check(file.csv)
			expect(new Set(again.plan?.items.map((i) => i.action)), file.name).toEqual(new Set(['unchanged']))
		}

		const brazilian = reports[1]!.plan!.items
		const notes = brazilian.flatMap((i) => i.notes)
		expect(notes).toContain('Linha 23: caracteres de controle removidos de Title.')
		expect(notes.filter((n) => n.endsWith('esta variante fica sem SKU.'))).toHaveLength(10)
		expect(notes.filter((n) => n.includes("('continue')"))).toHaveLength(28)

		const longHandles = await db.select().from(products).where(like(products.handle, 'bandana-personalizada-para-caes-%'))
		expect(longHandles).toHaveLength(6)
		expect(longHandles.every((p) => p.handle.length > 120 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(p.handle))).toBe(true)
		const [withNul] = await db.select().from(products).where(eq(products.title, 'Brinquedo Xadrez Vermelho nº 8'))
		expect(withNul?.vendor).toBe('Miau Têxtil')
		expect(withNul?.descriptionHtml).toContain('</p>\n<ul>')
		expect(withNul?.descriptionHtml).not.toContain('\r')
		// 'deny' keeps the file's counts; 'continue' (sell when out of stock) is a variant whose stock is not tracked.
		const continuing = await db.select().from(productVariants).where(eq(productVariants.productId, withNul!.id))
		expect(continuing.map((v) => v.stock)).toEqual([7 * 7 % 25, (7 * 7 + 3) % 25, (7 * 7 + 6) % 25])
		const [first] = await db.select().from(products).where(eq(products.handle, 'laco-listrado-pessego-11'))
		expect((await db.select().from(productVariants).where(eq(productVariants.productId, first!.id))).map((v) => v.stock)).toEqual([
			null,
			null,
			null,
		])
		expect(brazilian.find((i) => i.handle === 'laco-listrado-pessego-11')?.notes).toEqual([
			"Linha 32: continua vendendo sem estoque ('continue'): estoque não controlado (quantidade 20 do arquivo não usada).",
			"Linha 33: continua vendendo sem estoque ('continue'): estoque não controlado (quantidade -2 do arquivo não usada).",
			"Linha 34: continua vendendo sem estoque ('continue'): estoque não controlado (quantidade 1 do arquivo não usada).",
		])
	})

	test('a product the database refuses is listed by line; the others of the file are kept', async () => {
		const draft = (handle: string, priceCents: number) => ({
			line: 2,
			handle,
			title: handle,
			descriptionHtml: null,
			vendor: null,
			productType: null,
			tags: null,
			status: null,
			optionNames: [],
			variants: [{ line: 2, selectedOptions: [], title: 'Padrão', priceCents, compareAtPriceCents: null, sku: null, weightGrams: null, stock: null }],
			images: [],
			notes: [],
		})
		const result = await applyProductImport([draft('recusado-pelo-banco', -1), draft('gravado-apesar-do-outro', 990)], admin.id)
		expect(result).toEqual({
			created: 1,
			updated: 0,
			failed: [{ line: 2, handle: 'recusado-pelo-banco', message: 'o banco de dados recusou este produto; os outros foram importados.' }],
		})
		expect(await db.select().from(products).where(eq(products.handle, 'recusado-pelo-banco'))).toEqual([])
		expect(await db.select().from(products).where(eq(products.handle, 'gravado-apesar-do-outro'))).toHaveLength(1)
	})
})

describe('the CSV sent first on its own, with progress (decision 122)', () => {
	async function send(body: BodyInit | null, options: { cookie?: string; headers?: Record<string, string>; name?: string } = {}) {
		const url = `http://loja.test/admin/produtos/importar/arquivo?nome=${encodeURIComponent(options.name ?? 'products_export_1.csv')}`
		const request = new Request(url, {
			method: 'POST',
			body,
			headers: { cookie: options.cookie ?? admin.cookie, 'content-type': 'text/csv', ...options.headers },
			...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
		} as RequestInit)
		try {
			const result = (await uploadAction({ request, params: {}, context } as never)) as { data: unknown; init: ResponseInit | null }
			return { status: result.init?.status ?? 200, body: result.data as Record<string, unknown> }
		} catch (thrown) {
			return { status: (thrown as Response).status, body: null }
		}
	}

	test('a real export streams to the stash; its token is checked like a file; a customer is refused', async () => {
		const csv = brazilianStoreExport(20)
		const sent = await send(csv, { name: 'loja\u0000-brasileira.csv' })
		expect(sent).toEqual({ status: 200, body: { ok: true, token: expect.any(String), fileName: 'loja-brasileira.csv' } })
		const checked = answerOf(await post({ intent: 'check', token: String(sent.body?.token), fileName: 'loja-brasileira.csv' }))
		expect(checked.error).toBeNull()
		expect(checked.plan?.items).toHaveLength(20)
		expect(checked.token).toBe(sent.body?.token)
		expect([302, 403]).toContain((await send(csv, { cookie: customer.cookie })).status)
	})

	test('over 20 MB: 413 in Portuguese, whether declared or streamed without a length, and nothing is kept', async () => {
		// The stash is in the shop's storage (decision 132): what it holds, read through the driver.
		const { getStorageBackend } = await import('~/server/storage.server')
		const stashed = async () => {
			const keys: string[] = []
			for await (const object of getStorageBackend().bucket('product-imports').list()) keys.push(object.key)
			return keys.sort()
		}
		// One kept file first: the listing is shown to read where the stash really is.
		expect((await send(brazilianStoreExport(1))).status).toBe(200)
		const before = await stashed()
		expect(before.length).toBeGreaterThan(0)
		const declared = await send('x', { headers: { 'content-length': String(21 * 1024 * 1024) } })
		expect(declared).toEqual({ status: 413, body: { ok: false, title: 'Arquivo muito grande', message: 'O arquivo é grande demais (máximo 20 MB).' } })
		const chunk = new Uint8Array(1024 * 1024).fill(65)
		let sentChunks = 0
		const stream = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (sentChunks++ < 21) controller.enqueue(chunk)
				else controller.close()
			},
		})
		const streamed = await send(stream)
		expect(streamed.status).toBe(413)
		expect(await stashed()).toEqual(before)
	})
})
