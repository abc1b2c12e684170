import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { setClockForTests } from '~/server/clock.server'
import { db } from '~/server/db.server'
import { dailyRevenue, salesWindows, waitingForOwner } from './sales.server'

withTestDatabase()

// 24 Nov 2026, 10:00 in São Paulo (UTC−3).
const NOW = new Date('2026-11-24T13:00:00Z')

async function order(totalCents: number, status: string, paidAt: string | null) {
	await db.execute(sql`insert into orders (reference, idempotency_key, customer_name, email, cpf, phone, cep, street, number, district, city, uf,
		shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method, status, paid_at)
		values (${`PET-V${randomUUID().slice(0, 5).toUpperCase()}`}, ${randomUUID()}, 'Ana', 'ana@example.com', '52998224725', '11912345678',
			'01310100', 'Rua', '1', 'Centro', 'São Paulo', 'SP', 0, ${totalCents}, 0, ${totalCents}, 'pix', ${status}, ${paidAt}::timestamptz)`)
}

// Every test: the shared setup puts the real clock back after each one.
beforeEach(() => setClockForTests(NOW))

beforeAll(async () => {
	await db.execute(sql`truncate orders, carts cascade`)
	// Today in São Paulo: paid at 00:30 local (03:30 UTC) and at 09:00 local.
	await order(10000, 'pago', '2026-11-24T03:30:00Z')
	await order(5000, 'enviado', '2026-11-24T12:00:00Z')
	// Yesterday 23:30 local = today 02:30 UTC: not 'today' in São Paulo.
	await order(2000, 'entregue', '2026-11-24T02:30:00Z')
	// Six days ago (within 7 days) and twenty days ago (within 30).
	await order(3000, 'pago', '2026-11-18T15:00:00Z')
	await order(4000, 'pago', '2026-11-04T15:00:00Z')
	// Not revenue: cancelled after payment, unpaid, or paid 31 days ago.
	await order(99900, 'cancelado', '2026-11-24T12:00:00Z')
	await order(7000, 'aguardando_pagamento', null)
	await order(8000, 'pago', '2026-10-24T12:00:00Z')
	// Four carts started today.
	await db.execute(sql`insert into carts (created_at) select '2026-11-24T12:00:00Z'::timestamptz from generate_series(1, 4)`)
})

describe('dashboard figures', () => {
	test('today, 7 and 30 days in São Paulo: revenue, paid orders, average ticket, conversion', async () => {
		const [today, week, month] = await salesWindows()
		expect(today).toMatchObject({ key: 'hoje', revenueCents: 15000, orders: 2, averageCents: 7500, conversion: 0.5 })
		expect(week).toMatchObject({ key: '7d', revenueCents: 20000, orders: 4, averageCents: 5000 })
		expect(month).toMatchObject({ key: '30d', revenueCents: 24000, orders: 5, averageCents: 4800 })
	})

	test('daily revenue: 30 São Paulo days, zeros included', async () => {
		const days = await dailyRevenue()
		expect(days).toHaveLength(30)
		expect(days.at(-1)).toEqual({ date: '2026-11-24', revenueCents: 15000 })
		expect(days.at(-2)).toEqual({ date: '2026-11-23', revenueCents: 2000 })
		expect(days[0]?.date).toBe('2026-10-26')
		expect(days.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(24000)
	})

	test('what waits: unpaid and to ship', async () => {
		expect(await waitingForOwner()).toMatchObject({ awaitingPayment: 1, toShip: 4 })
	})
})
