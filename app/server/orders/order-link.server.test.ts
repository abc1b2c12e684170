import { describe, expect, test } from 'vitest'
import { ORDER_LINK_LIFETIME_MS, accessTokenOpens, orderLinkUrl, requestedAccessToken } from './order-link.server'

const TOKEN = 'a'.repeat(32) + '0123456789abcdef'.repeat(2)
const changedAt = new Date('2026-11-01T12:00:00Z')

describe('order e-mail links', () => {
	test('the link carries the token; only a token-shaped value is read back', () => {
		const url = orderLinkUrl('https://loja.example', 'PET-ABC123', TOKEN)
		expect(url).toBe(`https://loja.example/pedido/PET-ABC123?acesso=${TOKEN}`)
		expect(requestedAccessToken(new Request(url))).toBe(TOKEN)
		expect(requestedAccessToken(new Request('https://loja.example/pedido/PET-ABC123?acesso=abc'))).toBeNull()
		expect(requestedAccessToken(new Request(`https://loja.example/pedido/PET-ABC123?acesso=${TOKEN.toUpperCase()}`))).toBeNull()
	})

	test('opens with the exact token until 90 days after the order last changed', () => {
		const order = { access_token: TOKEN, updated_at: changedAt }
		expect(accessTokenOpens(order, TOKEN, changedAt.getTime())).toBe(true)
		expect(accessTokenOpens(order, TOKEN, changedAt.getTime() + ORDER_LINK_LIFETIME_MS)).toBe(true)
		expect(accessTokenOpens(order, TOKEN, changedAt.getTime() + ORDER_LINK_LIFETIME_MS + 1)).toBe(false)
		expect(accessTokenOpens(order, `${TOKEN.slice(0, -1)}1`, changedAt.getTime())).toBe(false)
		expect(accessTokenOpens(order, null, changedAt.getTime())).toBe(false)
	})
})
