import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { changeOrderStatus } from '~/server/orders/status.server'
import { getStoreSettings } from '~/server/settings.server'
import { MelhorEnvioClient } from './client.server'
import { melhorEnvioConfig } from './provider.server'
import type { MelhorEnvioConfig } from './quotes.server'
import { storeTrackingEvents } from './tracking-events.server'

/**
 * Tracking (issue 32, decision 115): the shipped orders with a Melhor Envio label are asked about
 * (POST /me/shipment/tracking, up to 100 ids a call), their events kept, and a delivered one
 * becomes 'Entregue' through the status function (so its e-mail goes, once: the change is refused
 * when the order is no longer 'Enviado'). A scheduled job (shop-jobs.server.ts; the job runner's
 * lock makes it run on one server at a time) and the admin's 'Atualizar rastreio' call it.
 */
const BATCH = 100

export type TrackingRun = { asked: number; delivered: number }

export async function pollTracking(options: { orderIds?: string[]; config?: MelhorEnvioConfig | null } = {}): Promise<TrackingRun> {
	const config = options.config !== undefined ? options.config : melhorEnvioConfig(await getStoreSettings())
	if (!config) return { asked: 0, delivered: 0 }
	const only = options.orderIds
	// Melhor Envio caches this route for an hour: the least recently asked go first.
	const labels = await queryRows<{ order_id: string; me_order_id: string }>(
		sql`select l.order_id, l.me_order_id from shipping_labels l join orders o on o.id = l.order_id
			where l.step = 'done' and l.me_order_id is not null and o.status = 'enviado'
			${only ? sql`and l.order_id = any(${`{${only.join(',')}}`}::uuid[])` : sql``}
			order by l.tracked_at nulls first, l.order_id limit ${BATCH}`,
	)
	if (labels.length === 0) return { asked: 0, delivered: 0 }
	const client = new MelhorEnvioClient(config)
	const answer = await client.tracking(labels.map((l) => l.me_order_id))
	let delivered = 0
	for (const label of labels) {
		const entry = answer[label.me_order_id]
		await queryRows(sql`update shipping_labels set tracked_at = now() where order_id = ${label.order_id}::uuid`)
		if (!entry) continue
		await storeTrackingEvents(label.order_id, entry)
		if (entry.status === 'delivered' || entry.delivered_at) {
			const result = await changeOrderStatus({
				orderId: label.order_id,
				to: 'entregue',
				onlyFrom: 'enviado',
				actorUserId: null,
				actorLabel: 'Entregue (rastreio do Melhor Envio)',
			})
			if (result.ok) delivered += 1
			else logger.warn({ orderId: label.order_id, message: result.message }, 'rastreio: pedido entregue não mudou de status')
		}
	}
	return { asked: labels.length, delivered }
}
