import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { checkoutValues } from '#tests/fixtures/checkout-values'
import { withTestDatabase } from '#tests/setup/with-database'
import { createCart } from '~/commerce/builtin/cart.server'
import { LINE_ATTRIBUTE_KEYS } from '~/commerce/rules/add-on-lines'
import { GROUP_ATTRIBUTE_KEY } from '~/commerce/rules/line-groups'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { db } from '~/server/db.server'
import { clearStoreSettingsCache } from '~/server/settings.server'
import { CHARGE_CLAIM_SECONDS } from './checkout.server'
import { orderAccessToken } from './order-link.server'
import { loadOrderForViewer, orderIdForViewer } from './order-view.server'
import { placeOrder } from './place-order.server'

withTestDatabase()

beforeEach(async () => {
	await db.execute(sql`truncate orders, coupons, coupon_redemptions, order_lines, order_status_history, mail_outbox cascade`)
	await clearCommerceTables()
	await db.execute(sql`delete from store_settings`)
	clearStoreSettingsCache()
})

/** An order placed and left as placeOrder leaves it (awaiting payment, never claimed). */
async function placedOrder(paymentMethod: 'card' | 'pix') {
	const product = await createProduct({ title: 'Bandana Floral', variants: [{ priceCents: 3000, stock: 10 }] })
	const cart = await createCart({ lines: [{ variantId: product.variant.id, quantity: 1 }] })
	const placed = await placeOrder({
		cartId: cart.id,
		userId: null,
		buyerTokenHash: 'hash',
		checkout: checkoutValues({ paymentMethod }),
		emptyCart: paymentMethod === 'pix',
	})
	if (!placed.ok) throw new Error(placed.message)
	return placed.order
}

/** The order page's data, opened with the order's e-mail link. */
async function load(order: { id: string; reference: string }) {
	const token = await orderAccessToken(order.id)
	const loaded = await loadOrderForViewer(new Request(`http://loja.test/pedido/${order.reference}?acesso=${token}`), order.reference)
	if (!loaded) throw new Error('pedido não abriu')
	return loaded
}

async function view(order: { id: string; reference: string }) {
	const loaded = await load(order)
	return { status: loaded.status, cardNotCharged: loaded.cardNotCharged, cardCharging: loaded.cardCharging }
}

/** Sets the order's claim as claimCharge does, `secondsAgo` seconds ago by the database's clock. */
const claim = (orderId: string, secondsAgo: number) =>
	db.execute(sql`update orders set payment_provider = 'test', payment_mode = 'test',
		updated_at = now() - make_interval(secs => ${secondsAgo}) where id = ${orderId}::uuid`)

describe('a card order awaiting a charge nobody is making (decision 059, follow-up)', () => {
	test('never claimed (its claim met a busy pool): not charged', async () => {
		const order = await placedOrder('card')
		expect(await view(order)).toEqual({ status: 'aguardando_pagamento', cardNotCharged: true, cardCharging: false })
	})

	test('a fresh claim is a charge under way: processing, not "not charged"', async () => {
		const order = await placedOrder('card')
		await claim(order.id, 5)
		expect(await view(order)).toEqual({ status: 'aguardando_pagamento', cardNotCharged: false, cardCharging: true })
	})

	test('a stale claim (a server that died mid-charge): not charged', async () => {
		const order = await placedOrder('card')
		await claim(order.id, CHARGE_CLAIM_SECONDS + 60)
		expect(await view(order)).toEqual({ status: 'aguardando_pagamento', cardNotCharged: true, cardCharging: false })
	})

	test('charged but its status change lost (payment reference in): neither', async () => {
		const order = await placedOrder('card')
		await claim(order.id, CHARGE_CLAIM_SECONDS + 60)
		await db.execute(sql`update orders set payment_reference = 'test_abc' where id = ${order.id}::uuid`)
		expect(await view(order)).toEqual({ status: 'aguardando_pagamento', cardNotCharged: false, cardCharging: false })
	})

	test('paid: neither', async () => {
		const order = await placedOrder('card')
		await db.execute(sql`update orders set status = 'pago', payment_provider = 'test', payment_mode = 'test',
			payment_reference = 'test_abc', updated_at = now() - interval '10 minutes' where id = ${order.id}::uuid`)
		expect(await view(order)).toEqual({ status: 'pago', cardNotCharged: false, cardCharging: false })
	})

	test('a PIX order awaiting payment: neither', async () => {
		const order = await placedOrder('pix')
		expect(await view(order)).toEqual({ status: 'aguardando_pagamento', cardNotCharged: false, cardCharging: false })
	})
})

describe('the order page lists each add-on under its product (issue 31, decision 108)', () => {
	test("whatever the stored order ('Adicional: …' sorts first), each product comes with its own add-ons after it", async () => {
		const variantOf = async (title: string, priceCents: number) =>
			(await createProduct({ title, variants: [{ priceCents, stock: 10 }] })).variant.id
		const titles = ['Adicional: Bordado do nome do pet', 'Adicional: Extensor', 'Bandana Lisa', 'Bandana Xadrez']
		const variants = await Promise.all(titles.map((title, i) => variantOf(title, 1000 + i)))
		const cart = await createCart({ lines: variants.map((variantId) => ({ variantId, quantity: 1 })) })
		const placed = await placeOrder({
			cartId: cart.id,
			userId: null,
			buyerTokenHash: 'hash',
			checkout: checkoutValues({ paymentMethod: 'pix' }),
			emptyCart: true,
		})
		if (!placed.ok) throw new Error(placed.message)
		// The groups the cart gives one 'Adicionar ao Carrinho' (line-groups.ts): the embroidery goes with
		// the plain bandana, the extensor with the checked one.
		const groupOf: Record<string, { group: string; addon: boolean }> = {
			'Adicional: Bordado do nome do pet': { group: 'aaaaaaaaaaaaaaaa', addon: true },
			'Adicional: Extensor': { group: 'bbbbbbbbbbbbbbbb', addon: true },
			'Bandana Lisa': { group: 'aaaaaaaaaaaaaaaa', addon: false },
			'Bandana Xadrez': { group: 'bbbbbbbbbbbbbbbb', addon: false },
		}
		for (const [title, { group, addon }] of Object.entries(groupOf)) {
			const attributes = [...(addon ? [{ key: LINE_ATTRIBUTE_KEYS.forProduct, value: 'Bandana' }] : []), { key: GROUP_ATTRIBUTE_KEY, value: group }]
			await db.execute(sql`update order_lines set attributes = ${JSON.stringify(attributes)}::jsonb
				where order_id = ${placed.order.id}::uuid and product_title = ${title}`)
		}
		const { lines } = await load(placed.order)
		expect(lines.map((l) => [l.title, l.isAddon])).toEqual([
			['Bandana Lisa', false],
			['Adicional: Bordado do nome do pet', true],
			['Bandana Xadrez', false],
			['Adicional: Extensor', true],
		])
	})
})

describe("the live 'order' channel's authorisation (issue 29)", () => {
	test('opens for the same viewers as the page, and for nobody else', async () => {
		const order = await placedOrder('pix')
		const token = await orderAccessToken(order.id)
		const withLink = new Request(`http://localhost/resources/events?channels=order&pedido=${order.reference}&acesso=${token}`)
		expect(await orderIdForViewer(withLink, order.reference)).toBe(order.id)
		expect(await orderIdForViewer(withLink, order.reference.toLowerCase())).toBe(order.id)
		const stranger = new Request(`http://localhost/resources/events?channels=order&pedido=${order.reference}`)
		expect(await orderIdForViewer(stranger, order.reference)).toBeNull()
		const wrongToken = new Request(`http://localhost/resources/events?channels=order&pedido=${order.reference}&acesso=${'0'.repeat(64)}`)
		expect(await orderIdForViewer(wrongToken, order.reference)).toBeNull()
		expect(await orderIdForViewer(withLink, null)).toBeNull()
		expect(await orderIdForViewer(withLink, "'; drop table orders; --")).toBeNull()
	})
})
