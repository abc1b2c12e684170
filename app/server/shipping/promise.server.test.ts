import { describe, expect, test } from 'vitest'
import { orderPaidEmail } from '~/server/mail/order-status-mail.server'
import { orderPromise, quotePromise } from './promise.server'

/** An instant given in São Paulo's time (UTC−3). */
const sp = (iso: string, hour: number) => Date.parse(`${iso}T00:00:00Z`) + (hour + 3) * 3_600_000
const settings = { deliveryCutoffHour: 12 }

describe('orderPromise (decision 085)', () => {
	test('a paid order counts from the payment’s confirmation, whatever the day it is shown', () => {
		const paid = { status: 'pago', paidAt: new Date(sp('2026-12-01', 10)), minDays: 6, maxDays: 9 }
		expect(orderPromise(paid, settings, sp('2026-12-20', 9))).toMatchObject({ text: 'Chega entre 8 e 11 de dezembro', ifPaidToday: false })
		expect(orderPromise({ ...paid, status: 'enviado', paidAt: new Date(sp('2026-12-01', 10)).toISOString() }, settings)?.text).toBe(
			'Chega entre 8 e 11 de dezembro',
		)
	})

	test('an order waiting for payment counts from now, and says so', () => {
		const waiting = { status: 'aguardando_pagamento', paidAt: null, minDays: 6, maxDays: 9 }
		expect(orderPromise(waiting, settings, sp('2026-12-01', 13))).toMatchObject({ text: 'Chega entre 9 e 14 de dezembro', ifPaidToday: true })
	})

	test('no promise for a cancelled order or one without stored days', () => {
		expect(orderPromise({ status: 'cancelado', paidAt: null, minDays: 6, maxDays: 9 }, settings)).toBeNull()
		expect(orderPromise({ status: 'pago', paidAt: new Date(), minDays: null, maxDays: null }, settings)).toBeNull()
	})

	test('a quote is the same function from now', () => {
		expect(quotePromise(6, 9, settings, sp('2026-12-01', 10))).toMatchObject({ earliest: '2026-12-08', latest: '2026-12-11' })
	})
})

test('the payment e-mail tells the promised dates', () => {
	const mail = orderPaidEmail({
		storeName: 'Pet Estilo',
		reference: 'PET-ABC234',
		customerName: 'Ana Souza',
		totalCents: 5990,
		orderUrl: 'https://loja.test/pedido/PET-ABC234',
		deliveryPromise: 'Chega entre 8 e 11 de dezembro',
	})
	expect(mail.text).toContain('Previsão de entrega: Chega entre 8 e 11 de dezembro.')
	expect(orderPaidEmail({ storeName: 'x', reference: 'PET-ABC234', customerName: 'Ana', totalCents: 1, orderUrl: 'https://x.test' }).text).not.toContain(
		'Previsão',
	)
})
