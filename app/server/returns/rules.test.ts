import { describe, expect, test } from 'vitest'
import { type EligibilityFacts, eligibilityOf, personalisedLineIndexes, receiptOf, returnRequestSchema, withdrawalDeadline } from './rules'

const calendar = { cutoffHour: 12 }
/** A São Paulo wall-clock time (UTC−3) as an instant. */
const sp = (iso: string) => new Date(`${iso}-03:00`)

const plain = { attributes: [], totalCents: 5000, isGift: false }
const bandana = { attributes: [{ key: 'Nome do pet', value: 'Thor' }, { key: '_grupo', value: 'g1' }], totalCents: 8990, isGift: false }
const extensor = { attributes: [{ key: '_grupo', value: 'g1' }, { key: '_addon', value: '1' }], totalCents: 500, isGift: false }

function facts(overrides: Partial<EligibilityFacts> = {}): EligibilityFacts {
	return {
		status: 'entregue',
		deliveredAt: sp('2026-12-01T10:00:00'),
		shippedAt: sp('2026-11-27T09:00:00'),
		paidAt: sp('2026-11-23T09:00:00'),
		updatedAt: sp('2026-12-01T10:00:00'),
		deliveryMinDays: 5,
		deliveryMaxDays: 8,
		totalCents: 5000,
		lines: [plain],
		productionStarted: false,
		...overrides,
	}
}

describe('the 7-day window (CDC art. 49)', () => {
	test('received on Monday 1 December: the 7th day is Monday 8 December, until 23:59 in São Paulo', () => {
		const deadline = withdrawalDeadline(sp('2026-12-01T10:00:00').getTime())
		expect(new Date(deadline).toISOString()).toBe(sp('2026-12-09T00:00:00').toISOString())
		// The hour of receipt does not matter: the day does.
		expect(withdrawalDeadline(sp('2026-12-01T23:59:00').getTime())).toBe(deadline)
		expect(withdrawalDeadline(sp('2026-12-01T00:00:00').getTime())).toBe(deadline)
	})

	test('eligible on the last minute of the 7th day, expired one minute later', () => {
		const last = eligibilityOf(facts(), calendar, sp('2026-12-08T23:59:00').getTime())
		expect(last.kind).toBe('eligible')
		const late = eligibilityOf(facts(), calendar, sp('2026-12-09T00:00:00').getTime())
		expect(late).toEqual({ kind: 'expired', deadline: sp('2026-12-09T00:00:00').getTime() })
	})

	test('before delivery (paid, in production) the shopper may always withdraw: no deadline yet', () => {
		for (const status of ['pago', 'em_producao'] as const) {
			const result = eligibilityOf(facts({ status, deliveredAt: null }), calendar, sp('2027-03-01T10:00:00').getTime())
			expect(result).toMatchObject({ kind: 'eligible', deadline: null, receipt: null, refundCents: 5000 })
		}
	})

	test('unpaid and cancelled orders have nothing to withdraw', () => {
		expect(eligibilityOf(facts({ status: 'aguardando_pagamento' }), calendar, Date.now()).kind).toBe('unpaid')
		expect(eligibilityOf(facts({ status: 'cancelado' }), calendar, Date.now()).kind).toBe('cancelled')
	})

	test("'entregue' without a history row counts from the order's last change", () => {
		const receipt = receiptOf(facts({ deliveredAt: null, updatedAt: sp('2026-12-03T15:00:00') }), calendar)
		expect(receipt).toEqual({ at: sp('2026-12-03T15:00:00').getTime(), basis: 'entregue' })
	})

	test('shipped with no delivery recorded: the last promised day (paid Mon 23 Nov before the cut-off, the 8th business day counting that one: Wed 2 Dec)', () => {
		const shipped = facts({ status: 'enviado', deliveredAt: null })
		const receipt = receiptOf(shipped, calendar)
		expect(receipt?.basis).toBe('estimado')
		expect(new Date(receipt?.at ?? 0).toISOString().slice(0, 10)).toBe('2026-12-02')
		expect(eligibilityOf(shipped, calendar, sp('2026-12-09T23:00:00').getTime()).kind).toBe('eligible')
		expect(eligibilityOf(shipped, calendar, sp('2026-12-10T00:00:00').getTime()).kind).toBe('expired')
	})

	test('shipped after the promised day: counts from the shipping day, not before', () => {
		const late = facts({ status: 'enviado', deliveredAt: null, shippedAt: sp('2026-12-10T09:00:00') })
		expect(receiptOf(late, calendar)?.at).toBe(sp('2026-12-10T09:00:00').getTime())
	})

	test('shipped, no promised days stored: shipping + 15 days', () => {
		const legacy = facts({ status: 'enviado', deliveredAt: null, deliveryMinDays: null, deliveryMaxDays: null, shippedAt: sp('2026-12-01T09:00:00') })
		expect(receiptOf(legacy, calendar)?.at).toBe(sp('2026-12-16T09:00:00').getTime())
	})
})

describe('personalised pieces (decision 117)', () => {
	const now = sp('2026-12-02T10:00:00').getTime()

	test('an add-on of a personalised bandana (same _grupo) is part of the piece; a plain line is not', () => {
		expect([...personalisedLineIndexes([plain, bandana, extensor])].sort()).toEqual([1, 2])
	})

	test('only personalised pieces, production started: excepted', () => {
		const result = eligibilityOf(facts({ lines: [bandana, extensor], totalCents: 9490 }), calendar, now)
		expect(result).toEqual({ kind: 'personalised' })
	})

	test('the free gift does not make a personalised order withdrawable', () => {
		const gift = { attributes: [], totalCents: 0, isGift: true }
		expect(eligibilityOf(facts({ lines: [bandana, gift], totalCents: 8990 }), calendar, now).kind).toBe('personalised')
	})

	test('paid, production not started: a personalised order may still be cancelled in full', () => {
		const result = eligibilityOf(facts({ status: 'pago', deliveredAt: null, lines: [bandana, extensor], totalCents: 9490 }), calendar, now)
		expect(result).toMatchObject({ kind: 'eligible', refundCents: 9490, excludedCents: 0 })
	})

	test('paid but the owner already started the piece: excepted', () => {
		const result = eligibilityOf(
			facts({ status: 'pago', deliveredAt: null, lines: [bandana], totalCents: 8990, productionStarted: true }),
			calendar,
			now,
		)
		expect(result.kind).toBe('personalised')
	})

	test('mixed order: the plain pieces go back, the personalised ones stay out', () => {
		const result = eligibilityOf(facts({ lines: [plain, bandana, extensor], totalCents: 5000 + 8990 + 500 + 1500 }), calendar, now)
		expect(result).toMatchObject({ kind: 'eligible', refundCents: 5000, excludedCents: 9490 })
	})

	test('a whole withdrawal gives back everything paid, shipping included', () => {
		const result = eligibilityOf(facts({ totalCents: 6500 }), calendar, now)
		expect(result).toMatchObject({ kind: 'eligible', refundCents: 6500, excludedCents: 0 })
	})
})

describe('the request form', () => {
	test('reason optional, from the list; free text trimmed, control characters dropped, at most 1000 characters', () => {
		expect(returnRequestSchema.parse({})).toEqual({ reason: null, reasonText: null })
		expect(returnRequestSchema.parse({ reason: '', reasonText: '   ' })).toEqual({ reason: null, reasonText: null })
		expect(returnRequestSchema.parse({ reason: 'tamanho', reasonText: ' Ficou\u0007 pequeno\r\n' })).toEqual({ reason: 'tamanho', reasonText: 'Ficou pequeno' })
		const bad = returnRequestSchema.safeParse({ reason: 'vingança' })
		expect(bad.success ? null : bad.error.issues[0]?.message).toBe('Escolha um dos motivos da lista.')
		const long = returnRequestSchema.safeParse({ reasonText: 'a'.repeat(1001) })
		expect(long.success ? null : long.error.issues[0]?.message).toBe('Conte o motivo em até 1000 caracteres.')
		expect(returnRequestSchema.safeParse({ reasonText: 'a'.repeat(1000) }).success).toBe(true)
	})
})
