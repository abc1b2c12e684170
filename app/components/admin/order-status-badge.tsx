import type { OrderStatus } from '~/db/schema/orders'
import { cn } from '~/utils/cn'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'

// Text colours meet 4.5:1 on their tinted backgrounds in both themes.
const TONES: Record<OrderStatus, string> = {
	aguardando_pagamento: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
	pago: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
	em_producao: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
	enviado: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100',
	entregue: 'bg-green-200 text-green-950 dark:bg-green-900 dark:text-green-50',
	cancelado: 'bg-muted text-foreground',
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
	return (
		<span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', TONES[status])}>
			{ORDER_STATUS_LABELS[status]}
		</span>
	)
}
