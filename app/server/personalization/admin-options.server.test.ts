import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { colorOptions, personalizationItems, wholesalePricing } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { seedDemoData } from '~/server/seed/seed.server'
import {
	addColour,
	collarBasePrice,
	deleteColour,
	listColours,
	listTiers,
	saveTiers,
	setCollarBasePrice,
	setColourActive,
	setItemPrice,
	setWholesaleExtraPrice,
	wholesaleExtraPrices,
} from './admin-options.server'
import { loadBandanaPage } from './page-data.server'

withTestDatabase()

beforeAll(async () => {
	await seedDemoData(db)
}, 120_000)

const variantPrices = async (handle: string) =>
	(
		await queryRows<{ price_cents: number }>(
			sql`select v.price_cents from product_variants v join products p on p.id = v.product_id where p.handle = ${handle}`,
		)
	).map((r) => r.price_cents)

describe('colours', () => {
	test('add (display order = count, hex upper-cased, no checks for collars), toggle, delete', async () => {
		const before = await listColours('bandana')
		expect(before).toHaveLength(24)
		expect(await addColour('bandana', { name: 'Lilás', hexCode: '#c4b5fd', isPattern: 'on' })).toEqual({
			ok: true,
			message: 'Cor adicionada com sucesso!',
		})
		const [added] = await db.select().from(colorOptions).where(eq(colorOptions.name, 'Lilás'))
		expect(added).toMatchObject({ hexCode: '#C4B5FD', isPattern: true, displayOrder: 24, productType: 'bandana', isActive: true })

		expect(await addColour('bandana', { name: 'lilás', hexCode: '#C4B5FD' })).toMatchObject({
			ok: false,
			message: 'Já existe uma cor com esse nome.',
		})
		expect(await addColour('collar', { name: 'Lilás', hexCode: '#C4B5FD', isPattern: 'on' })).toMatchObject({ ok: true })
		const [collarLilac] = await db
			.select()
			.from(colorOptions)
			.where(sql`name = 'Lilás' and product_type = 'collar'`)
		expect(collarLilac?.isPattern).toBe(false)

		expect(await setColourActive('bandana', added!.id, false)).toEqual({ ok: true, message: 'Status atualizado!' })
		expect((await loadBandanaPage()).colours.map((c) => c.name)).not.toContain('Lilás')
		// A bandana colour cannot be changed through the collar page.
		expect(await deleteColour('collar', added!.id)).toMatchObject({ ok: false, message: 'Erro ao remover cor' })
		expect(await deleteColour('bandana', added!.id)).toEqual({ ok: true, message: 'Cor removida com sucesso!' })
		expect(await listColours('bandana')).toHaveLength(24)
	})

	test('a bad hex or an empty name is refused in Portuguese and nothing is written', async () => {
		const count = (await listColours('bandana')).length
		expect(await addColour('bandana', { name: 'Ruim', hexCode: 'red' })).toMatchObject({
			ok: false,
			message: 'Informe a cor no formato #RRGGBB (ex.: #F472B6).',
			field: 'hexCode',
		})
		expect(await addColour('bandana', { name: '  ', hexCode: '#FFFFFF' })).toMatchObject({ ok: false, message: 'Informe o nome da cor.' })
		expect(await listColours('bandana')).toHaveLength(count)
	})
})

describe('prices', () => {
	test("an extra's price is the add-on product's price too: page and cart agree", async () => {
		const [perfume] = await db
			.select()
			.from(personalizationItems)
			.where(sql`key = 'perfume' and product_type = 'bandana'`)
		expect(await setItemPrice('bandana', perfume!.id, '14.50')).toEqual({ ok: true, message: 'Preço atualizado!' })
		expect(await variantPrices('adicional-perfume')).toEqual([1450])
		expect((await loadBandanaPage()).extras.find((e) => e.key === 'perfume')?.priceCents).toBe(1450)
		expect(await setItemPrice('bandana', perfume!.id, '-3')).toMatchObject({
			ok: false,
			message: 'Informe um preço em reais, 0 ou mais (ex.: 29,90).',
		})
		expect(await setItemPrice('bandana', perfume!.id, '12,345')).toMatchObject({ ok: false })
		expect(await variantPrices('adicional-perfume')).toEqual([1450])
		await setItemPrice('bandana', perfume!.id, '12,99')
	})

	test('the collar base price is the base product price, and nothing else (decision 134)', async () => {
		expect(await collarBasePrice()).toBe(1990)
		expect(await setCollarBasePrice('21.90')).toEqual({ ok: true, message: 'Preço base atualizado!' })
		expect(await variantPrices('guia-personalizada-base-colares')).toEqual([2190])
		expect(await collarBasePrice()).toBe(2190)
		// No second value beside it: the old 'base_price_cents' setting is neither seeded nor written.
		const settings = await queryRows(sql`select 1 from personalization_settings where setting_type = 'collar' and setting_key = 'base_price_cents'`)
		expect(settings).toEqual([])
		await setCollarBasePrice('19.90')
	})

	test('wholesale extras: setting and product together', async () => {
		expect(await wholesaleExtraPrices()).toEqual({ extraButton: 50, sideName: 100 })
		expect(await setWholesaleExtraPrice('sideName', '1.20')).toMatchObject({ ok: true })
		expect(await variantPrices('atacado-nome-lateral')).toEqual([120])
		await setWholesaleExtraPrice('sideName', '1.00')
	})
})

describe('wholesale tiers', () => {
	test('overlapping, gapped or not starting at 10 are refused with the message; nothing changes', async () => {
		const before = await listTiers('bandana')
		expect(before).toEqual([
			{ minQuantity: 10, maxQuantity: 20, unitPriceCents: 1500 },
			{ minQuantity: 21, maxQuantity: 40, unitPriceCents: 1300 },
			{ minQuantity: 41, maxQuantity: null, unitPriceCents: 1000 },
		])
		const overlap = await saveTiers('bandana', [
			{ min: '10', max: '25', price: '15' },
			{ min: '21', max: '', price: '13' },
		])
		expect(overlap).toMatchObject({ ok: false, message: 'As faixas 10–25 e 21–sem limite se sobrepõem.' })
		const gap = await saveTiers('bandana', [
			{ min: '10', max: '20', price: '15' },
			{ min: '30', max: '', price: '13' },
		])
		expect(gap).toMatchObject({ ok: false, message: 'Há um intervalo sem preço entre 20 e 30 unidades.' })
		expect(await saveTiers('bandana', [{ min: 'dez', max: '', price: '15' }])).toMatchObject({
			ok: false,
			message: 'Faixa 1: informe a quantidade mínima (número inteiro).',
		})
		expect(await listTiers('bandana')).toEqual(before)
	})

	test('a valid table replaces the rows, in order', async () => {
		expect(
			await saveTiers('collar', [
				{ min: '31', max: '', price: '6,50' },
				{ min: '10', max: '30', price: '9.00' },
			]),
		).toEqual({ ok: true, message: 'Preço atualizado!' })
		expect(await listTiers('collar')).toEqual([
			{ minQuantity: 10, maxQuantity: 30, unitPriceCents: 900 },
			{ minQuantity: 31, maxQuantity: null, unitPriceCents: 650 },
		])
		const rows = await db.select().from(wholesalePricing).where(eq(wholesalePricing.productType, 'collar'))
		expect(rows).toHaveLength(2)
	})
})
