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
