import { describe, expect, test } from 'vitest'
import { installmentOptionLabel, installmentOptions } from '~/utils/installments'
import { amountToCents, centsToAmount } from './amount'
import { signatureManifest, signNotification, verifySignature } from './signature.server'
import { MP_DECLINED_MESSAGES, paymentOutcome } from './status'

/** Mercado Pago's rules as pure functions (decisions 077, 078): no server, no database. */
const SECRET = 'assinatura-secreta-de-teste-1234'
const NOW = 1_767_000_000_000

describe('x-signature', () => {
	const signed = (dataId: string, requestId: string, ts: number, secret = SECRET) => `ts=${ts},v1=${signNotification(secret, dataId, requestId, String(ts))}`

	test('the documented manifest: id, request-id and ts, each ending in a semicolon; missing parts left out; alphanumeric ids lower-cased', () => {
		expect(signatureManifest('123456', 'req-1', '1704908010')).toBe('id:123456;request-id:req-1;ts:1704908010;')
		expect(signatureManifest(null, 'req-1', '1')).toBe('request-id:req-1;ts:1;')
		expect(signatureManifest('ABC123', null, '1')).toBe('id:abc123;ts:1;')
	})

	test('a fresh signature over the notification is accepted (ts in ms, or in s)', () => {
		expect(verifySignature({ header: signed('123', 'r', NOW), requestId: 'r', dataId: '123', secret: SECRET, now: NOW + 1000 })).toEqual({ ok: true, ts: NOW })
		const seconds = Math.floor(NOW / 1000)
		expect(verifySignature({ header: signed('123', 'r', seconds), requestId: 'r', dataId: '123', secret: SECRET, now: NOW }).ok).toBe(true)
		// Spaces and order of the parts do not matter.
		const [ts, v1] = signed('123', 'r', NOW).split(',')
		expect(verifySignature({ header: ` ${v1}, ${ts} `, requestId: 'r', dataId: '123', secret: SECRET, now: NOW }).ok).toBe(true)
	})

	test('forged: another secret, another payment id, another request id', () => {
		const header = signed('123', 'r', NOW)
		expect(verifySignature({ header: signed('123', 'r', NOW, 'outro-segredo-qualquer'), requestId: 'r', dataId: '123', secret: SECRET, now: NOW })).toEqual({ ok: false, reason: 'mismatch' })
		expect(verifySignature({ header, requestId: 'r', dataId: '124', secret: SECRET, now: NOW })).toEqual({ ok: false, reason: 'mismatch' })
		expect(verifySignature({ header, requestId: 'r2', dataId: '123', secret: SECRET, now: NOW })).toEqual({ ok: false, reason: 'mismatch' })
	})

	test('stale or from the future (a replay): refused after 5 minutes', () => {
		const old = NOW - 301_000
		expect(verifySignature({ header: signed('123', 'r', old), requestId: 'r', dataId: '123', secret: SECRET, now: NOW })).toEqual({ ok: false, reason: 'stale' })
		expect(verifySignature({ header: signed('123', 'r', NOW + 301_000), requestId: 'r', dataId: '123', secret: SECRET, now: NOW })).toEqual({ ok: false, reason: 'stale' })
		expect(verifySignature({ header: signed('123', 'r', NOW - 299_000), requestId: 'r', dataId: '123', secret: SECRET, now: NOW }).ok).toBe(true)
	})

	test('missing or malformed headers', () => {
		for (const header of ['ts=1', 'v1=abc', 'ts=abc,v1=' + 'a'.repeat(64), `ts=${NOW},v1=zz`, 'garbage'])
			expect(verifySignature({ header, requestId: 'r', dataId: '1', secret: SECRET, now: NOW })).toEqual({ ok: false, reason: 'malformed' })
		expect(verifySignature({ header: null, requestId: 'r', dataId: '1', secret: SECRET, now: NOW })).toEqual({ ok: false, reason: 'missing' })
	})
})

describe('status and status_detail', () => {
	test('approved/accredited pays; in_process and pending wait', () => {
		expect(paymentOutcome('approved', 'accredited')).toEqual({ kind: 'approved' })
		expect(paymentOutcome('in_process', 'pending_contingency')).toMatchObject({ kind: 'pending', detail: 'Pagamento em processamento no Mercado Pago' })
		expect(paymentOutcome('in_process', 'pending_review_manual')).toMatchObject({ kind: 'pending', detail: 'Pagamento em análise manual no Mercado Pago' })
		expect(paymentOutcome('pending', null).kind).toBe('pending')
	})

	test.each([
		['cc_rejected_insufficient_amount', MP_DECLINED_MESSAGES.insufficientAmount],
		['cc_rejected_bad_filled_security_code', MP_DECLINED_MESSAGES.securityCode],
		['cc_rejected_bad_filled_date', MP_DECLINED_MESSAGES.expiry],
		['cc_rejected_bad_filled_other', MP_DECLINED_MESSAGES.badFilled],
		['cc_rejected_call_for_authorize', MP_DECLINED_MESSAGES.callForAuthorize],
		['cc_rejected_card_disabled', MP_DECLINED_MESSAGES.cardDisabled],
		['cc_rejected_duplicated_payment', MP_DECLINED_MESSAGES.duplicated],
		['cc_rejected_high_risk', MP_DECLINED_MESSAGES.highRisk],
		['cc_rejected_max_attempts', MP_DECLINED_MESSAGES.maxAttempts],
		['cc_rejected_other_reason', MP_DECLINED_MESSAGES.generic],
		['something_new', MP_DECLINED_MESSAGES.generic],
	])('rejected/%s → its Portuguese message', (detail, message) => {
		expect(paymentOutcome('rejected', detail)).toEqual({ kind: 'declined', message })
	})

	test('after the money moved: refunded, charged_back', () => {
		expect(paymentOutcome('refunded', 'refunded')).toEqual({ kind: 'refunded' })
		expect(paymentOutcome('charged_back', 'settled')).toEqual({ kind: 'charged_back' })
		expect(paymentOutcome('cancelled', 'expired').kind).toBe('declined')
	})
})

describe('amounts', () => {
	test('integer cents ↔ two-decimal reais, nothing else', () => {
		expect(centsToAmount(5880)).toBe(58.8)
		expect(centsToAmount(1)).toBe(0.01)
		expect(amountToCents(58.8)).toBe(5880)
		expect(amountToCents(0.07)).toBe(7)
		expect(amountToCents(1.005)).toBeNull()
		expect(amountToCents(-1)).toBeNull()
		expect(() => centsToAmount(1.5)).toThrow()
	})
})

describe("instalments and the shop's 'sem juros'", () => {
	// R$ 100,00; the provider charges 2% a count above 3.
	const quotes = Array.from({ length: 12 }, (_, i) => {
		const count = i + 1
		const total = count <= 3 ? 10_000 : 10_000 + count * 200
		return { count, installmentCents: Math.ceil(total / count), totalCents: total }
	})

	test('up to the setting: sem juros, the order total; above it: the provider interest; never more than 6', () => {
		const options = installmentOptions(quotes, 10_000, 3)
		expect(options.map((o) => o.count)).toEqual([1, 2, 3, 4, 5, 6])
		expect(options[2]).toEqual({ count: 3, installmentCents: 3334, totalCents: 10_000, interestFree: true })
		expect(options[5]).toEqual({ count: 6, installmentCents: 1867, totalCents: 11_200, interestFree: false })
		expect(installmentOptionLabel(options[2]!)).toBe('3x de R$ 33,34 sem juros')
		expect(installmentOptionLabel(options[5]!)).toBe('6x de R$ 18,67 (total R$ 112,00, com juros)')
	})

	test('a count the shop promises sem juros but the provider would charge interest on is not offered', () => {
		const options = installmentOptions(quotes, 10_000, 6)
		expect(options.map((o) => o.count)).toEqual([1, 2, 3])
	})

	test('1x à vista only: everything else with interest', () => {
		const options = installmentOptions(quotes, 10_000, 1)
		expect(options.filter((o) => o.interestFree).map((o) => o.count)).toEqual([1, 2, 3])
		expect(options.find((o) => o.count === 4)?.interestFree).toBe(false)
	})
})

describe('the CSP', () => {
	test("Mercado Pago's origins only when configured; the real SDK's hosts with the real SDK", async () => {
		const { mercadoPagoCspOrigins } = await import('../../../../server/csp')
		expect(mercadoPagoCspOrigins(null)).toEqual([])
		expect(mercadoPagoCspOrigins({ sdkUrl: 'http://127.0.0.1:5555/js/v2', apiUrl: 'http://127.0.0.1:5555' })).toEqual(['http://127.0.0.1:5555'])
		expect(mercadoPagoCspOrigins({ sdkUrl: 'https://sdk.mercadopago.com/js/v2', apiUrl: 'https://api.mercadopago.com' })).toEqual([
			'https://sdk.mercadopago.com',
			'https://api.mercadopago.com',
			'https://*.mercadopago.com',
			'https://*.mlstatic.com',
		])
	})
})
