import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { personalizationOrders } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { loader } from './orders'

withTestDatabase()

async function orderFor(userId: string, reference: string) {
	const [row] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, user_id, idempotency_key, status, customer_name, email, cpf, phone, cep, street, number,
			district, city, uf, shipping_cents, subtotal_cents, total_cents, payment_method)
		values (${reference}, ${userId}::uuid, ${randomUUID()}, 'aguardando_pagamento', 'Maria', 'maria@example.com', '52998224725',
			'11912345678', '01310100', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', 0, 5000, 5000, 'pix') returning id`)
	await db.execute(sql`insert into order_lines (order_id, product_handle, product_title, variant_title, unit_price_cents, quantity, line_total_cents, attributes)
		values (${row!.id}::uuid, 'bandana-preta', 'Bandana Preta', 'M', 4000, 1, 4000, '[]'::jsonb),
			(${row!.id}::uuid, 'adicional-perfume', 'Adicional: Perfume 10ml', 'Único', 1000, 1, 1000, '[{"key":"Para","value":"Bandana Preta"}]'::jsonb)`)
	await db.execute(
		sql`insert into order_status_history (order_id, to_status, note) values (${row!.id}::uuid, 'aguardando_pagamento', 'criado')`,
	)
	return row!.id
}

test("a customer sees their own orders and custom pieces, never another customer's", async () => {
	const ana = await userWithSession()
	const bia = await userWithSession()
	const anaOrder = await orderFor(ana.id, 'PET-ANA001')
	const biaOrder = await orderFor(bia.id, 'PET-BIA001')
	await db.insert(personalizationOrders).values([
		{
			userId: ana.id,
			orderId: anaOrder,
			productType: 'bandana',
			selectedColor: 'Preto',
			petName: 'Thor',
			totalPriceCents: 3989,
			adminNotes: 'Fica pronto sexta',
		},
		{ userId: bia.id, orderId: biaOrder, productType: 'collar', selectedColor: 'Roxo', totalPriceCents: 19900 },
		// Left in Ana's cart, never checked out (decision 090): not one of her orders.
		{ userId: ana.id, productType: 'bandana', selectedColor: 'Azul', petName: 'Rascunho', totalPriceCents: 3989 },
	])
	const request = new Request('http://loja.test/user/orders', { headers: { cookie: ana.cookie } })
	const result = await loader({ request, params: {}, context: { clientIp: '203.0.113.7' } } as never)
	expect(result.orders.map((o) => o.reference)).toEqual(['PET-ANA001'])
	// The extra is part of its product: not listed as an item of its own.
	expect(result.orders[0]?.items).toEqual([{ title: 'Bandana Preta', variant: 'M', quantity: 1 }])
	expect(result.orders[0]?.history.map((h) => h.status)).toEqual(['aguardando_pagamento'])
	expect(result.custom).toEqual([
		expect.objectContaining({
			title: 'Bandana Personalizada',
			petName: 'Thor',
			colour: 'Preto',
			notes: 'Fica pronto sexta',
			completed: false,
		}),
	])

	const anonymous = new Request('http://loja.test/user/orders')
	await expect(loader({ request: anonymous, params: {}, context: { clientIp: '203.0.113.7' } } as never)).rejects.toMatchObject({ status: 302 })
})
