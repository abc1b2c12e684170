import { DownloadIcon } from 'lucide-react'
import { Form, Link } from 'react-router'
import { AdminPage, NativeSelect, TableBox, td, th } from '~/components/admin/admin-page'
import { OrderStatusBadge } from '~/components/admin/order-status-badge'
import { TestPaymentBadge } from '~/components/orders/test-payment-badge'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { OrderStatus } from '~/db/schema/orders'
import { requireAdmin } from '~/server/auth/guards.server'
import { formatDateTime, formatMoney } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'
import type { Route } from './+types/orders'
import { orderFiltersQuery } from './orders-query'
import { ORDERS_PAGE_SIZE, listOrders, readOrderFilters } from './orders.server'

// The labels' keys are the statuses, in workflow order (no runtime import of the schema here).
const STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[]

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Pedidos', matches) }]

/** /admin/pedidos: the orders of the built-in checkout, filtered and paginated on the server. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const filters = readOrderFilters(new URL(request.url))
	const { rows, total } = await listOrders(filters)
	return {
		filters: { status: filters.status ?? '', q: filters.q ?? '' },
		page: filters.page,
		pageCount: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)),
		total,
		orders: rows.map((o) => ({
			id: o.id,
			reference: o.reference,
			status: o.status,
			customerName: o.customer_name,
			email: o.email,
			total: formatMoney(o.total_cents),
			payment: o.payment_method === 'pix' ? 'PIX' : 'Cartão',
			testPayment: o.payment_mode === 'test',
			createdAt: formatDateTime(o.created_at),
		})),
	}
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
	const { filters, orders, page, pageCount, total } = loaderData
	const current = { status: filters.status || undefined, q: filters.q || undefined }
	return (
		<AdminPage
			title="Pedidos"
			description="Pedidos da loja: acompanhe o pagamento, a produção e o envio."
			actions={
				<Button asChild variant="outline">
					<a href={`/admin/pedidos/exportar.csv${orderFiltersQuery(current)}`} download>
						<DownloadIcon aria-hidden="true" />
						Exportar CSV
					</a>
				</Button>
			}
		>
			<Form method="get" className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end" role="search" aria-label="Filtrar pedidos">
				<div className="grid gap-2">
					<Label htmlFor="orders-status">Status</Label>
					<NativeSelect id="orders-status" name="status" defaultValue={filters.status}>
						<option value="">Todos</option>
						{STATUSES.map((status) => (
							<option key={status} value={status}>
								{ORDER_STATUS_LABELS[status]}
							</option>
						))}
					</NativeSelect>
				</div>
				<div className="grid gap-2">
					<Label htmlFor="orders-q">Buscar</Label>
					<Input id="orders-q" name="q" type="search" defaultValue={filters.q} placeholder="Referência, nome ou e-mail" maxLength={100} />
				</div>
				<Button type="submit">Filtrar</Button>
			</Form>

			<p className="mt-6 text-sm text-muted-foreground" role="status">
				{total === 1 ? '1 pedido encontrado' : `${total} pedidos encontrados`}
			</p>
			{orders.length === 0 ? (
				<p className="mt-4 rounded-lg border p-6 text-center text-muted-foreground">Nenhum pedido encontrado.</p>
			) : (
				<div className="mt-2">
					<TableBox label="Lista de pedidos">
						<table className="w-full text-sm">
							<caption className="sr-only">Pedidos, do mais recente ao mais antigo</caption>
							<thead className="bg-muted/60">
								<tr>
									<th scope="col" className={th}>Pedido</th>
									<th scope="col" className={th}>Data</th>
									<th scope="col" className={th}>Cliente</th>
									<th scope="col" className={th}>Status</th>
									<th scope="col" className={th}>Pagamento</th>
									<th scope="col" className={`${th} text-right`}>Total</th>
								</tr>
							</thead>
							<tbody>
								{orders.map((order) => (
									<tr key={order.id} className="border-t">
										<th scope="row" className={`${td} text-left font-medium`}>
											<Link to={`/admin/pedidos/${order.id}`} className="text-primary underline-offset-4 hover:underline">
												{order.reference}
											</Link>
										</th>
										<td className={`${td} whitespace-nowrap`}>{order.createdAt}</td>
										<td className={td}>
											<div>{order.customerName}</div>
											<div className="break-all text-muted-foreground">{order.email}</div>
										</td>
										<td className={td}>
											<OrderStatusBadge status={order.status} />
										</td>
										<td className={td}>
											<span className="flex flex-wrap items-center gap-1.5">
												{order.payment}
												{order.testPayment ? <TestPaymentBadge /> : null}
											</span>
										</td>
										<td className={`${td} whitespace-nowrap text-right`}>{order.total}</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableBox>
				</div>
			)}
			{pageCount > 1 ? (
				<nav aria-label="Paginação" className="mt-4 flex items-center justify-between gap-2 text-sm">
					{page > 1 ? (
						<Link to={`/admin/pedidos${orderFiltersQuery(current, page - 1)}`} className="text-primary hover:underline">
							← Anteriores
						</Link>
					) : (
						<span />
					)}
					<span>
						Página {page} de {pageCount}
					</span>
					{page < pageCount ? (
						<Link to={`/admin/pedidos${orderFiltersQuery(current, page + 1)}`} className="text-primary hover:underline">
							Próximos →
						</Link>
					) : (
						<span />
					)}
				</nav>
			) : null}
		</AdminPage>
	)
}
