import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { productImages, productOptions, products, productVariants, stockAdjustments } from '~/db/schema'
import { parseCsvPrice, parseShopifyProductCsv } from '~/server/catalog-admin/shopify-csv'
import { db } from '~/server/db.server'
import { loader as exportLoader } from './products-export'
import { action } from './products-import'

/**
 * The product CSV in the Shopify layout (issue 11): the check step reports what would be
 * created and changed and writes nothing; the import writes exactly that; the export is the
 * same layout and comes back in unchanged.
 */

withTestDatabase()

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
	csv: string
	plan: {
		items: Array<{ handle: string; action: string; changes: string[]; skippedImages: number }>
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
	test('the file rules: prices in either decimal style, one product over several rows, problems named by line', () => {
		expect([parseCsvPrice('29.90'), parseCsvPrice('29,9'), parseCsvPrice('1.234,56'), parseCsvPrice('R$ 5'), parseCsvPrice('abc')]).toEqual(
			[2990, 2990, 123456, 500, null],
		)
		const parsed = parseShopifyProductCsv(
			[
				HEADER,
				'laco-a,Laço A,<p>Oi</p>,,Laço,"laço, festa",TRUE,Tamanho,P,,,LA-P,shopify,3,19.90,,,,,active',
				'laco-a,,,,,,,,G,,,LA-G,shopify,1,"21,90",,,,,',
				'laco-b,Laço B,,,,,,Tamanho,P,,,,,,grátis,,,,,',
				',Sem handle,,,,,,,,,,,,,10.00,,,,,',
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
			['Linha 5: sem Handle.'],
		])
		expect(parseShopifyProductCsv('nome,preco\nA,1')).toEqual({
			ok: false,
			message: "A coluna 'Handle' não foi encontrada. Use o modelo de CSV de produtos do Shopify.",
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
				skippedImages: 0,
			},
			{
				line: 4,
				handle: 'bandana-importada',
				title: 'Bandana Importada',
				action: 'create',
				changes: ['2 variantes, a partir de R$ 29,90'],
				skippedImages: 1,
			},
		])
		expect(await db.select({ id: products.id }).from(products)).toHaveLength(before.length)

		const imported = await post({ intent: 'import', csv: checked.csv, fileName: 'produtos.csv' })
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

	test('refused: options that differ from the shop’s, a SKU of another product, a new product without title; a customer', async () => {
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
		expect(checked.plan?.items).toEqual([])
		expect(checked.plan?.invalid.map((i) => [i.handle, i.messages[0]])).toEqual([
			['coleira-couro', 'Linha 2: as opções na loja são (Cor) e no arquivo (Tamanho). Mude as opções na página do produto.'],
			['sem-titulo', 'Linha 3: produto novo sem título.'],
			['sku-repetido', 'Linha 4: o SKU USADO-1 já é de outro produto ou variante da loja.'],
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
})
