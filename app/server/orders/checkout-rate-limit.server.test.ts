import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { db } from '~/server/db.server'
import { checkoutLimits, checkoutRateLimitedMessage, consumeCheckoutBudget } from './checkout-rate-limit.server'

const CHECKOUT_LIMITS = checkoutLimits()

withTestDatabase()

beforeEach(async () => {
	await db.execute(sql`delete from rate_limits`)
})

describe('consumeCheckoutBudget', () => {
	test('defaults: 10 orders an hour per address, 5 per e-mail', () => {
		expect(CHECKOUT_LIMITS).toEqual({ address: { limit: 10, windowSeconds: 3600 }, email: { limit: 5, windowSeconds: 3600 } })
	})

	test('one e-mail is limited whatever the address (case and spaces do not make a new budget)', async () => {
		const results = []
		for (let i = 0; i <= CHECKOUT_LIMITS.email.limit; i++) {
			results.push(await consumeCheckoutBudget({ clientIp: `203.0.113.${i}`, email: i % 2 ? ' Ana@Example.com ' : 'ana@example.com' }))
		}
		expect(results.slice(0, -1).every((r) => r.allowed)).toBe(true)
		const refused = results.at(-1)
		expect(refused?.allowed).toBe(false)
		if (refused?.allowed === false) {
			expect(refused.retryAfterSeconds).toBeGreaterThan(0)
			expect(refused.retryAfterSeconds).toBeLessThanOrEqual(CHECKOUT_LIMITS.email.windowSeconds)
			expect(refused.message).toBe(checkoutRateLimitedMessage(refused.retryAfterSeconds))
		}
		// Another buyer is not affected.
		expect((await consumeCheckoutBudget({ clientIp: '198.51.100.1', email: 'bruno@example.com' })).allowed).toBe(true)
	})

	test('the message says how long to wait, in Portuguese', () => {
		expect(checkoutRateLimitedMessage(30)).toBe(
			'Muitos pedidos em pouco tempo. Aguarde 1 minuto e tente novamente; seus dados continuam preenchidos.',
		)
		expect(checkoutRateLimitedMessage(61 * 60 - 1)).toContain('Aguarde 61 minutos')
	})
})
