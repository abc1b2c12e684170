import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { users } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { restockAlertEmail } from './restock-mail.server'
import { purgeOldRestockAlerts, sendRestockAlerts } from './notify.server'
import {
	RESTOCK_CONFIRM_MAIL_LIMIT,
	cancelRestockAlert,
	confirmRestockAlert,
	restockAlertsForExport,
	subscribeToRestock,
} from './subscriptions.server'

/**
 * 'Avise-me quando chegar' (issue 31, decision 120), on the real database: double opt-in for an
 * anonymous address, at once for a signed-in shopper's own, one row per address and variant, one
 * e-mail per restock, one-click cancellation, and what is kept.
 */
withTestDatabase()

beforeEach(async () => {
	await db.execute(sql`truncate restock_alerts, mail_outbox, rate_limits`)
	await clearCommerceTables()
})

const IP = '203.0.113.7'

async function soldOutBandana() {
	const { product, variants } = await createProduct({
		title: 'Bandana Xadrez',
		options: [{ name: 'Tamanho', values: ['P', 'M'] }],
		variants: [
			{ title: 'P', stock: 0, selectedOptions: [{ name: 'Tamanho', value: 'P' }] },
			{ title: 'M', stock: 4, selectedOptions: [{ name: 'Tamanho', value: 'M' }] },
		],
	})
	return { product, soldOut: variants[0]!, inStock: variants[1]! }
}

async function createUser(email = `cliente.${randomUUID()}@exemplo.test`) {
	const [user] = await db.insert(users).values({ email, passwordHash: 'nao-usado' }).returning({ id: users.id, email: users.email })
	if (!user) throw new Error('usuário não criado')
	return user
}

async function mails(to?: string) {
	return queryRows<{ to: string; subject: string; text: string }>(
		to ? sql`select "to", subject, text from mail_outbox where "to" = ${to} order by created_at` : sql`select "to", subject, text from mail_outbox order by created_at`,
	)
}

async function setStock(variantId: string, stock: number) {
	await db.execute(sql`update product_variants set stock = ${stock} where id = ${variantId}::uuid`)
}

/** The token of the link in the last confirmation e-mail to `to`. */
async function confirmationToken(to: string): Promise<string> {
	const [mail] = (await mails(to)).filter((m) => m.subject.startsWith('Confirme seu aviso')).slice(-1)
	const token = /\/avise-me\/confirmar\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1]
	if (!token) throw new Error(`sem link de confirmação para ${to}`)
	return token
}

describe('double opt-in', () => {
	test('an anonymous address gets a confirmation link and no alert until it is followed', async () => {
		const { product, soldOut } = await soldOutBandana()
		expect(await subscribeToRestock({ email: 'ana@exemplo.test', variantId: soldOut.id, user: null, ip: IP })).toEqual({ kind: 'pending' })
		const [confirmation] = await mails('ana@exemplo.test')
		expect(confirmation?.subject).toBe('Confirme seu aviso: Bandana Xadrez — P')
		expect(confirmation?.text).toContain('/avise-me/cancelar?token=')

		// Back in stock, not confirmed: nothing.
		await setStock(soldOut.id, 3)
		expect(await sendRestockAlerts()).toBe(0)

		const token = await confirmationToken('ana@exemplo.test')
		expect(await confirmRestockAlert(token)).toEqual({ productTitle: 'Bandana Xadrez', productHandle: product.handle, variantTitle: 'P' })
		// A second click on the link is fine.
		expect(await confirmRestockAlert(token)).not.toBeNull()
		expect(await sendRestockAlerts()).toBe(1)
		const alert = (await mails('ana@exemplo.test')).find((m) => m.subject.startsWith('Chegou!'))
		expect(alert?.subject).toBe('Chegou! Bandana Xadrez — P')
		expect(alert?.text).toContain(`/produto/${product.handle}`)
		expect(alert?.text).toContain(`/avise-me/cancelar?token=${token}`)
	})

	test('the consent is recorded: when, from which address, for which variant', async () => {
		const { soldOut } = await soldOutBandana()
		await subscribeToRestock({ email: 'ana@exemplo.test', variantId: soldOut.id, user: null, ip: IP })
		// An address that is not an IP (the context's 'desconhecido') is recorded as none, not a 500.
		await subscribeToRestock({ email: 'bia@exemplo.test', variantId: soldOut.id, user: null, ip: 'desconhecido' })
		const rows = await queryRows<{ email: string; variant_id: string; ip: string | null; consent_at: unknown; confirmed_at: unknown }>(
			sql`select email, variant_id, host(consent_ip) as ip, consent_at, confirmed_at from restock_alerts order by email`,
		)
		expect(rows.map((r) => [r.email, r.variant_id, r.ip, r.consent_at !== null, r.confirmed_at])).toEqual([
			['ana@exemplo.test', soldOut.id, IP, true, null],
			['bia@exemplo.test', soldOut.id, null, true, null],
		])
	})

	test("a signed-in shopper's own address is confirmed at once, without a confirmation e-mail; another address is not", async () => {
		const { soldOut } = await soldOutBandana()
		const user = await createUser('carla@exemplo.test')
		const own = await subscribeToRestock({ email: 'carla@exemplo.test', variantId: soldOut.id, user, ip: IP })
		expect(own).toEqual({ kind: 'confirmed' })
		expect(await mails()).toEqual([])
		const other = await subscribeToRestock({ email: 'outra@exemplo.test', variantId: soldOut.id, user, ip: IP })
		expect(other).toEqual({ kind: 'pending' })
		expect((await mails('outra@exemplo.test')).map((m) => m.subject)).toEqual(['Confirme seu aviso: Bandana Xadrez — P'])

		await setStock(soldOut.id, 1)
		expect(await sendRestockAlerts()).toBe(1)
		expect((await mails('carla@exemplo.test')).map((m) => m.subject)).toEqual(['Chegou! Bandana Xadrez — P'])
	})

	test('confirmation e-mails to one address are limited: a stranger cannot flood it through the form', async () => {
		const { soldOut } = await soldOutBandana()
		for (let i = 0; i < RESTOCK_CONFIRM_MAIL_LIMIT.limit + 2; i++) {
			expect(await subscribeToRestock({ email: 'alvo@exemplo.test', variantId: soldOut.id, user: null, ip: IP })).toEqual({ kind: 'pending' })
		}
		expect(await mails('alvo@exemplo.test')).toHaveLength(RESTOCK_CONFIRM_MAIL_LIMIT.limit)
	})
})

describe('one e-mail per restock', () => {
	test('each confirmed subscriber of the variant gets one alert; the next restock sends nothing unless asked again', async () => {
		const { soldOut } = await soldOutBandana()
		const ana = await createUser('ana@exemplo.test')
		const bia = await createUser('bia@exemplo.test')
		await subscribeToRestock({ email: ana.email, variantId: soldOut.id, user: ana, ip: IP })
		await subscribeToRestock({ email: bia.email, variantId: soldOut.id, user: bia, ip: IP })
		// Still sold out: nothing to say.
		expect(await sendRestockAlerts()).toBe(0)

		await setStock(soldOut.id, 2)
		expect(await sendRestockAlerts()).toBe(2)
		expect(await sendRestockAlerts()).toBe(0)
		const notified = await queryRows<{ n: number }>(sql`select count(*)::int as n from restock_alerts where notified_at is not null`)
		expect(notified[0]?.n).toBe(2)

		// Sold out and back again: the alert was one, already sent.
		await setStock(soldOut.id, 0)
		await setStock(soldOut.id, 5)
		expect(await sendRestockAlerts()).toBe(0)
		expect((await mails()).filter((m) => m.subject.startsWith('Chegou!'))).toHaveLength(2)

		// Asking again after the alert starts over.
		await setStock(soldOut.id, 0)
		expect(await subscribeToRestock({ email: ana.email, variantId: soldOut.id, user: ana, ip: IP })).toEqual({ kind: 'confirmed' })
		await setStock(soldOut.id, 1)
		expect(await sendRestockAlerts()).toBe(1)
		expect((await mails(ana.email)).filter((m) => m.subject.startsWith('Chegou!'))).toHaveLength(2)
	})

	test('only that variant: other variants coming back, or a variant the owner keeps switched off, send nothing', async () => {
		const { soldOut, inStock } = await soldOutBandana()
		const ana = await createUser()
		await subscribeToRestock({ email: ana.email, variantId: soldOut.id, user: ana, ip: IP })
		await setStock(inStock.id, 10)
		expect(await sendRestockAlerts()).toBe(0)
		await db.execute(sql`update product_variants set stock = 3, available = false where id = ${soldOut.id}::uuid`)
		expect(await sendRestockAlerts()).toBe(0)
		// Switched on again: that is the restock, whatever path made it.
		await db.execute(sql`update product_variants set available = true where id = ${soldOut.id}::uuid`)
		expect(await sendRestockAlerts()).toBe(1)
	})

	test('a variant that can be bought, or that is not on sale, takes no sign-up', async () => {
		const { soldOut, inStock } = await soldOutBandana()
		expect(await subscribeToRestock({ email: 'ana@exemplo.test', variantId: inStock.id, user: null, ip: IP })).toEqual({ kind: 'available' })
		expect(await subscribeToRestock({ email: 'ana@exemplo.test', variantId: randomUUID(), user: null, ip: IP })).toEqual({ kind: 'not-found' })
		const internal = await createProduct({ tags: ['uso-interno'], variants: [{ stock: 0 }] })
		expect(await subscribeToRestock({ email: 'ana@exemplo.test', variantId: internal.variant.id, user: null, ip: IP })).toEqual({ kind: 'not-found' })
		await db.execute(sql`update products set status = 'draft' where id = (select product_id from product_variants where id = ${soldOut.id}::uuid)`)
		expect(await subscribeToRestock({ email: 'ana@exemplo.test', variantId: soldOut.id, user: null, ip: IP })).toEqual({ kind: 'not-found' })
		expect(await queryRows(sql`select 1 from restock_alerts`)).toEqual([])
	})
})

describe('dedup', () => {
	test('the same address and variant is one row, however often asked; the pending link keeps working', async () => {
		const { soldOut } = await soldOutBandana()
		await subscribeToRestock({ email: 'ana@exemplo.test', variantId: soldOut.id, user: null, ip: IP })
		const first = await confirmationToken('ana@exemplo.test')
		await Promise.all([1, 2, 3].map(() => subscribeToRestock({ email: 'ana@exemplo.test', variantId: soldOut.id, user: null, ip: IP })))
		const rows = await queryRows<{ token: string }>(sql`select token from restock_alerts`)
		expect(rows).toEqual([{ token: first }])

		// Confirmed and waiting: asking again (anonymously) sends no new e-mail and changes nothing.
		await confirmRestockAlert(first)
		const before = (await mails('ana@exemplo.test')).length
		expect(await subscribeToRestock({ email: 'ana@exemplo.test', variantId: soldOut.id, user: null, ip: '198.51.100.9' })).toEqual({ kind: 'pending' })
		expect(await mails('ana@exemplo.test')).toHaveLength(before)
		// Nor the consent it was confirmed with: someone else typing her address is not her consent.
		expect(await queryRows(sql`select host(consent_ip) as ip from restock_alerts`)).toEqual([{ ip: IP }])
		await setStock(soldOut.id, 1)
		expect(await sendRestockAlerts()).toBe(1)
	})
})

describe('unsubscribe', () => {
	test("the link's one click deletes the alert: nothing is sent, and the link is spent", async () => {
		const { product, soldOut } = await soldOutBandana()
		const ana = await createUser()
		await subscribeToRestock({ email: 'anonima@exemplo.test', variantId: soldOut.id, user: null, ip: IP })
		await subscribeToRestock({ email: ana.email, variantId: soldOut.id, user: ana, ip: IP })
		const token = await confirmationToken('anonima@exemplo.test')
		await confirmRestockAlert(token)
		expect(await cancelRestockAlert(token)).toEqual({ productTitle: 'Bandana Xadrez', productHandle: product.handle, variantTitle: 'P' })
		expect(await cancelRestockAlert(token)).toBeNull()
		expect(await confirmRestockAlert(token)).toBeNull()
		expect(await cancelRestockAlert('x'.repeat(43))).toBeNull()
		expect(await cancelRestockAlert('não é um token')).toBeNull()
		await setStock(soldOut.id, 1)
		expect(await sendRestockAlerts()).toBe(1)
		expect((await mails()).filter((m) => m.subject.startsWith('Chegou!')).map((m) => m.to)).toEqual([ana.email])
	})

	test('every e-mail carries List-Unsubscribe (one click, RFC 8058)', () => {
		const mail = restockAlertEmail({
			storeName: 'Loja',
			productTitle: 'Laço',
			variantTitle: 'Default Title',
			productUrl: 'https://loja.test/produto/laco',
			unsubscribeUrl: 'https://loja.test/avise-me/cancelar?token=abc',
		})
		expect(mail.subject).toBe('Chegou! Laço')
		expect(mail.headers).toEqual({
			'List-Unsubscribe': '<https://loja.test/avise-me/cancelar?token=abc>',
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		})
	})
})

describe('what is kept (LGPD)', () => {
	test('unconfirmed requests go after 7 days and sent alerts after 90; waiting ones stay', async () => {
		const { soldOut, inStock } = await soldOutBandana()
		const other = await createProduct({ variants: [{ stock: 0 }] })
		await subscribeToRestock({ email: 'velho@exemplo.test', variantId: soldOut.id, user: null, ip: IP })
		await subscribeToRestock({ email: 'novo@exemplo.test', variantId: soldOut.id, user: null, ip: IP })
		const waiting = await createUser()
		await subscribeToRestock({ email: waiting.email, variantId: other.variant.id, user: waiting, ip: IP })
		await db.execute(sql`update restock_alerts set consent_at = now() - interval '8 days' where email in ('velho@exemplo.test', ${waiting.email})`)
		await db.execute(sql`insert into restock_alerts (email, variant_id, token, confirmed_at, notified_at)
			values ('avisado@exemplo.test', ${inStock.id}::uuid, ${'a'.repeat(43)}, now() - interval '100 days', now() - interval '91 days'),
				('recente@exemplo.test', ${inStock.id}::uuid, ${'b'.repeat(43)}, now() - interval '10 days', now() - interval '5 days')`)
		await purgeOldRestockAlerts()
		const left = await queryRows<{ email: string }>(sql`select email from restock_alerts order by email`)
		expect(left.map((r) => r.email)).toEqual([waiting.email, 'novo@exemplo.test', 'recente@exemplo.test'].sort())
	})

	test("the account's export lists her alerts, by account or by her address", async () => {
		const { soldOut } = await soldOutBandana()
		const ana = await createUser('ana.export@exemplo.test')
		await subscribeToRestock({ email: ana.email, variantId: soldOut.id, user: ana, ip: IP })
		await subscribeToRestock({ email: 'outra@exemplo.test', variantId: soldOut.id, user: null, ip: IP })
		const rows = await restockAlertsForExport(ana.id)
		expect(rows.map((r) => [r.produto, r.variante, r.email, r.ip])).toEqual([['Bandana Xadrez', 'P', ana.email, IP]])
	})
})
