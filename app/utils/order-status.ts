import type { OrderStatus } from '~/db/schema/orders'

/** Portuguese labels of order statuses, as the customer and the back-office show them (document 000 §9). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
	aguardando_pagamento: 'Aguardando pagamento',
	pago: 'Pago',
	em_producao: 'Em produção',
	enviado: 'Enviado',
	entregue: 'Entregue',
	cancelado: 'Cancelado',
}

/** What the back-office's buttons say: the action, not the status name. */
export const ORDER_ACTION_LABELS: Record<OrderStatus, string> = {
	aguardando_pagamento: 'Voltar a aguardar pagamento',
	pago: 'Marcar como pago',
	em_producao: 'Iniciar produção',
	enviado: 'Marcar como enviado',
	entregue: 'Marcar como entregue',
	cancelado: 'Cancelar pedido',
}

/** The statuses the orders list moves an order to in one tap (never a cancellation, never without a tracking code). */
export const ONE_TAP_STATUSES = ['pago', 'em_producao', 'entregue'] as const
export type OneTapStatus = (typeof ONE_TAP_STATUSES)[number]

/**
 * Issue 30: an order's next step in the orders list, one tap away on a phone. 'move': a button
 * that changes the status; 'open': the order's page (shipping needs the tracking code typed
 * there; a finished order has nothing left but to be read).
 */
export type NextOrderStep = { kind: 'move'; to: OneTapStatus; label: string } | { kind: 'open'; label: string }

export function nextOrderStep(status: OrderStatus): NextOrderStep {
	switch (status) {
		case 'aguardando_pagamento':
			return { kind: 'move', to: 'pago', label: ORDER_ACTION_LABELS.pago }
		case 'pago':
			return { kind: 'move', to: 'em_producao', label: ORDER_ACTION_LABELS.em_producao }
		case 'em_producao':
			return { kind: 'open', label: 'Informar rastreio' }
		case 'enviado':
			return { kind: 'move', to: 'entregue', label: ORDER_ACTION_LABELS.entregue }
		case 'entregue':
		case 'cancelado':
			return { kind: 'open', label: 'Ver pedido' }
	}
}
