import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { checkoutValues } from '#tests/fixtures/checkout-values'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { COLLAR_PERSONALIZATION_BASE_HANDLE } from '~/commerce/rules/line-minimum'
import { activityLog, personalizationItems, reviews, storeSettings, userPhotos, users } from '~/db/schema'
import { approvePhoto, rejectPhoto } from '~/server/account/photos.server'
import { changeUserRole } from '~/server/admin-users/user-actions.server'
import { updateProduct } from '~/server/catalog-admin/products.server'
import { adjustStock } from '~/server/catalog-admin/stock.server'
import { applyProductImport } from '~/server/catalog-admin/product-import.server'
import { db, queryRows } from '~/server/db.server'
import { purgeOldActivity } from '~/server/jobs/purges.server'
import { saveTiers, setCollarBasePrice, setItemPrice, setWholesaleExtraPrice } from '~/server/personalization/admin-options.server'
import { activityChanges } from '~/utils/activity-labels'
import { changeOrderStatus } from '~/server/orders/status.server'
import { recordRefundRequested } from '~/server/payments/payment-events.server'
import { deleteReview } from '~/server/reviews-admin.server'
import { setReviewApproval } from '~/server/reviews.server'
import { clearStoreSettingsCache, updateStoreSettings } from '~/server/settings.server'
import { action as stockAction } from '~/routes/admin/stock'
import { activityIpSchema, changedFields, recordActivity } from './record.server'

/**
 * Issue 30: every kind of back-office change writes its activity entry — who, from which address,
 * only the changed fields before → after — in the change's own transaction. One database for the file.
 */

withTestDatabase()

let admin: { id: string; cookie: string }
let adminEmail = ''
const IPV4 = '203.0.113.7'
const IPV6 = '2001:db8::7'
const actor = () => ({ actorId: admin.id, ip: IPV6 })

beforeAll(async () => {
	admin = await userWithSession({ admin: true })
	const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, admin.id))
	adminEmail = row!.email
})

beforeEach(async () => {
	await db.execute(sql`delete from activity_log`)
	await db.execute(sql`delete from store_settings`)
	clearStoreSettingsCache()
})

type Entry = {
	kind: string
	actor_id: string | null
	actor_email: string | null
	ip: string | null
	subject_type: string
	subject_id: string | null
	subject_label: string
	subject_user_id: string | null
	before: unknown
	after: unknown
}
const entries = (kind?: string) =>
	queryRows<Entry>(sql`select kind, actor_id, actor_email, host(ip) as ip, subject_type, subject_id, subject_label, subject_user_id, before, after
		from activity_log ${kind ? sql`where kind = ${kind}` : sql``} order by created_at, seq`)

async function customer() {
	const [user] = await db
		.insert(users)
		.values({ email: `cliente.${randomUUID()}@exemplo.test`, passwordHash: 'x', emailVerifiedAt: new Date() })
		.returning({ id: users.id })
	return user!.id
}

async function insertOrder(userId: string | null, status = 'aguardando_pagamento') {
	const reference = `PET-A${randomUUID().slice(0, 5).toUpperCase()}`
	const c = checkoutValues({ paymentMethod: 'pix' })
	const [order] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, user_id, idempotency_key, customer_name, email, cpf, phone, cep, street, number,
			district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method, status)
		values (${reference}, ${userId}, ${c.idempotencyKey}, ${c.name}, ${c.email}, ${c.cpf}, ${c.phone}, ${c.cep}, ${c.street},
			${c.number}, ${c.district}, ${c.city}, ${c.uf}, 0, 5000, 0, 5000, 'pix', ${status})
		returning id`)
	return { id: order!.id, reference }
}

describe('the record itself', () => {
	test('only the changed fields are kept; nothing changed, nothing written', () => {
		expect(changedFields({ a: 1, b: [1, 2], c: 'x' }, { a: 1, b: [1, 3], c: 'y' })).toEqual({
			before: { b: [1, 2], c: 'x' },
			after: { b: [1, 3], c: 'y' },
			changed: ['b', 'c'],
		})
		expect(changedFields({ a: { x: 1 } }, { a: { x: 1 } }).changed).toEqual([])
		expect(changedFields({ a: 1 }, null)).toEqual({ before: { a: 1 }, after: null, changed: ['a'] })
	})

	test('what a person reads: money, statuses, roles, Sim/Não, tiers, a removed record', () => {
		expect(activityChanges({ priceCents: 2990, available: true }, { priceCents: 3490, available: false })).toEqual([
			{ field: 'priceCents', label: 'Preço', before: 'R$ 29,90', after: 'R$ 34,90' },
			{ field: 'available', label: 'Disponível', before: 'Sim', after: 'Não' },
		])
		expect(activityChanges({ status: 'pago' }, { status: 'em_producao' })[0]).toMatchObject({ before: 'Pago', after: 'Em produção' })
		expect(activityChanges({ role: 'customer' }, { role: 'admin' })[0]).toMatchObject({ label: 'Papel', before: 'Cliente', after: 'Administrador' })
		expect(activityChanges({ isApproved: false }, null)[0]).toMatchObject({ label: 'Aprovada', before: 'Não', after: 'Removida' })
		expect(
			activityChanges(null, { tiers: [{ minQuantity: 10, maxQuantity: 49, unitPriceCents: 2000 }, { minQuantity: 50, maxQuantity: null, unitPriceCents: 1800 }] })[0],
		).toMatchObject({ label: 'Faixas de preço', before: '—', after: '10–49: R$ 20,00; 50 ou mais: R$ 18,00' })
	})

	test('addresses: IPv4, IPv6, IPv4-mapped IPv6 as the IPv4; anything else is null', () => {
		expect(activityIpSchema.parse(IPV4)).toBe(IPV4)
		expect(activityIpSchema.parse('2001:DB8::7')).toBe(IPV6)
		expect(activityIpSchema.parse('::ffff:203.0.113.7')).toBe(IPV4)
		expect(activityIpSchema.parse('fe80::1%eth0')).toBe('fe80::1')
		expect(activityIpSchema.parse('desconhecido')).toBeNull()
		expect(activityIpSchema.parse("1.2.3.4'; drop table activity_log;--")).toBeNull()
	})

	test('the change and its record are one transaction: a refused record undoes the change', async () => {
		await expect(
			db.transaction(async (tx) => {
				await tx.insert(storeSettings).values({ key: 'storeName', value: 'Loja Nova' })
				await recordActivity(tx, {
					actorId: admin.id,
					ip: IPV4,
					kind: 'nada' as never,
					subject: { type: 'settings', id: null, label: 'x' },
					before: { a: 1 },
					after: { a: 2 },
				})
			}),
		).rejects.toThrow()
		expect(await db.select().from(storeSettings)).toEqual([])
		expect(await entries()).toEqual([])
	})

	test('entries cannot be edited, only purged; deleting the admin keeps their e-mail on the entry', async () => {
		const other = await userWithSession({ admin: true })
		await db.transaction((tx) =>
			recordActivity(tx, {
				actorId: other.id,
				ip: IPV6,
				kind: 'settings',
				subject: { type: 'settings', id: null, label: 'Configurações da loja' },
				before: { storeName: 'A' },
				after: { storeName: 'B' },
			}),
		)
		await expect(db.execute(sql`update activity_log set after = '{"storeName":"C"}'::jsonb`)).rejects.toThrow()
		await expect(db.execute(sql`update activity_log set ip = '198.51.100.1'`)).rejects.toThrow()
		const [{ email } = { email: '' }] = await queryRows<{ email: string }>(sql`select email from users where id = ${other.id}::uuid`)
		await db.delete(users).where(eq(users.id, other.id))
		const [entry] = await entries()
		expect(entry).toMatchObject({ actor_id: null, actor_email: email, after: { storeName: 'B' }, ip: IPV6 })
	})

	test('the purge deletes only entries older than the setting (365 days by default)', async () => {
		const now = new Date('2026-06-01T12:00:00Z')
		const day = 24 * 60 * 60 * 1000
		for (const age of [10, 364, 366, 800]) {
			await db.insert(activityLog).values({
				createdAt: new Date(now.getTime() - age * day),
				kind: 'settings',
				subjectType: 'settings',
				subjectLabel: `idade ${age}`,
				after: { x: age },
			})
		}
		expect(await purgeOldActivity(now)).toBe(2)
		expect((await entries()).map((e) => e.subject_label).sort()).toEqual(['idade 10', 'idade 364'])
		await updateStoreSettings({ activityLogRetentionDays: 90 }, db, actor())
		expect(await purgeOldActivity(now)).toBe(1)
		await expect(updateStoreSettings({ activityLogRetentionDays: 7 })).rejects.toThrow(/pelo menos 90 dias/)
	})
})

describe('every kind of change is recorded with who, from where, before → after', () => {
	test('settings: only the fields that changed, from every page that saves settings', async () => {
		await updateStoreSettings({ storeName: 'Pet Estilo', city: 'Campinas', freeShippingThresholdCents: 15_000 }, db, actor())
		const [entry, ...rest] = await entries('settings')
		expect(rest).toEqual([])
		expect(entry).toMatchObject({
			actor_id: admin.id,
			actor_email: adminEmail,
			ip: IPV6,
			subject_type: 'settings',
			before: { city: 'São Paulo', freeShippingThresholdCents: 10_000 },
			after: { city: 'Campinas', freeShippingThresholdCents: 15_000 },
		})
		// Saving the same values again records nothing.
		await updateStoreSettings({ city: 'Campinas' }, db, actor())
		expect(await entries('settings')).toHaveLength(1)
	})

	test('settings through the /admin/estoque action: the IP is the request context’s', async () => {
		const request = new Request('http://loja.test/admin/estoque', {
			method: 'POST',
			body: new URLSearchParams({ lowStockThreshold: '7' }),
			headers: { cookie: admin.cookie },
		})
		const response = await stockAction({ request, params: {}, context: { clientIp: '203.0.113.7' } } as never)
		expect((response as Response).status).toBe(302)
		expect(await entries('settings')).toMatchObject([{ actor_id: admin.id, ip: IPV4, before: { lowStockThreshold: 3 }, after: { lowStockThreshold: 7 } }])
	})

	test('price and stock from the product form; stock adjustments', async () => {
		const { product, variant } = await createProduct({ title: 'Bandana Xadrez', variants: [{ title: 'P', priceCents: 2990, stock: 5 }] })
		const fields = {
			title: product.title,
			handle: product.handle,
			descriptionHtml: '',
			productType: '',
			tags: [],
			status: 'active' as const,
			vendor: null,
		}
		const result = await updateProduct({
			id: product.id,
			version: product.version,
			fields: fields as never,
			variants: [{ id: variant.id, price: 3490, compareAtPrice: null, sku: null, stock: 8, available: true, weight: undefined, dimensions: undefined }],
			collectionIds: [],
			userId: admin.id,
			ip: IPV6,
		})
		expect(result.ok).toBe(true)
		const subject = { subject_type: 'variant', subject_id: variant.id, subject_label: 'Bandana Xadrez — P', actor_id: admin.id, ip: IPV6 }
		expect(await entries('price')).toEqual([expect.objectContaining({ ...subject, before: { priceCents: 2990 }, after: { priceCents: 3490 } })])
		expect(await entries('stock')).toEqual([expect.objectContaining({ ...subject, before: { stock: 5 }, after: { stock: 8 } })])

		expect(await adjustStock({ productId: product.id, variantId: variant.id, delta: -3, reason: 'Avaria', userId: admin.id, ip: IPV4 })).toEqual({
			ok: true,
			stock: 5,
		})
		expect((await entries('stock')).at(-1)).toMatchObject({ ...subject, ip: IPV4, before: { stock: 8 }, after: { stock: 5 } })
	})

	test('the product CSV import: an existing variant whose price and stock the file changes', async () => {
		const { product, variant } = await createProduct({ title: 'Laço Festa', variants: [{ title: 'Default Title', priceCents: 1990, stock: 4 }] })
		const draft = {
			line: 2,
			handle: product.handle,
			title: null,
			descriptionHtml: null,
			vendor: null,
			productType: null,
			tags: null,
			status: null,
			optionNames: [],
			images: [],
			notes: [],
			variants: [{ line: 2, selectedOptions: [], title: 'Default Title', priceCents: 2490, compareAtPriceCents: null, sku: null, weightGrams: null, stock: 4 }],
		}
		expect(await applyProductImport([draft], admin.id, IPV4)).toMatchObject({ updated: 1, failed: [] })
		const subject = { subject_id: variant.id, subject_label: 'Laço Festa', actor_id: admin.id, ip: IPV4 }
		expect(await entries('price')).toEqual([expect.objectContaining({ ...subject, before: { priceCents: 1990 }, after: { priceCents: 2490 } })])
		// The stock was the same: no stock entry.
		expect(await entries('stock')).toEqual([])
	})

	test('personalization prices: an extra of the bandana, the collar base price', async () => {
		await db.delete(personalizationItems)
		const [item] = await db
			.insert(personalizationItems)
			.values({ key: 'pet_name', itemName: 'Nome bordado', priceCents: 1000, productType: 'bandana' })
			.returning({ id: personalizationItems.id })
		expect((await setItemPrice('bandana', item!.id, '12,50', actor())).ok).toBe(true)
		// The base price is the base product's (decision 134): without that product nothing is saved or logged.
		expect((await setCollarBasePrice('39,90', actor())).ok).toBe(false)
		await createProduct({ handle: COLLAR_PERSONALIZATION_BASE_HANDLE, title: 'Colar Personalizado', variants: [{ priceCents: 1990 }] })
		expect((await setCollarBasePrice('39,90', actor())).ok).toBe(true)
		expect((await setCollarBasePrice('45,00', actor())).ok).toBe(true)
		expect(await entries('price')).toEqual([
			expect.objectContaining({ subject_type: 'personalization', subject_id: item!.id, subject_label: 'Bandana personalizada: Nome bordado', actor_id: admin.id, ip: IPV6, before: { priceCents: 1000 }, after: { priceCents: 1250 } }),
			expect.objectContaining({ subject_label: 'Preço base do colar personalizado', before: { priceCents: 1990 }, after: { priceCents: 3990 } }),
			expect.objectContaining({ subject_label: 'Preço base do colar personalizado', before: { priceCents: 3990 }, after: { priceCents: 4500 } }),
		])
	})

	test('wholesale: the tier table and an extra’s price', async () => {
		await db.execute(sql`delete from wholesale_pricing`)
		const rows = [
			{ min: '10', max: '49', price: '20,00' },
			{ min: '50', max: '', price: '18,00' },
		]
		expect((await saveTiers('bandana', rows, actor())).ok).toBe(true)
		expect((await saveTiers('bandana', [rows[0]!, { ...rows[1]!, price: '17,00' }], actor())).ok).toBe(true)
		expect((await setWholesaleExtraPrice('sideName', '3,50', actor())).ok).toBe(true)
		const [first, second, extra] = await entries('price')
		expect(first).toMatchObject({ subject_label: 'Atacado: bandanas', actor_id: admin.id, ip: IPV6, before: { tiers: [] } })
		expect(second).toMatchObject({
			before: { tiers: [{ minQuantity: 10 }, { minQuantity: 50, maxQuantity: null, unitPriceCents: 1800 }] },
			after: { tiers: [{ minQuantity: 10 }, { minQuantity: 50, maxQuantity: null, unitPriceCents: 1700 }] },
		})
		expect(extra).toMatchObject({ subject_label: 'Atacado: Nome lateral (por unidade)', after: { priceCents: 350 } })
	})

	test("order status: the admin's change, and the shop's own (no person, no address)", async () => {
		const buyer = await customer()
		const order = await insertOrder(buyer)
		expect(await changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null, actorLabel: 'Pagamento aprovado (teste)' })).toEqual({ ok: true })
		expect(await changeOrderStatus({ orderId: order.id, to: 'em_producao', actorUserId: admin.id, actorIp: IPV6 })).toEqual({ ok: true })
		expect(await changeOrderStatus({ orderId: order.id, to: 'enviado', actorUserId: admin.id, actorIp: IPV4, trackingCode: 'BR123' })).toEqual({ ok: true })
		const [paid, production, shipped] = await entries('order_status')
		expect(paid).toMatchObject({ actor_id: null, actor_email: null, ip: null, before: { status: 'aguardando_pagamento' }, after: { status: 'pago' } })
		expect(production).toMatchObject({
			actor_id: admin.id,
			actor_email: adminEmail,
			ip: IPV6,
			subject_type: 'order',
			subject_id: order.id,
			subject_label: `Pedido ${order.reference}`,
			subject_user_id: buyer,
			before: { status: 'pago' },
			after: { status: 'em_producao' },
		})
		expect(shipped).toMatchObject({ ip: IPV4, before: { status: 'em_producao' }, after: { status: 'enviado', trackingCode: 'BR123' } })
	})

	test('refunds: the amount refunded so far, written with the payment event (once per refund id)', async () => {
		const buyer = await customer()
		const order = await insertOrder(buyer, 'pago')
		const event = {
			orderId: order.id,
			kind: 'refund_requested' as const,
			provider: 'mercadopago',
			amountCents: 1500,
			eventKey: `mercadopago:refund-requested:${randomUUID()}`,
		}
		expect(await recordRefundRequested(event, 1000, actor())).toBe(true)
		expect(await recordRefundRequested(event, 1000, actor())).toBe(false)
		expect(await entries('refund')).toEqual([
			expect.objectContaining({
				actor_id: admin.id,
				ip: IPV6,
				subject_id: order.id,
				subject_user_id: buyer,
				before: { refundedCents: 1000 },
				after: { refundedCents: 2500 },
			}),
		])
	})

	test('roles: promotion and demotion; nothing when the role was already so', async () => {
		const target = await customer()
		expect((await changeUserRole(admin.id, target, 'admin', IPV6)).ok).toBe(true)
		expect((await changeUserRole(admin.id, target, 'admin', IPV6)).ok).toBe(true)
		expect((await changeUserRole(admin.id, target, 'customer', IPV4)).ok).toBe(true)
		expect(await entries('role')).toEqual([
			expect.objectContaining({ subject_user_id: target, ip: IPV6, actor_id: admin.id, before: { role: 'customer' }, after: { role: 'admin' } }),
			expect.objectContaining({ subject_user_id: target, ip: IPV4, before: { role: 'admin' }, after: { role: 'customer' } }),
		])
	})

	test('reviews: approved, rejected, deleted', async () => {
		const author = await customer()
		const [review] = await db
			.insert(reviews)
			.values({ productId: 'produto-1', productName: 'Coleira Azul', customerName: 'Ana', customerEmail: 'ana@exemplo.test', userId: author, rating: 4 })
			.returning({ id: reviews.id })
		expect(await setReviewApproval(review!.id, true, actor())).toBe(true)
		expect(await setReviewApproval(review!.id, false, actor())).toBe(true)
		expect(await deleteReview(review!.id, actor())).toBe(true)
		const common = { subject_type: 'review', subject_id: review!.id, subject_label: 'Avaliação — Coleira Azul', subject_user_id: author, actor_id: admin.id, ip: IPV6 }
		expect(await entries('review')).toEqual([
			expect.objectContaining({ ...common, before: { isApproved: false }, after: { isApproved: true } }),
			expect.objectContaining({ ...common, before: { isApproved: true }, after: { isApproved: false } }),
			expect.objectContaining({ ...common, before: { isApproved: false, rating: 4 }, after: null }),
		])
	})

	test('photos: approved; another rejected (deleted)', async () => {
		const owner = await customer()
		const [kept, refused] = await db
			.insert(userPhotos)
			.values([
				{ userId: owner, photoUrl: '/nao-existe/a.jpg' },
				{ userId: owner, photoUrl: '/nao-existe/b.jpg' },
			])
			.returning({ id: userPhotos.id })
		expect(await approvePhoto(kept!.id, actor())).toBe(true)
		expect(await rejectPhoto(refused!.id, actor())).toBe(true)
		expect(await entries('photo')).toEqual([
			expect.objectContaining({ subject_id: kept!.id, subject_user_id: owner, actor_id: admin.id, ip: IPV6, before: { isApproved: false }, after: { isApproved: true } }),
			expect.objectContaining({ subject_id: refused!.id, subject_user_id: owner, before: { isApproved: false }, after: null }),
		])
	})
})
