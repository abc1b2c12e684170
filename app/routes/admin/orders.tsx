import { DownloadIcon } from '~/components/icons/lucide'
import { data, Form, Link, useFetcher, useNavigation } from 'react-router'
import { z } from 'zod'
import { AdminPage, NativeSelect, TableBox, td, th } from '~/components/admin/admin-page'
import { OrderStatusBadge } from '~/components/admin/order-status-badge'
import { TestPaymentBadge } from '~/components/orders/test-payment-badge'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { OrderStatus } from '~/db/schema/orders'
import { requireAdmin } from '~/server/auth/guards.server'
import { changeOrderStatus } from '~/server/orders/status.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders } from '~/server/toast.server'
import { BULK_LABELS_MAX, LabelResults, type LabelRunResult } from '~/components/admin/bulk-labels'
import { generateLabels } from '~/server/shipping/melhor-envio/bulk-labels.server'
import { melhorEnvioInfo } from '~/server/shipping/melhor-envio/provider.server'
import { actorOf } from '~/server/activity/record.server'
import { cn } from '~/utils/cn'
import { formatDateTime, formatMoney } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import { type NextOrderStep, ONE_TAP_STATUSES, ORDER_STATUS_LABELS, nextOrderStep } from '~/utils/order-status'
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
		// Issue 32 (decision 115): 'Gerar etiquetas' for the selected orders, with Melhor Envio configured.
		labels: melhorEnvioInfo().configured,
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
			next: nextOrderStep(o.status),
		})),
	}
}

const actionSchema = z.object({
	id: z.uuid({ error: 'Pedido não encontrado.' }),
	to: z.enum(ONE_TAP_STATUSES, { error: 'Escolha uma ação válida.' }),
})

/**
 * Issue 30: the list's one-tap next step (mark paid, start production, mark delivered). The same
 * rule as the order's page (changeOrderStatus: allowed moves only, one at a time); shipping and
 * cancelling stay on the order's page.
 */
const bulkLabelsSchema = z.object({
	ids: z
		.array(z.uuid({ error: 'Pedido não encontrado.' }))
		.min(1, 'Selecione os pedidos para gerar as etiquetas.')
		.max(BULK_LABELS_MAX, `No máximo ${BULK_LABELS_MAX} etiquetas de uma vez.`),
})

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = await readFormData(request)
	if (form.get('intent') === 'etiquetas') {
		// Issue 32 (decision 115): one label run per order selected, each with its own result.
		const parsed = bulkLabelsSchema.safeParse({ ids: [...new Set(form.getAll('ids'))] })
		if (!parsed.success) return data({ ok: false, labelError: parsed.error.issues[0]?.message ?? 'Dados inválidos.' }, { status: 400 })
		const labelResults: LabelRunResult[] = await generateLabels(parsed.data.ids, actorOf(admin, context))
		return data({ ok: true, labelResults })
	}
	const parsed = actionSchema.safeParse({ id: form.get('id'), to: form.get('to') })
	if (!parsed.success) {
		const message = parsed.error.issues[0]?.message ?? 'Dados inválidos.'
		return data({ ok: false }, { status: 400, headers: createToastHeaders({ type: 'error', title: 'Erro ao atualizar pedido', description: message }) })
	}
	const result = await changeOrderStatus({ orderId: parsed.data.id, to: parsed.data.to, actorUserId: admin.id })
	if (!result.ok) {
		return data({ ok: false }, { status: 400, headers: createToastHeaders({ type: 'error', title: 'Erro ao atualizar pedido', description: result.message }) })
	}
	return data(
		{ ok: true },
		{
			headers: createToastHeaders({
				type: 'success',
				title: 'Status atualizado!',
				description: `Pedido agora está "${ORDER_STATUS_LABELS[parsed.data.to]}".`,
			}),
		},
	)
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
	const { filters, orders, page, pageCount, total, labels } = loaderData
	const navigation = useNavigation()
	const labelling = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'etiquetas'
	const bulk = actionData as { labelResults?: LabelRunResult[]; labelError?: string } | undefined
	const labelResults = bulk?.labelResults ?? null
	const labelError = bulk?.labelError ?? null
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

			{labels ? (
				<Form id="etiquetas" method="post" className="mt-6 flex flex-wrap items-center gap-3">
					<input type="hidden" name="intent" value="etiquetas" />
					<Button type="submit" variant="outline" disabled={labelling}>
						{labelling ? 'Gerando etiquetas...' : 'Gerar etiquetas'}
					</Button>
					<span className="text-sm text-muted-foreground">Marque os pedidos pagos ou em produção enviados pelo Melhor Envio.</span>
				</Form>
			) : null}
			{labelError ? (
				<p role="alert" className="mt-2 text-sm text-destructive">
					{labelError}
				</p>
			) : null}
			{labelResults ? <LabelResults results={labelResults} /> : null}
			<p className="mt-6 text-sm text-muted-foreground" role="status">
				{total === 1 ? '1 pedido encontrado' : `${total} pedidos encontrados`}
			</p>
			{orders.length === 0 ? (
				<p className="mt-4 rounded-lg border p-6 text-center text-muted-foreground">Nenhum pedido encontrado.</p>
			) : (
				<div className="mt-2">
					{/* Issue 30: a table from md up; below it each row is a card (reference, customer, status, total, next step). */}
					<TableBox label="Lista de pedidos" className="max-md:overflow-visible max-md:rounded-none max-md:border-0">
						<table className="w-full text-sm max-md:block">
							<caption className="sr-only">Pedidos, do mais recente ao mais antigo</caption>
							<thead className="bg-muted/60 max-md:hidden">
								<tr>
									<th scope="col" className={th}>Pedido</th>
									<th scope="col" className={th}>Data</th>
									<th scope="col" className={th}>Cliente</th>
									<th scope="col" className={th}>Status</th>
									<th scope="col" className={th}>Pagamento</th>
									<th scope="col" className={`${th} text-right`}>Total</th>
									<th scope="col" className={th}>Próximo passo</th>
								</tr>
							</thead>
							<tbody className="max-md:grid max-md:gap-3">
								{orders.map((order) => (
									<tr
										key={order.id}
										data-testid="pedido"
										className="border-t max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-lg max-md:border max-md:p-3"
									>
										<th scope="row" className={`${td} text-left font-medium max-md:col-start-1 max-md:row-start-1 max-md:p-0`}>
											{labels && (order.status === 'pago' || order.status === 'em_producao') ? (
												<input
													type="checkbox"
													name="ids"
													value={order.id}
													form="etiquetas"
													aria-label={`Gerar etiqueta do pedido ${order.reference}`}
													className="mr-2 size-4 align-middle"
												/>
											) : null}
											{/* Issue 30: each card (row) is a heading, so a screen reader goes from order to order. */}
											<span role="heading" aria-level={2} className="inline">
												<span className="sr-only">Pedido </span>
												<Link to={`/admin/pedidos/${order.id}`} className="text-primary underline-offset-4 hover:underline">
													{order.reference}
												</Link>
											</span>
										</th>
										<td className={`${td} whitespace-nowrap max-md:col-span-2 max-md:row-start-3 max-md:p-0 max-md:text-xs max-md:text-muted-foreground`}>
											{order.createdAt}
										</td>
										<td className={`${td} max-md:col-span-2 max-md:row-start-2 max-md:p-0`}>
											<div>{order.customerName}</div>
											<div className="text-muted-foreground [overflow-wrap:anywhere]">{order.email}</div>
										</td>
										<td className={`${td} max-md:col-start-2 max-md:row-start-1 max-md:p-0 max-md:text-right`}>
											<OrderStatusBadge status={order.status} />
										</td>
										<td className={`${td} max-md:col-start-1 max-md:row-start-4 max-md:p-0`}>
											<span className="flex flex-wrap items-center gap-1.5">
												{order.payment}
												{order.testPayment ? <TestPaymentBadge /> : null}
											</span>
										</td>
										<td className={`${td} whitespace-nowrap text-right font-semibold md:font-normal max-md:col-start-2 max-md:row-start-4 max-md:p-0`}>
											{order.total}
										</td>
										<td className={`${td} max-md:col-span-2 max-md:row-start-5 max-md:p-0 max-md:pt-2`}>
											<NextStep orderId={order.id} reference={order.reference} step={order.next} />
										</td>
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

/** The order's next step in one tap: a status button, or its page (shipping needs the tracking code). */
function NextStep({ orderId, reference, step }: { orderId: string; reference: string; step: NextOrderStep }) {
	const fetcher = useFetcher<{ ok: boolean }>()
	const busy = fetcher.state !== 'idle'
	const wide = 'max-md:w-full'
	if (step.kind === 'open') {
		return (
			<Button asChild size="sm" variant="outline" className={wide}>
				{/* No reference in the name: the reference's own link stays the only link named after it. */}
				<Link to={`/admin/pedidos/${orderId}`}>{step.label}</Link>
			</Button>
		)
	}
	return (
		<fetcher.Form method="post">
			<input type="hidden" name="id" value={orderId} />
			<input type="hidden" name="to" value={step.to} />
			<Button type="submit" size="sm" className={cn('whitespace-nowrap', wide)} disabled={busy} aria-label={`${step.label}: pedido ${reference}`}>
				{busy ? 'Salvando...' : step.label}
			</Button>
		</fetcher.Form>
	)
}
