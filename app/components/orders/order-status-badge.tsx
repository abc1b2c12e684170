import type { OrderStatus } from '~/db/schema/orders'
import { cn } from '~/utils/cn'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'

const TONE: Record<OrderStatus, string> = {
	aguardando_pagamento: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
	pago: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
	em_producao: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
	enviado: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/40 dark:text-indigo-100',
	entregue: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
	cancelado: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
}

/** The order status in Portuguese ('Aguardando pagamento', 'Pago'…), coloured by stage. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
	return (
		<span
			data-testid="order-status"
			className={cn('inline-flex items-center rounded-full px-3 py-1 text-sm font-medium', TONE[status], className)}
		>
			{ORDER_STATUS_LABELS[status]}
		</span>
	)
}
