import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { withTestDatabase } from '#tests/setup/with-database'
import { storeSettings } from '~/db/schema'
import { setClockForTests } from '~/server/clock.server'
import { db } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { bumpSettingsGeneration } from '~/server/settings-generation.server'
import {
	clearStoreSettingsCache,
	defaultStoreSettings,
	getStoreSettings,
	settingsNotApplied,
	storeSettingsSchema,
	updateStoreSettings,
} from './settings.server'

withTestDatabase()

beforeEach(async () => {
	await db.delete(storeSettings)
	clearStoreSettingsCache()
})

describe('store settings', () => {
	test('a fresh shop has the documents’ values', async () => {
		const settings = await getStoreSettings()
		expect(settings).toEqual(defaultStoreSettings())
		expect(settings).toMatchObject({
			storeName: 'Pet Estilo',
			logoUrl: null,
			contactEmail: 'contato@petestilo.com.br',
			whatsappNumber: '5511999999999',
			city: 'São Paulo',
			freeShippingThresholdCents: 10_000,
			giftProductHandle: 'brinde-lacinho-pet',
			giftThresholdCents: 10_000,
			shippingRateCents: 1990,
		})
		expect(storeSettingsSchema.safeParse(settings).success).toBe(true)
	})

	test('an update is stored, merged over the defaults and returned', async () => {
		const updated = await updateStoreSettings({ storeName: '  Loja da Bia ', giftThresholdCents: 15_000, logoUrl: '/uploads/logo.png' })
		expect(updated.storeName).toBe('Loja da Bia')
		expect(updated.giftThresholdCents).toBe(15_000)
		expect(updated.logoUrl).toBe('/uploads/logo.png')
		expect(updated.city).toBe('São Paulo')
		expect(await getStoreSettings()).toEqual(updated)

		// A second update changes only what it carries; null is a real value (gift off).
		const again = await updateStoreSettings({ giftProductHandle: null, instagramUrl: null })
		expect(again.giftProductHandle).toBeNull()
		expect(again.instagramUrl).toBeNull()
		expect(again.storeName).toBe('Loja da Bia')
		const rows = await db.select().from(storeSettings)
		expect(rows).toHaveLength(5)
	})

	test('bad input is rejected with Portuguese messages and nothing is written', async () => {
		const attempts: unknown[] = [
			{ whatsappNumber: '+55 (11) 99999-9999' },
			{ contactEmail: 'não é e-mail' },
			{ freeShippingThresholdCents: -1 },
			{ shippingRateCents: 19.9 },
			{ pixMerchantCity: 'SAO PAULO CAPITAL SP' },
			{ logoUrl: 'javascript:alert(1)' },
			{ giftProductHandle: 'Brinde Laço' },
			{ storeName: '' },
			{ unknownField: 1 },
			// Issue 13: the shipping table, the PIX discount and the app links.
			{ shippingTable: { ...defaultStoreSettings().shippingTable, sul: { rateCents: 1000, minDays: 9, maxDays: 3 } } },
			{ shippingTable: { sudeste: { rateCents: 1000, minDays: 1, maxDays: 3 } } },
			{ pixDiscountPercent: 31 },
			{ pixDiscountPercent: 5.25 },
			{ appStoreUrl: 'http://apps.apple.com/app/x' },
			'nada',
		]
		for (const attempt of attempts) {
			const error = await updateStoreSettings(attempt).catch((e: unknown) => e)
			expect(error, JSON.stringify(attempt)).toBeInstanceOf(z.ZodError)
		}
		const error = (await updateStoreSettings({ whatsappNumber: 'abc' }).catch((e: unknown) => e)) as z.ZodError
		expect(error.issues[0]?.message).toBe('Informe o WhatsApp só com números, com DDI e DDD (ex.: 5511999999999).')
		const days = (await updateStoreSettings({
			shippingTable: { ...defaultStoreSettings().shippingTable, sul: { rateCents: 1000, minDays: 9, maxDays: 3 } },
		}).catch((e: unknown) => e)) as z.ZodError
		expect(days.issues[0]).toMatchObject({ path: ['shippingTable', 'sul', 'maxDays'], message: 'O prazo máximo não pode ser menor que o mínimo.' })
		expect(await db.select().from(storeSettings)).toHaveLength(0)
	})

	test('an invalid stored value falls back to its default and is logged', async () => {
		const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
		await db.insert(storeSettings).values([
			{ key: 'freeShippingThresholdCents', value: 'muito' },
			{ key: 'city', value: 'Campinas' },
			{ key: 'retiredSetting', value: true },
		])
		const settings = await getStoreSettings()
		expect(settings.freeShippingThresholdCents).toBe(10_000)
		expect(settings.city).toBe('Campinas')
		expect(warn).toHaveBeenCalledTimes(1)
		expect(warn.mock.calls[0]?.[0]).toMatchObject({ key: 'freeShippingThresholdCents' })
	})

	test('digit-only and JSON-looking values are used after saving, not the demo ones (issue 28)', async () => {
		const update = {
			pixKey: '529.982.247-25',
			whatsappNumber: '5521987654321',
			cnpj: '45997418000153',
			storeName: '2024',
			city: 'null',
			legalName: '{"razao":"x"}',
			businessAddress: 'true',
		}
		await updateStoreSettings(update)
		clearStoreSettingsCache()
		expect(await getStoreSettings()).toMatchObject({ ...update, pixKey: '52998224725' })
	})

	test('a PIX key is checked by its kind and stored normalised', async () => {
		expect((await updateStoreSettings({ pixKey: '(11) 98765-4321' })).pixKey).toBe('+5511987654321')
		const error = (await updateStoreSettings({ pixKey: '529.982.247-26' }).catch((e: unknown) => e)) as z.ZodError
		expect(error.issues[0]).toMatchObject({ path: ['pixKey'], message: expect.stringContaining('CPF com dígitos verificadores incorretos') })
		expect((await getStoreSettings()).pixKey).toBe('+5511987654321')
	})

	test('a stored PIX key that is no longer valid switches PIX off instead of using the demo key', async () => {
		vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
		await db.execute(sql`insert into store_settings (key, value) values ('pixKey', '"chave antiga"'::jsonb)`)
		expect((await getStoreSettings()).pixKey).toBeNull()
		// A key stored in a typed form before keys were normalised is read normalised.
		await db.execute(sql`update store_settings set value = '"+55 (11) 98765-4321"'::jsonb where key = 'pixKey'`)
		clearStoreSettingsCache()
		expect((await getStoreSettings()).pixKey).toBe('+5511987654321')
	})

	test('a written value that does not read back as written is reported, field by field', () => {
		const settings = { ...defaultStoreSettings(), pixKey: '52998224725' }
		expect(settingsNotApplied({ pixKey: '52998224725', city: 'São Paulo' }, settings)).toEqual([])
		// What the defect did: the CPF came back as a number, was refused, and the default stood.
		expect(settingsNotApplied({ pixKey: '11144477735', cnpj: '45997418000153', whatsappNumber: undefined }, settings)).toEqual([
			'pixKey',
			'cnpj',
		])
		expect(settingsNotApplied({ shippingTable: structuredClone(settings.shippingTable) }, settings)).toEqual([])
	})

	test('a change made by another app server shows once the short cache expires', async () => {
		const start = Date.now()
		setClockForTests(start)
		expect((await getStoreSettings()).city).toBe('São Paulo')
		await db.execute(sql`insert into store_settings (key, value) values ('city', '"Curitiba"'::jsonb)`)
		expect((await getStoreSettings()).city).toBe('São Paulo')
		setClockForTests(start + 5_001)
		expect((await getStoreSettings()).city).toBe('Curitiba')
	})

	test('a read that began before a change is not kept (ci45: the old PIX discount stayed)', async () => {
		const before = getStoreSettings()
		// A change is announced while that read is under way (its value is checked once the read is done).
		clearStoreSettingsCache()
		expect((await before).city).toBe('São Paulo')
		await db.execute(sql`insert into store_settings (key, value) values ('city', '"Curitiba"'::jsonb)`)
		expect((await getStoreSettings()).city).toBe('Curitiba')
	})

	test('another server\'s settings event makes the copy out of date at once', async () => {
		expect((await getStoreSettings()).city).toBe('São Paulo')
		await db.execute(sql`insert into store_settings (key, value) values ('city', '"Curitiba"'::jsonb)`)
		expect((await getStoreSettings()).city).toBe('São Paulo')
		bumpSettingsGeneration()
		expect((await getStoreSettings()).city).toBe('Curitiba')
	})

	test('updates can run inside a caller’s transaction', async () => {
		await db
			.transaction(async (tx) => {
				const inside = await updateStoreSettings({ city: 'Recife' }, tx)
				expect(inside.city).toBe('Recife')
				throw new Error('desfazer')
			})
			.catch(() => undefined)
		clearStoreSettingsCache()
		expect((await getStoreSettings()).city).toBe('São Paulo')
	})
})
