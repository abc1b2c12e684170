import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { CART_COOKIE_NAME } from '~/server/cart-cookie.server'
import { db, queryRows } from '~/server/db.server'
import { CART_REMINDER_CONSENT_TEXT, getCartReminderConsent, grantCartReminderConsent, withdrawCartReminderConsent } from './consent.server'
import { CART_REMINDER_SUBJECT, cartReminderEmail } from './reminder-mail.server'
import { RESTORE_MESSAGES, restoreCartFromReminder } from './restore.server'
import { REMINDER_DELAY_MS, RENOTIFY_AFTER_MS, sendCartReminders } from './send.server'
import { unsubscribeWithToken } from './unsubscribe.server'

/* Issue 31 (decision 121): who gets the abandoned-cart reminder, when, and never twice. */
withTestDatabase()

const HOUR = 60 * 60 * 1000

beforeEach(async () => {
	await db.execute(sql`truncate cart_reminders, cart_reminder_consents, mail_outbox, orders, order_lines cascade`)
	await clearCommerceTables()
})

/** A customer whose cart holds 2 × a R$ 49,90 bandana, last changed at `changedAt`. */
async function shopperWithCart(options: { consent?: boolean; changedAt?: Date } = {}) {
	const user = await userWithSession()
	const [email] = await queryRows<{ email: string }>(sql`select email from users where id = ${user.id}::uuid`)
	if (options.consent ?? true) await grantCartReminderConsent(user.id, { ip: '203.0.113.7', source: 'configuracoes' })
	const { variant } = await createProduct({
		title: 'Bandana Xadrez',
		options: [{ name: 'Tamanho', values: ['G'] }],
		variants: [{ priceCents: 4990, selectedOptions: [{ name: 'Tamanho', value: 'G' }] }],
	})
	const changedAt = (options.changedAt ?? new Date()).toISOString()
	const [cart] = await queryRows<{ id: string }>(
		sql`insert into carts (user_id, updated_at) values (${user.id}::uuid, ${changedAt}) returning id`,
	)
	await db.execute(sql`insert into cart_lines (cart_id, variant_id, quantity) values (${cart!.id}::uuid, ${variant.id}::uuid, 2)`)
	return { ...user, email: email!.email, cartId: cart!.id, variantId: variant.id }
}

const mailsTo = (to: string) => queryRows<{ subject: string; text: string; html: string }>(sql`select subject, text, html from mail_outbox where "to" = ${to} order by created_at`)
const later = (from: Date, ms: number) => new Date(from.getTime() + ms)
const tokenOf = (text: string, path: string) => new RegExp(`${path}/([A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? ''

describe('sendCartReminders', () => {
	test('one e-mail 3 hours after the last change: the items at the server prices, the restore button and the way out', async () => {
		const ana = await shopperWithCart()
		const changed = new Date()
		expect(await sendCartReminders({ now: later(changed, REMINDER_DELAY_MS - HOUR) })).toBe(0)
		expect(await sendCartReminders({ now: later(changed, REMINDER_DELAY_MS + HOUR) })).toBe(1)
		const [mail] = await mailsTo(ana.email)
		expect(mail?.subject).toBe(CART_REMINDER_SUBJECT)
		expect(mail?.text).toContain('2 × Bandana Xadrez (G): R$ 99,80')
		expect(mail?.text).toContain('Subtotal: R$ 99,80')
		expect(mail?.text).toMatch(/Voltar ao carrinho: https?:\/\/\S+\/carrinho\/voltar\/[A-Za-z0-9_-]{43}/)
		expect(mail?.text).toMatch(/Não quero mais receber lembretes: https?:\/\/\S+\/lembretes\/cancelar\/[A-Za-z0-9_-]{43}/)
		expect(mail?.html).toContain('>Voltar ao carrinho</a>')
		// Never twice for the same cart state.
		expect(await sendCartReminders({ now: later(changed, REMINDER_DELAY_MS + 5 * HOUR) })).toBe(0)
		expect(await mailsTo(ana.email)).toHaveLength(1)
	})

	test('no consent, a withdrawn consent, an empty cart or an order placed since: no e-mail', async () => {
		const noConsent = await shopperWithCart({ consent: false })
		const withdrawn = await shopperWithCart()
		await withdrawCartReminderConsent(withdrawn.id, 'configuracoes')
		const emptied = await shopperWithCart()
		await db.execute(sql`delete from cart_lines where cart_id = ${emptied.cartId}::uuid`)
		const ordered = await shopperWithCart()
		await db.execute(sql`
			insert into orders (reference, user_id, cart_id, idempotency_key, customer_name, email, cpf, phone, cep, street, number,
				district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method)
			values ('PET-LEMBR1', ${ordered.id}::uuid, ${ordered.cartId}::uuid, 'lembrete-1', 'Bia', ${ordered.email}, '52998224725',
				'11912345678', '01310100', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', 0, 9980, 0, 9980, 'card')`)
		expect(await sendCartReminders({ now: later(new Date(), REMINDER_DELAY_MS + HOUR) })).toBe(0)
		for (const shopper of [noConsent, withdrawn, emptied, ordered]) expect(await mailsTo(shopper.email)).toEqual([])
	})

	test('a cart changed after its reminder is reminded again only 7 days after the first', async () => {
		const start = new Date(Date.now() - 10 * 24 * HOUR)
		const bia = await shopperWithCart({ changedAt: start })
		expect(await sendCartReminders({ now: later(start, REMINDER_DELAY_MS) })).toBe(1)
		// She changes the cart the next day: a new state, but the week is not over.
		const nextDay = later(start, 24 * HOUR)
		await db.execute(sql`update carts set updated_at = ${nextDay.toISOString()} where id = ${bia.cartId}::uuid`)
		expect(await sendCartReminders({ now: later(nextDay, REMINDER_DELAY_MS) })).toBe(0)
		// A week after the first reminder she changes it again: this state may be reminded.
		const weekLater = later(start, RENOTIFY_AFTER_MS + HOUR)
		await db.execute(sql`update carts set updated_at = ${weekLater.toISOString()} where id = ${bia.cartId}::uuid`)
		expect(await sendCartReminders({ now: later(weekLater, REMINDER_DELAY_MS) })).toBe(1)
		expect(await mailsTo(bia.email)).toHaveLength(2)
	})

	test('a cart left for days before the job first saw it is not reminded a week late', async () => {
		const old = new Date(Date.now() - 5 * 24 * HOUR)
		await shopperWithCart({ changedAt: old })
		expect(await sendCartReminders()).toBe(0)
	})
})

describe('consent', () => {
	test('recorded with the sentence, when and the address; withdrawn and given again keeps the history', async () => {
		const user = await userWithSession()
		expect(await getCartReminderConsent(user.id)).toBeNull()
		await grantCartReminderConsent(user.id, { ip: '203.0.113.7', source: 'configuracoes' })
		await grantCartReminderConsent(user.id, { ip: '203.0.113.7', source: 'configuracoes' })
		expect((await getCartReminderConsent(user.id))?.consentText).toBe(CART_REMINDER_CONSENT_TEXT)
		expect(await withdrawCartReminderConsent(user.id, 'configuracoes')).toBe(true)
		expect(await getCartReminderConsent(user.id)).toBeNull()
		await grantCartReminderConsent(user.id, { ip: '198.51.100.2', source: 'configuracoes' })
		const rows = await queryRows<{ granted_ip: string; withdrawn_via: string | null; consent_text: string }>(
			sql`select granted_ip, withdrawn_via, consent_text from cart_reminder_consents where user_id = ${user.id}::uuid order by granted_at`,
		)
		expect(rows).toEqual([
			{ granted_ip: '203.0.113.7', withdrawn_via: 'configuracoes', consent_text: CART_REMINDER_CONSENT_TEXT },
			{ granted_ip: '198.51.100.2', withdrawn_via: null, consent_text: CART_REMINDER_CONSENT_TEXT },
		])
	})
})

describe('the e-mail links', () => {
	test('the unsubscribe link withdraws the consent without signing in; no more reminders; a forged token does nothing', async () => {
		const start = new Date(Date.now() - 10 * 24 * HOUR)
		const carla = await shopperWithCart({ changedAt: start })
		await sendCartReminders({ now: later(start, REMINDER_DELAY_MS) })
		const token = tokenOf((await mailsTo(carla.email))[0]?.text ?? '', '/lembretes/cancelar')
		expect(await unsubscribeWithToken('x'.repeat(43))).toEqual({ ok: false })
		expect(await unsubscribeWithToken('../../etc')).toEqual({ ok: false })
		expect(await unsubscribeWithToken(token)).toEqual({ ok: true, withdrawn: true })
		expect(await unsubscribeWithToken(token)).toEqual({ ok: true, withdrawn: false })
		expect(await getCartReminderConsent(carla.id)).toBeNull()
		const [row] = await queryRows<{ withdrawn_via: string }>(sql`select withdrawn_via from cart_reminder_consents where user_id = ${carla.id}::uuid`)
		expect(row?.withdrawn_via).toBe('email')
		const weekLater = later(start, RENOTIFY_AFTER_MS + HOUR)
		await db.execute(sql`update carts set updated_at = ${weekLater.toISOString()} where id = ${carla.cartId}::uuid`)
		expect(await sendCartReminders({ now: later(weekLater, REMINDER_DELAY_MS) })).toBe(0)
	})

	test('the restore link puts the lines in an anonymous visitor\'s new cart, once, and signs nothing in', async () => {
		const dani = await shopperWithCart()
		await sendCartReminders({ now: later(new Date(), REMINDER_DELAY_MS + HOUR) })
		const token = tokenOf((await mailsTo(dani.email))[0]?.text ?? '', '/carrinho/voltar')
		const first = await restoreCartFromReminder(new Request('http://loja.test/carrinho/voltar/x'), null, token)
		if (!first.ok) throw new Error(first.message)
		const cookies = first.headers.getSetCookie()
		expect(cookies.some((c) => c.startsWith('loja_session'))).toBe(false)
		const cartCookie = cookies.find((c) => c.startsWith(`${CART_COOKIE_NAME}=`))?.split(';')[0] ?? ''
		const cartId = cartCookie.split('=')[1] ?? ''
		expect(cartId).not.toBe(dani.cartId)
		const again = await restoreCartFromReminder(new Request('http://loja.test/carrinho/voltar/x', { headers: { cookie: cartCookie } }), null, token)
		expect(again.ok).toBe(true)
		const lines = await queryRows<{ variant_id: string; quantity: number }>(sql`select variant_id, quantity from cart_lines where cart_id = ${cartId}::uuid`)
		expect(lines).toEqual([{ variant_id: dani.variantId, quantity: 2 }])
		const [owner] = await queryRows<{ user_id: string | null }>(sql`select user_id from carts where id = ${cartId}::uuid`)
		expect(owner?.user_id).toBeNull()
		expect(await restoreCartFromReminder(new Request('http://loja.test/'), null, 'y'.repeat(43))).toEqual({
			ok: false,
			status: 404,
			message: RESTORE_MESSAGES.invalid,
		})
		expect((await restoreCartFromReminder(new Request('http://loja.test/'), null, token, later(new Date(), 31 * 24 * HOUR))).ok).toBe(false)
	})

	test('the message carries List-Unsubscribe with the one-click POST', () => {
		const mail = cartReminderEmail({
			storeName: 'Loja',
			firstName: 'Ana',
			lines: [],
			subtotalCents: 0,
			restoreUrl: 'https://loja.test/carrinho/voltar/a',
			unsubscribeUrl: 'https://loja.test/lembretes/cancelar/b',
		})
		expect(mail.headers).toEqual({
			'List-Unsubscribe': '<https://loja.test/lembretes/cancelar/b>',
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		})
	})
})
