import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { withDataDir } from '#tests/setup/with-data-dir'
import { withTestDatabase } from '#tests/setup/with-database'
import { userWithSession } from '#tests/fixtures/session-user'
import { personalizationOrders, wholesalePricing } from '~/db/schema'
import { getCartView } from '~/server/cart/cart.server'
import { CART_COOKIE_NAME } from '~/server/cart-cookie.server'
import { db, queryRows } from '~/server/db.server'
import { seedDemoData } from '~/server/seed/seed.server'
import { VISITOR_COOKIE_NAME } from '~/server/visitor.server'
import { addPersonalizedBandana, addPersonalizedCollar, addWholesaleOrder, PERSONALIZATION_ATTRIBUTE_KEY } from './add-to-cart.server'
import { loader as uploadsLoader } from '~/routes/resources/uploads'
import { claimUploadedFile, receivePersonalizationFile, requestOwnsKey } from './files.server'

withTestDatabase()
withDataDir()

beforeAll(async () => {
	await seedDemoData(db)
}, 120_000)

/** A browser with its own visitor id and cart cookie. */
class Shopper {
	visitorId: string = randomUUID()
	cartId: string | null = null
	/** A signed-in account's session cookie, if any. */
	session: string | null = null

	request(path = '/personalize', init: RequestInit = {}) {
		const cookies = [`${VISITOR_COOKIE_NAME}=${this.visitorId}`]
		if (this.session) cookies.push(this.session)
		if (this.cartId) cookies.push(`${CART_COOKIE_NAME}=${this.cartId}`)
		const headers = new Headers(init.headers)
		headers.set('cookie', cookies.join('; '))
		return new Request(`http://loja.test${path}`, { ...init, headers })
	}

	keep(headers: Headers) {
		for (const cookie of headers.getSetCookie()) {
			const match = new RegExp(`^${CART_COOKIE_NAME}=([^;]+)`).exec(cookie)
			if (match?.[1]) this.cartId = match[1]
		}
	}

	async upload(prefix: string, bytes: Uint8Array, type = 'image/png') {
		const form = new FormData()
		form.set('prefix', prefix)
		form.set('file', new File([new Uint8Array(bytes)], 'foto.png', { type }))
		return receivePersonalizationFile(this.request('/resources/personalizacao/arquivo', { method: 'POST', body: form }), '192.0.2.10')
	}

	async cart() {
		return getCartView(this.request('/cart'), null)
	}
}

const png = async () =>
	new Uint8Array(
		await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f472b6' } })
			.png()
			.toBuffer(),
	)

async function linesOf(shopper: Shopper) {
	const cart = await shopper.cart()
	return cart.lines.filter((l) => !l.isGift)
}

describe('who owns a personalization file (issue 28)', () => {
	test('signed in, the account owns it too: its other browser may use it; nobody else', async () => {
		const account = await userWithSession()
		const phone = new Shopper()
		phone.session = account.cookie
		const art = await phone.upload('arte_exclusiva', await png())
		if (!art.body.ok) throw new Error('upload falhou')
		const laptop = new Shopper()
		laptop.session = account.cookie
		expect(await requestOwnsKey(laptop.request(), art.body.key)).toBe(true)
		expect(await claimUploadedFile(laptop.request(), art.body.key, ['arte_exclusiva'])).toBe(art.body.previewUrl)
		const stranger = new Shopper()
		stranger.session = (await userWithSession()).cookie
		expect(await requestOwnsKey(stranger.request(), art.body.key)).toBe(false)
	})

	test("a file from before the change keeps working for its order's account, not for the visitor id in its name", async () => {
		const account = await userWithSession()
		const visitor = randomUUID()
		const key = `rosto_pet_${visitor}_1700000000000.png`
		await db.insert(personalizationOrders).values({ productType: 'bandana', sessionId: visitor, userId: account.id, petFaceFileUrl: `/uploads/personalizacao-arquivos/${key}`, totalPriceCents: 2990 })
		// drizzle/0011's back-fill, as the upgrade runs it.
		const migration = readFileSync('drizzle/0011_personalization_files.sql', 'utf8').split('--> statement-breakpoint').slice(3)
		for (const statement of migration) await db.execute(sql.raw(statement))
		const signedIn = new Shopper()
		signedIn.session = account.cookie
		expect(await requestOwnsKey(signedIn.request(), key)).toBe(true)
		const cookieFromName = new Shopper()
		cookieFromName.visitorId = visitor
		expect(await requestOwnsKey(cookieFromName.request(), key)).toBe(false)
	})
})

describe('bandana', () => {
	test('server prices: base + one line per extra at the catalogue price, tampered prices ignored, row written', async () => {
		const shopper = new Shopper()
		const outcome = await addPersonalizedBandana(
			{ request: shopper.request(), userId: null },
			{ colour: 'Preto', size: 'M', petName: 'Thor', instagram: '@thor.pet', extensor: 'on', perfume: 'on', price: '1', totalCents: '1' },
		)
		shopper.keep(outcome.headers)
		expect(outcome.body).toMatchObject({ ok: true, message: 'Produtos adicionados ao carrinho!' })
		// 29,90 + the product page's add-ons (decision 098): 10,00 + 10,00 + 5,00 + 12,99
		expect(outcome.body.ok && outcome.body.totalCents).toBe(2990 + 1000 + 1000 + 500 + 1299)
		const lines = await linesOf(shopper)
		expect(lines.map((l) => [l.productTitle, l.unitPriceCents])).toEqual([
			['Bandana Personalizada', 2990],
			['Adicional: Bordado do nome do pet', 1000],
			['Adicional: Bordado do Instagram do pet', 1000],
			['Adicional: Extensor', 500],
			['Adicional: Perfume 10ml', 1299],
		])
		const cart = await shopper.cart()
		expect(cart.subtotalCents).toBe(2990 + 1000 + 1000 + 500 + 1299)
		const [row] = await db.select().from(personalizationOrders).where(eq(personalizationOrders.sessionId, shopper.visitorId))
		expect(row).toMatchObject({
			productType: 'bandana',
			selectedColor: 'Preto',
			petName: 'Thor',
			petInstagram: 'thor.pet',
			includeExtensor: true,
			includePerfume: true,
			totalPriceCents: 6789,
			orderCompleted: false,
			wholesale: false,
		})
		// Every stored line carries the row's id (hidden), so checkout can link the order.
		const stored = await queryRows<{ value: string }>(sql`
			select a->>'value' as value from cart_lines l, jsonb_array_elements(l.attributes) a
			where l.cart_id = ${shopper.cartId}::uuid and a->>'key' = ${PERSONALIZATION_ATTRIBUTE_KEY}`)
		expect(stored.map((s) => s.value)).toEqual(Array(5).fill(row!.id))
	})

	test('a colour that is not offered, a long name and two art options are refused in Portuguese with nothing stored', async () => {
		const shopper = new Shopper()
		const actor = { request: shopper.request(), userId: null }
		expect((await addPersonalizedBandana(actor, { colour: '', size: 'M' })).body).toMatchObject({
			ok: false,
			error: 'Selecione uma cor',
			field: 'colour',
		})
		expect((await addPersonalizedBandana(actor, { colour: 'Roxo galáctico', size: 'M' })).body).toMatchObject({
			ok: false,
			error: 'Selecione uma cor',
		})
		expect((await addPersonalizedBandana(actor, { colour: 'Preto', size: 'M', petName: 'x'.repeat(21) })).body).toMatchObject({
			ok: false,
			error: 'O nome do pet deve ter no máximo 20 caracteres.',
		})
		expect((await addPersonalizedBandana(actor, { colour: 'Preto' })).body).toMatchObject({ ok: false, error: 'Selecione o tamanho' })
		const face = await shopper.upload('rosto_pet', await png())
		const art = await shopper.upload('arte_exclusiva', await png())
		if (!face.body.ok || !art.body.ok) throw new Error('upload falhou')
		expect(
			(await addPersonalizedBandana(actor, { colour: 'Preto', size: 'M', petFaceKey: face.body.key, exclusiveArtKey: art.body.key })).body,
		).toMatchObject({ ok: false, error: 'Escolha só uma opção: arte exclusiva, arte pronta ou rosto do pet.' })
		expect(await db.select().from(personalizationOrders).where(eq(personalizationOrders.sessionId, shopper.visitorId))).toEqual([])
		expect(shopper.cartId).toBeNull()
	})

	test("the pet's face: uploaded by this browser only; another browser's key is refused", async () => {
		const owner = new Shopper()
		const face = await owner.upload('rosto_pet', await png())
		expect(face.status).toBe(200)
		if (!face.body.ok) throw new Error('upload falhou')
		// A random key (issue 28): it does not give away the uploader's visitor cookie.
		expect(face.body.key).toMatch(/^rosto_pet_[0-9a-f]{32}_\d+\.png$/)
		expect(face.body.key).not.toContain(owner.visitorId)

		const thief = new Shopper()
		// The old attack: a cookie set to the id part of the key. It names nobody now.
		const segment = face.body.key.split('_')[2]!
		thief.visitorId = segment.length === 36 ? segment : segment.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')
		const stolen = await addPersonalizedBandana(
			{ request: thief.request(), userId: null },
			{ colour: 'Preto', size: 'M', petFaceKey: face.body.key },
		)
		expect(stolen.body).toMatchObject({ ok: false, field: 'petFaceKey' })
		expect(await claimUploadedFile(thief.request(), face.body.key, ['rosto_pet'])).toBeNull()

		// The preview: served to the browser that uploaded it; anyone else is sent to sign in.
		const serve = async (request: Request) => {
			try {
				return (await uploadsLoader({ request, params: { bucket: 'personalizacao-arquivos', '*': face.body.ok ? face.body.key : '' }, context: {} } as never)) as Response
			} catch (thrown) {
				return thrown as Response
			}
		}
		const own = await serve(owner.request(face.body.previewUrl))
		expect(own.status).toBe(200)
		expect(own.headers.get('content-type')).toBe('image/png')
		expect(own.headers.get('cache-control')).toBe('private, max-age=3600')
		const other = await serve(thief.request(face.body.previewUrl))
		expect(other.status).toBe(302)
		expect(other.headers.get('location')).toMatch(/^\/auth/)

		const mine = await addPersonalizedBandana(
			{ request: owner.request(), userId: null },
			{ colour: 'Pink', size: 'P', petFaceKey: face.body.key },
		)
		expect(mine.body).toMatchObject({ ok: true, totalCents: 2990 + 2000 })
		const [row] = await db.select().from(personalizationOrders).where(eq(personalizationOrders.sessionId, owner.visitorId))
		expect(row?.petFaceFileUrl).toBe(`/uploads/personalizacao-arquivos/${face.body.key}`)
		expect(row?.includeRosto).toBe(true)
	})

	test("uploads: a file over 5 MB and a file that is not an image are refused with the documents' messages", async () => {
		const shopper = new Shopper()
		const big = new Uint8Array(5 * 1024 * 1024 + 1)
		big.set(await png())
		const tooLarge = await shopper.upload('rosto_pet', big)
		expect(tooLarge).toMatchObject({ status: 413, body: { ok: false, error: 'Arquivo muito grande. Máximo 5MB.' } })
		const text = await shopper.upload('rosto_pet', new TextEncoder().encode('<svg onload=alert(1)>'), 'image/png')
		expect(text).toMatchObject({ status: 400, body: { ok: false, error: 'Por favor, selecione um arquivo de imagem válido.' } })
		const wrongPrefix = await shopper.upload('../../etc', await png())
		expect(wrongPrefix.status).toBe(400)
	})

	test('a ready-made art is priced from its collection; an id of another product is refused', async () => {
		const [art] = await queryRows<{ id: string; price_cents: number }>(sql`
			select p.id, v.price_cents from products p join product_variants v on v.product_id = p.id
			join collection_products cp on cp.product_id = p.id join collections c on c.id = cp.collection_id
			where c.handle = 'artes-personalizadas' order by p.title limit 1`)
		const [other] = await queryRows<{ id: string }>(sql`select id from products where handle = 'guia-personalizada-base'`)
		const shopper = new Shopper()
		const outcome = await addPersonalizedBandana(
			{ request: shopper.request(), userId: null },
			{ colour: 'Branco', size: 'G', readyMadeArtId: art!.id },
		)
		expect(outcome.body).toMatchObject({ ok: true, totalCents: 2990 + art!.price_cents })
		const refusedArt = await addPersonalizedBandana(
			{ request: shopper.request(), userId: null },
			{ colour: 'Branco', size: 'G', readyMadeArtId: other!.id },
		)
		expect(refusedArt.body).toMatchObject({ ok: false, field: 'readyMadeArtId' })
	})
})

describe('collar', () => {
	test('quantity from 10, base and accessory per unit', async () => {
		const [accessory] = await queryRows<{ id: string; price_cents: number }>(sql`
			select p.id, v.price_cents from products p join product_variants v on v.product_id = p.id
			join collection_products cp on cp.product_id = p.id join collections c on c.id = cp.collection_id
			where c.handle = 'personalizacao-de-colares' order by p.title limit 1`)
		const shopper = new Shopper()
		// 9 is refused as typed, beside the field (issue 31): never raised to 10 behind the shopper's back.
		const nine = await addPersonalizedCollar({ request: shopper.request(), userId: null }, { colour: 'Roxo', quantity: '9' })
		expect(nine).toMatchObject({ status: 400, body: { ok: false, error: 'Mínimo de 10 unidades', field: 'quantity' } })
		expect((await addPersonalizedCollar({ request: shopper.request(), userId: null }, { colour: 'Roxo' })).body).toMatchObject({
			ok: false,
			error: 'Mínimo de 10 unidades',
		})
		expect(await linesOf(shopper)).toEqual([])
		const outcome = await addPersonalizedCollar(
			{ request: shopper.request(), userId: null },
			{ colour: 'Roxo', quantity: '12', accessoryId: accessory!.id },
		)
		shopper.keep(outcome.headers)
		expect(outcome.body).toMatchObject({ ok: true, totalCents: 12 * (1990 + accessory!.price_cents) })
		const lines = await linesOf(shopper)
		expect(lines.map((l) => l.quantity)).toEqual([12, 12])
	})
})

describe('wholesale', () => {
	test('tiers by quantity (10/20/21/40/41), extras per unit, the minimum of 10 holds', async () => {
		const shopper = new Shopper()
		const actor = { request: shopper.request('/atacado'), userId: null }
		expect((await addWholesaleOrder(actor, { kind: 'bandana', colour: '', quantity: '25' })).body).toMatchObject({
			ok: false,
			error: 'Selecione uma cor para as bandanas',
		})
		expect((await addWholesaleOrder(actor, { kind: 'collar', colour: '', quantity: '25' })).body).toMatchObject({
			ok: false,
			error: 'Selecione uma cor para os colares',
		})
		expect((await addWholesaleOrder(actor, { kind: 'bandana', colour: 'Preto', quantity: '9' })).body).toMatchObject({
			ok: false,
			error: 'Quantidade mínima: 10 unidades',
		})
		const outcome = await addWholesaleOrder(actor, {
			kind: 'bandana',
			colour: 'Preto',
			quantity: '25',
			sideNameOn: 'on',
			sideName: 'Pet Shop Lulu',
			extraButton: 'on',
		})
		shopper.keep(outcome.headers)
		// 21–40: R$ 13,00 + nome lateral 1,00 + botão 0,50, per unit
		expect(outcome.body).toMatchObject({ ok: true, totalCents: 25 * (1300 + 100 + 50) })
		const cart = await shopper.cart()
		expect(cart.lines.filter((l) => !l.isGift).map((l) => [l.productTitle, l.quantity, l.unitPriceCents])).toEqual([
			['Bandana Atacado', 25, 1300],
			['Atacado: Nome lateral personalizado (por unidade)', 25, 100],
			['Atacado: Botão extra (por unidade)', 25, 50],
		])
		expect(cart.subtotalCents).toBe(25 * 1450)
		const [row] = await db.select().from(personalizationOrders).where(eq(personalizationOrders.sessionId, shopper.visitorId))
		expect(row).toMatchObject({ wholesale: true, quantity: 25, sideName: 'Pet Shop Lulu', includeExtraButton: true })
	})

	test('a tier edit reaches the cart not yet checked out', async () => {
		const shopper = new Shopper()
		const outcome = await addWholesaleOrder(
			{ request: shopper.request('/atacado'), userId: null },
			{ kind: 'collar', colour: 'Vermelho', quantity: '41' },
		)
		shopper.keep(outcome.headers)
		expect((await linesOf(shopper))[0]?.unitPriceCents).toBe(700)
		await db
			.update(wholesalePricing)
			.set({ unitPriceCents: 650 })
			.where(sql`product_type = 'collar' and max_quantity is null`)
		expect((await linesOf(shopper))[0]?.unitPriceCents).toBe(650)
		await db
			.update(wholesalePricing)
			.set({ unitPriceCents: 700 })
			.where(sql`product_type = 'collar' and max_quantity is null`)
	})
})
