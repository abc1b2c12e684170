import { changeOrderStatus } from '~/server/orders/status.server'
import { type PaymentEventInput, recordPaymentEvent } from './payment-events.server'

/**
 * A provider confirmed an awaiting order's payment (decisions 076, 078): the order turns 'pago'
 * through the admin's own path (changeOrderStatus: history, points once, the e-mail), only from
 * 'aguardando_pagamento', with the timeline's 'confirmed' event in the same transaction. True when
 * this call paid it; false when another confirmation (or the admin) got there first.
 */
export async function markPaidByProvider(
	orderId: string,
	actorLabel: string,
	confirmed: Omit<PaymentEventInput, 'orderId' | 'kind'>,
): Promise<{ paid: true } | { paid: false; message: string }> {
	const result = await changeOrderStatus({
		orderId,
		to: 'pago',
		actorUserId: null,
		actorLabel,
		onlyFrom: 'aguardando_pagamento',
		alsoInTransaction: async (tx) => {
			await recordPaymentEvent({ ...confirmed, orderId, kind: 'confirmed' }, tx)
		},
	})
	return result.ok ? { paid: true } : { paid: false, message: result.message }
}
