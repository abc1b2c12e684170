import { stringify } from 'csv-stringify/sync'
import { requireAdmin } from '~/server/auth/guards.server'
import { formatDateTime } from '~/utils/format'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'
import type { Route } from './+types/orders-export'
import { exportOrders, readOrderFilters } from './orders.server'

/** Cents → '1234,56': the decimal comma Excel pt-BR reads as a number. */
export function csvMoney(cents: number): string {
	const sign = cents < 0 ? '-' : ''
	const abs = Math.abs(cents)
	return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`
}

/** Text typed by shoppers must not run as a spreadsheet formula (CSV injection): prefix with '. */
export function csvText(value: string | null): string {
	if (!value) return ''
	return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

const HEADER = [
	'Pedido',
	'Data',
	'Status',
	'Cliente',
	'E-mail',
	'CPF',
	'Telefone',
	'Cidade',
	'UF',
	'Subtotal',
	'Frete',
	'Desconto',
	'Total',
	'Cupom',
	'Pagamento',
	'Rastreio',
	'Pago em',
]

/**
 * /admin/pedidos/exportar.csv: the orders the list shows (same filters), for a spreadsheet.
 * ';' separators, decimal commas and a UTF-8 BOM are what Excel in pt-BR opens correctly.
 */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const filters = readOrderFilters(new URL(request.url))
	const rows = await exportOrders(filters)
	const body = stringify(
		[
			HEADER,
			...rows.map((o) => [
				o.reference,
				formatDateTime(o.created_at),
				ORDER_STATUS_LABELS[o.status],
				csvText(o.customer_name),
				csvText(o.email),
				o.cpf,
				csvText(o.phone),
				csvText(o.city),
				o.uf,
				csvMoney(o.subtotal_cents),
				csvMoney(o.shipping_cents),
				csvMoney(o.discount_cents),
				csvMoney(o.total_cents),
				csvText(o.coupon_code),
				o.payment_method === 'pix' ? 'PIX' : 'Cartão',
				csvText(o.tracking_code),
				o.paid_at ? formatDateTime(o.paid_at) : '',
			]),
		],
		{ delimiter: ';', bom: true, record_delimiter: '\r\n' },
	)
	const day = new Date().toISOString().slice(0, 10)
	return new Response(body, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="pedidos-${day}.csv"`,
			'Cache-Control': 'no-store',
		},
	})
}
