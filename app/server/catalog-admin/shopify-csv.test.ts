import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { brazilianStoreExport, PRODUCT_COUNT } from '#tests/fixtures/shopify/brazilian-store-export'
import { cleanCell, shopHandle } from './shopify-csv-cells'
import { bodyLimitFor } from '../../../server/body-limit'
import { PRODUCT_CSV_MAX_BYTES, PRODUCT_IMPORT_BODY_BYTES, type ParsedProductCsv } from './shopify-csv'
import { parseShopifyProductCsv, readShopifyProductCsv } from './shopify-csv-reader.server'

/**
 * The Shopify product CSV's rules (issue 28, defect 4; decision 070), without a database: what
 * Shopify itself exports is taken within Shopify's limits, and what the import changes is said
 * per line.
 */

/** The database's rule for a handle (products_handle_format). */
const HANDLE_RULE = /^[a-z0-9]+(-[a-z0-9]+)*$/

const HEADER =
	'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Price,Status'

function ok(parsed: ParsedProductCsv) {
	if (!parsed.ok) throw new Error(parsed.message)
	return parsed
}

async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
	for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

describe('cells and handles', () => {
	test('Windows line breaks become \\n and control characters are removed, said', () => {
		expect(cleanCell('<p>a</p>\r\n<p>b</p>\r<p>c</p>')).toEqual({ text: '<p>a</p>\n<p>b</p>\n<p>c</p>', removedControls: false })
		expect(cleanCell('Laço\u0000 azul\u0007\t')).toEqual({ text: 'Laço azul\t', removedControls: true })
	})

	test('a handle keeps Shopify’s 255 characters, is cut at a word and never ends on a hyphen', () => {
		const head = 'bandana-personalizada-para-caes-'
		const at120 = `${head}${'x'.repeat(119 - head.length)}-edicao-limitada`
		expect(at120[119]).toBe('-')
		expect(shopHandle(at120, '')).toBe(at120)
		const long = Array.from({ length: 60 }, (_, i) => `palavra${i}`).join('-')
		const cut = shopHandle(long, '')
		expect(cut.length).toBeLessThanOrEqual(255)
		expect(long.startsWith(cut)).toBe(true)
		expect(cut).toMatch(HANDLE_RULE)
		expect(shopHandle(`${'a'.repeat(254)}-b-c`, '')).toBe('a'.repeat(254))
		expect(shopHandle('', 'Laço Cor-de-Rosa 🎀')).toBe('laco-cor-de-rosa')
		expect(shopHandle('🎀', '✨')).toBe('')
	})
})

describe('rows to products', () => {
	test("'Variant Grams' is the variant's weight (decision 086); blank or 0 keeps the type's default, nonsense is noted", async () => {
		const header = 'Handle,Title,Type,Option1 Name,Option1 Value,Variant Grams,Variant Price'
		const parsed = ok(
			await parseShopifyProductCsv(
				[header, 'bandana-a,Bandana A,Bandana,Tamanho,P,85,29.90', 'bandana-a,,,,M,120.0,29.90', 'bandana-a,,,,G,,29.90', 'bandana-a,,,,GG,0,29.90', 'bandana-a,,,,XG,pesado,29.90'].join(
					'\n',
				),
			),
		)
		const [bandana] = parsed.products
		expect(bandana?.variants.map((v) => v.weightGrams)).toEqual([85, 120, null, null, null])
		expect(bandana?.notes).toContain("Linha 6: peso inválido 'pesado' em Variant Grams; a variante fica com o peso padrão do tipo.")
	})

	test('Shopify’s own values are taken: long handles, option values up to 255, Vendor; changes are said per line', async () => {
		const handle = `${'bandana-xadrez-'.repeat(9)}vermelha`
		const longValue = 'P — pescoço de 20 a 30 cm, ideal para gatos e cães de porte mini'
		const parsed = ok(
			await parseShopifyProductCsv(
				[
					HEADER,
					`${handle},Bandana Xadrez,"<p>Linha 1</p>\r\n<p>Linha 2</p>",Ateliê Dona Fofa,Bandana,,TRUE,Tamanho,"${longValue}",BX-1,shopify,3,deny,29.90,active`,
					`${handle},,,,,,,,G,BX-2,shopify,-4,deny,31.90,`,
					`${handle},,,,,,,,G,BX-3,shopify,1,deny,31.90,`,
					'Laco-Rosa,Laço Rosa\u0000,,,,,,Title,Default Title,BX-1,shopify,7,continue,19.90,draft',
					`laco-azul,Laço Azul,,,,,,Tamanho,${'x'.repeat(256)},LA-1,,,deny,19.90,`,
				].join('\n'),
			),
		)
		expect(handle.length).toBeGreaterThan(120)
		const [bandana, laco] = parsed.products
		expect(bandana).toMatchObject({
			handle,
			vendor: 'Ateliê Dona Fofa',
			descriptionHtml: '<p>Linha 1</p>\n<p>Linha 2</p>',
			variants: [
				{ title: longValue, sku: 'BX-1', stock: 3 },
				{ title: 'G', sku: 'BX-2', stock: 0 },
			],
			notes: ['Linha 3: estoque -4 no arquivo; fica 0.', "Linha 4: a variante 'G' já está na linha 3; esta linha não foi importada."],
		})
		expect(laco).toMatchObject({
			handle: 'laco-rosa',
			title: 'Laço Rosa',
			status: 'draft',
			optionNames: [],
			variants: [{ title: 'Padrão', sku: null, stock: null }],
			notes: [
				"Linha 5: o Handle 'Laco-Rosa' fica 'laco-rosa'.",
				'Linha 5: caracteres de controle removidos de Title.',
				"Linha 5: continua vendendo sem estoque ('continue'): estoque não controlado (quantidade 7 do arquivo não usada).",
				'Linha 5: o SKU BX-1 já está na linha 2; esta variante fica sem SKU.',
			],
		})
		expect(parsed.invalid).toEqual([{ line: 6, handle: 'laco-azul', messages: ['Linha 6: valores de opção com até 255 caracteres.'] }])
	})

	test('the tracker column as Shopify means it: blank is not tracked; a file without it tracks a given quantity', async () => {
		const shopify = ok(await parseShopifyProductCsv(`${HEADER}\nlaco,Laço,,,,,,,,,,5,deny,10.00,`))
		expect(shopify.products[0]?.variants[0]?.stock).toBeNull()
		const handMade = ok(await parseShopifyProductCsv('Handle,Title,Variant Inventory Qty,Variant Price\nlaco,Laço,5,10.00'))
		expect(handMade.products[0]?.variants[0]?.stock).toBe(5)
	})

	test('Shopify’s newer column names are read as the classic ones', async () => {
		const parsed = ok(
			await parseShopifyProductCsv(
				[
					'Title,URL handle,Description,Vendor,Type,Tags,Published on online store,Status,SKU,Option1 name,Option1 value,Price,Compare-at price,Inventory tracker,Inventory quantity,Continue selling when out of stock,Product image URL,Image position',
					'Coleira Couro,coleira-couro,<p>Couro</p>,Cãopanhia,Coleira,couro,TRUE,active,CC-P,Tamanho,P,49.90,59.90,shopify,4,DENY,https://cdn.shopify.com/c.jpg,1',
					',coleira-couro,,,,,,,CC-G,,G,54.90,,shopify,2,CONTINUE,,',
				].join('\n'),
			),
		)
		expect(parsed.products[0]).toMatchObject({
			handle: 'coleira-couro',
			title: 'Coleira Couro',
			vendor: 'Cãopanhia',
			status: 'active',
			optionNames: ['Tamanho'],
			variants: [
				{ title: 'P', sku: 'CC-P', priceCents: 4990, compareAtPriceCents: 5990, stock: 4 },
				{ title: 'G', sku: 'CC-G', priceCents: 5490, stock: null },
			],
			images: [{ src: 'https://cdn.shopify.com/c.jpg', position: 1 }],
		})
	})

	test('two file handles that become one shop handle: the second product is refused, by line', async () => {
		const parsed = ok(await parseShopifyProductCsv(`${HEADER}\nlaco,Laço,,,,,,,,,,,,10.00,\nLACO,Laço 2,,,,,,,,,,,,10.00,`))
		// Handles are matched without case, as Shopify does: one product over two rows.
		expect(parsed.products.map((p) => p.handle)).toEqual(['laco'])
		const merged = ok(await parseShopifyProductCsv(`${HEADER}\nlaço,Laço,,,,,,,,,,,,10.00,\nlaco,Laço 2,,,,,,,,,,,,10.00,`))
		expect(merged.invalid).toEqual([{ line: 3, handle: 'laco', messages: ["Linha 3: o Handle fica 'laco', o mesmo de um produto da linha 2."] }])
	})
})

describe('reading the file', () => {
	test('the public Shopify export (Packt, MIT): 20 products, Vendor kept, blank tracker not tracked', async () => {
		const parsed = ok(await parseShopifyProductCsv(readFileSync('tests/fixtures/shopify/packt-products-export.csv', 'utf8')))
		expect(parsed.invalid).toEqual([])
		expect(parsed.products).toHaveLength(20)
		expect(parsed.products.find((p) => p.handle === 'gardening-gloves')).toMatchObject({
			vendor: 'Company 123',
			optionNames: ['Color'],
			variants: [
				{ title: 'Green', priceCents: 999, stock: null },
				{ title: 'Yellow', priceCents: 1599, stock: null },
			],
		})
		expect(parsed.products.find((p) => p.handle === 'grey-wheelbarrow')?.variants[0]?.stock).toBe(8)
	})

	test('the generated 213-product store export: every product taken, each handle fit for the database, changes said', async () => {
		const csv = brazilianStoreExport()
		const parsed = ok(await parseShopifyProductCsv(csv))
		expect(parsed.invalid).toEqual([])
		expect(parsed.products).toHaveLength(PRODUCT_COUNT)
		expect(parsed.products.filter((p) => p.handle.length > 120)).toHaveLength(6)
		for (const product of parsed.products) {
			expect(product.handle).toMatch(HANDLE_RULE)
			expect(product.descriptionHtml).not.toContain('\r')
			expect(product.title).not.toContain('\u0000')
		}
		const notes = parsed.products.flatMap((p) => p.notes)
		expect(notes.filter((n) => n.includes('esta variante fica sem SKU'))).toHaveLength(10)
		expect(notes.filter((n) => n.includes('caracteres de controle'))).toEqual(['Linha 23: caracteres de controle removidos de Title.'])
	})

	test('streamed in small chunks (split inside accents and records) it reads the same, with progress', async () => {
		const bytes = new TextEncoder().encode(brazilianStoreExport(50))
		const progress: number[] = []
		const streamed = ok(await readShopifyProductCsv(chunks(bytes, 4093), { onProgress: (p) => progress.push(p.rows) }))
		const whole = ok(await parseShopifyProductCsv(new TextDecoder().decode(bytes)))
		expect(streamed).toEqual(whole)
		expect(progress.at(-1)).toBe(whole.rows)
	})

	test('refused at once, with a Portuguese message: over 20 MB, not UTF-8, broken quotes, no product columns', async () => {
		const big = new Uint8Array(PRODUCT_CSV_MAX_BYTES + 1).fill(0x61)
		expect(await readShopifyProductCsv(chunks(big, big.length))).toEqual({ ok: false, message: 'O arquivo é grande demais (máximo 20 MB).' })
		const latin1 = Uint8Array.from([...new TextEncoder().encode(`${HEADER}\nlaco,La`), 0xe7, ...new TextEncoder().encode('o,,,,,,,,,,,,10.00,\n')])
		expect(await readShopifyProductCsv(chunks(latin1, 64))).toEqual({
			ok: false,
			message: "O arquivo não está em UTF-8. No Excel, salve como 'CSV UTF-8 (delimitado por vírgulas)'; o Shopify já exporta assim.",
		})
		expect(await parseShopifyProductCsv(`${HEADER}\nlaco,"Laço,,,,,,,,,,,,10.00,`)).toEqual({
			ok: false,
			message: 'Não foi possível ler o arquivo perto da linha 2: aspas ou colunas fora do formato CSV. Envie o CSV de produtos exportado do Shopify.',
		})
		expect(await parseShopifyProductCsv('nome;preço\nLaço;10')).toMatchObject({ ok: false })
	})

	test('the route’s body limit lets the largest file and its form through', () => {
		expect(bodyLimitFor('/admin/produtos/importar')).toBeGreaterThanOrEqual(PRODUCT_IMPORT_BODY_BYTES)
	})

	test('10,000 rows stream through in a few seconds, telling their progress', async () => {
		const rows = [HEADER]
		for (let i = 0; i < 10_000; i++) {
			const product = Math.floor(i / 5)
			rows.push(
				i % 5 === 0
					? `produto-${product},Produto ${product} 🐾,<p>Descrição</p>,Pet Estilo,Laço,,TRUE,Tamanho,T${i % 5},SKU-${i},shopify,3,deny,19.90,active`
					: `produto-${product},,,,,,,,T${i % 5},SKU-${i},shopify,3,deny,19.90,`,
			)
		}
		const started = performance.now()
		const progress: number[] = []
		const parsed = ok(
			await readShopifyProductCsv(chunks(new TextEncoder().encode(rows.join('\n')), 64 * 1024), {
				onProgress: (p) => progress.push(p.rows),
			}),
		)
		expect(parsed.rows).toBe(10_000)
		expect(progress).toEqual([...Array.from({ length: 20 }, (_, i) => (i + 1) * 500), 10_000])
		expect(parsed.products).toHaveLength(2_000)
		expect(performance.now() - started).toBeLessThan(5_000)
	})
})
