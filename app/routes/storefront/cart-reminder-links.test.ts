import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { getCartReminderConsent } from '~/server/cart-reminders/consent.server'
import { RESTORE_MESSAGES } from '~/server/cart-reminders/restore.server'
import { REMINDER_DELAY_MS, sendCartReminders } from '~/server/cart-reminders/send.server'
import { UNSUBSCRIBE_MESSAGES } from '~/server/cart-reminders/unsubscribe.server'
import { db, queryRows } from '~/server/db.server'
import { action as settingsAction, loader as settingsLoader, REMINDER_INTENT } from '../account/settings'
import { loader as restoreLoader } from './cart-restore'
import { action as unsubscribeAction, loader as unsubscribeLoader } from './reminder-unsubscribe'

/* Issue 31 (decision 121): the settings toggle and the reminder's two links, as the routes answer them. */
withTestDatabase()

const context = { clientIp: '203.0.113.7', cspNonce: '' }
type DataResult = { data: { ok?: boolean; message?: string }; init: ResponseInit | null }

async function toggle(cookie: string, on: boolean) {
	const body = new URLSearchParams({ intent: REMINDER_INTENT, ...(on ? { lembrete: 'sim' } : {}) })
	const request = new Request('http://loja.test/user/settings', { method: 'POST', body, headers: { cookie } })
	return (await settingsAction({ request, params: {}, context } as never)) as unknown as DataResult
}

/** A signed-in shopper who opts in from the settings, leaves a cart, and gets the reminder. */
async function remindedShopper() {
	const user = await userWithSession()
	expect((await toggle(user.cookie, true)).init?.status ?? 200).toBe(200)
	const { variant } = await createProduct({ title: 'Coleira Azul', variants: [{ priceCents: 3990 }] })
	const [cart] = await queryRows<{ id: string }>(sql`insert into carts (user_id) values (${user.id}::uuid) returning id`)
	await db.execute(sql`insert into cart_lines (cart_id, variant_id, quantity) values (${cart!.id}::uuid, ${variant.id}::uuid, 1)`)
	await sendCartReminders({ now: new Date(Date.now() + REMINDER_DELAY_MS + 60_000) })
	const [user_] = await queryRows<{ email: string }>(sql`select email from users where id = ${user.id}::uuid`)
	const [mail] = await queryRows<{ text: string }>(sql`select text from mail_outbox where "to" = ${user_!.email}`)
	const token = (path: string) => new RegExp(`${path}/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '')?.[1] ?? ''
	return { ...user, variantId: variant.id, restoreToken: token('/carrinho/voltar'), unsubscribeToken: token('/lembretes/cancelar') }
}

describe('/user/settings: the reminder consent', () => {
	test('off by default; ticked records the consent with the address; unticked withdraws it', async () => {
		const user = await userWithSession()
		const load = () =>
			settingsLoader({ request: new Request('http://loja.test/user/settings', { headers: { cookie: user.cookie } }), params: {}, context } as never)
		expect((await load()).cartReminder).toBeNull()
		await toggle(user.cookie, true)
		expect((await load()).cartReminder).not.toBeNull()
		const [row] = await queryRows<{ granted_ip: string }>(sql`select granted_ip from cart_reminder_consents where user_id = ${user.id}::uuid`)
		expect(row?.granted_ip).toBe('203.0.113.7')
		await toggle(user.cookie, false)
		expect((await load()).cartReminder).toBeNull()
	})
})

describe('/carrinho/voltar/:token', () => {
	test('restores the cart in an anonymous browser and opens the drawer; nothing is signed in', async () => {
		const shopper = await remindedShopper()
		const request = new Request(`http://loja.test/carrinho/voltar/${shopper.restoreToken}`)
		const thrown = await Promise.resolve(restoreLoader({ request, params: { token: shopper.restoreToken }, context } as never)).catch((e: unknown) => e)
		expect(thrown).toBeInstanceOf(Response)
		const response = thrown as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/?carrinho=abrir')
		const cookies = response.headers.getSetCookie()
		expect(cookies.some((c) => c.startsWith('loja_session='))).toBe(false)
		const cartId = /loja_cart=([0-9a-f-]{36})/.exec(cookies.join(';'))?.[1] ?? ''
		const lines = await queryRows<{ variant_id: string }>(sql`select variant_id from cart_lines where cart_id = ${cartId}::uuid`)
		expect(lines.map((l) => l.variant_id)).toEqual([shopper.variantId])
	})

	test('a forged, malformed or unknown token gets a Portuguese page, not a 500', async () => {
		for (const token of ['z'.repeat(43), 'abc', '%00%27']) {
			const request = new Request(`http://loja.test/carrinho/voltar/${token}`)
			const result = (await restoreLoader({ request, params: { token }, context } as never)) as unknown as DataResult
			expect(result.init?.status).toBe(404)
			expect(result.data.message).toBe(RESTORE_MESSAGES.invalid)
		}
	})
})

describe('/lembretes/cancelar/:token', () => {
	test('the link withdraws the consent without signing in; the one-click POST does the same', async () => {
		const shopper = await remindedShopper()
		const token = shopper.unsubscribeToken
		const request = new Request(`http://loja.test/lembretes/cancelar/${token}`)
		const result = (await unsubscribeLoader({ request, params: { token }, context } as never)) as unknown as DataResult
		expect(result.init?.status ?? 200).toBe(200)
		expect(result.data.message).toBe(UNSUBSCRIBE_MESSAGES.done)
		expect(await getCartReminderConsent(shopper.id)).toBeNull()
		const post = new Request(`http://loja.test/lembretes/cancelar/${token}`, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) })
		const posted = (await unsubscribeAction({ request: post, params: { token }, context } as never)) as unknown as DataResult
		expect(posted.data.ok).toBe(true)
	})

	test('a forged token gets a Portuguese message, not a 500, and withdraws nothing', async () => {
		const shopper = await remindedShopper()
		const token = `${shopper.unsubscribeToken.slice(0, 42)}${shopper.unsubscribeToken.endsWith('A') ? 'B' : 'A'}`
		const result = (await unsubscribeLoader({ request: new Request('http://loja.test/'), params: { token }, context } as never)) as unknown as DataResult
		expect(result.init?.status).toBe(404)
		expect(result.data.message).toBe(UNSUBSCRIBE_MESSAGES.invalid)
		expect(await getCartReminderConsent(shopper.id)).not.toBeNull()
	})
})
