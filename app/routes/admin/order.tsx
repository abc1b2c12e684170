import { sql } from 'drizzle-orm'
import { ArrowLeftIcon } from '~/components/icons/lucide'
import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { AdminPage, FieldMessage, TableBox, td, th } from '~/components/admin/admin-page'
import { OrderStatusBadge } from '~/components/admin/order-status-badge'
import { formatMoneyInput, parseMoneyInput } from '~/components/admin/money'
import { PaymentTimeline } from '~/components/admin/payment-timeline'
import { ShippingLabelCard } from '~/components/admin/shipping-label-card'
import { ReturnAdminPanel } from '~/components/returns/return-admin-panel'
import { adminReturnPanelOf } from '~/server/returns/admin.server'
import { TestPaymentBadge } from '~/components/orders/test-payment-badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { ORDER_STATUSES, type OrderStatus, type SelectedOption, type LineAttribute } from '~/db/schema'
import { requireAdmin } from '~/server/auth/guards.server'
import { queryRows } from '~/server/db.server'
import { type Actor, actorOf } from '~/server/activity/record.server'
import { TRACKING_CODE_MAX, allowedTransitions, changeOrderStatus } from '~/server/orders/status.server'
import { readFormData } from '~/server/read-form.server'
import { newRefundId, refundablePix } from '~/server/payments/api-pix/refunds.server'
import { refundThroughProvider } from '~/server/payments/refund-order.server'
import { paymentEventsOf } from '~/server/payments/payment-events.server'
import { MERCADOPAGO_PROVIDER } from '~/server/payments/mercadopago/provider.server'
import { refundableCard } from '~/server/payments/mercadopago/refunds.server'
import { PAYMENT_EVENT_LABELS } from '~/utils/payment-events'
import { isLabelIntent, labelCardData, labelIntentAction } from '~/server/shipping/melhor-envio/label-admin.server'
import { redirectWithToast } from '~/server/toast.server'
import { formatDateTime, formatMoney } from '~/utils/format'
import { cardPaymentLabel } from '~/utils/installments'
import { pageTitle } from '~/utils/meta'
import { ORDER_ACTION_LABELS, ORDER_STATUS_LABELS } from '~/utils/order-status'
import type { Route } from './+types/order'

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
	{ title: pageTitle(loaderData ? `Pedido ${loaderData.order.reference}` : 'Pedido', matches) },
]

const orderIdSchema = z.uuid()

type OrderRow = {
	id: string
	reference: string
	status: OrderStatus
	user_id: string | null
	customer_name: string
	email: string
	cpf: string
	phone: string
	cep: string
	street: string
	number: string
	complement: string | null
	district: string
	city: string
	uf: string
	shipping_cents: number
	subtotal_cents: number
	discount_cents: number
	pix_discount_cents: number
	total_cents: number
	coupon_code: string | null
	payment_method: 'pix' | 'card'
	payment_provider: string | null
	payment_mode: 'test' | 'live' | null
	installments: number
	card_total_cents: number | null
	tracking_code: string | null
	shipping_service_id: number | null
	paid_at: string | Date | null
	created_at: string | Date
}

function notFound(): never {
	throw data('Pedido não encontrado', { status: 404 })
}

const ACTION_LABELS = ORDER_ACTION_LABELS

const formatCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
const formatCep = (cep: string) => cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')
const formatPhone = (phone: string) => phone.replace(/^(\d{2})(\d{4,5})(\d{4})$/, '($1) $2-$3')

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const id = orderIdSchema.safeParse(params.orderId)
	if (!id.success) notFound()
	const [order] = await queryRows<OrderRow>(sql`select * from orders where id = ${id.data}::uuid`)
	if (!order) notFound()
	// Issue 29: the money goes back through the provider that took it (PIX's PSP, or Mercado Pago for cards).
	const isMercadoPago = order.payment_method === 'card' && order.payment_provider === MERCADOPAGO_PROVIDER
	const [label, payments, refundable, lines, history, returnRequest] = await Promise.all([
		// Issue 32 (decision 115): the Melhor Envio label and the tracking timeline.
		labelCardData(order),
		paymentEventsOf(order.id),
		isMercadoPago ? refundableCard(order.id) : order.payment_method === 'pix' ? refundablePix(order.id) : null,
		queryRows<{
			id: string
			product_title: string
			variant_title: string
			selected_options: SelectedOption[]
			attributes: LineAttribute[]
			unit_price_cents: number
			quantity: number
			line_total_cents: number
			is_gift: boolean
			is_subscription: boolean
		}>(
			sql`select id, product_title, variant_title, selected_options, attributes, unit_price_cents, quantity,
					line_total_cents, is_gift, is_subscription
				from order_lines where order_id = ${order.id}::uuid order by is_gift, product_title, variant_title`,
		),
		queryRows<{
			id: string
			from_status: OrderStatus | null
			to_status: OrderStatus
			note: string | null
			created_at: string | Date
			actor_email: string | null
			actor_name: string | null
		}>(
			sql`select h.id, h.from_status, h.to_status, h.note, h.created_at, u.email as actor_email, p.full_name as actor_name
				from order_status_history h
				left join users u on u.id = h.changed_by_user_id
				left join user_profiles p on p.user_id = h.changed_by_user_id
				where h.order_id = ${order.id}::uuid order by h.created_at, h.id`,
		),
		// Issue 31: the shopper's withdrawal request, if any (decision 117).
		adminReturnPanelOf(order.id),
	])
	return {
		order: {
			id: order.id,
			reference: order.reference,
			status: order.status,
			hasAccount: order.user_id !== null,
			customerName: order.customer_name,
			email: order.email,
			cpf: formatCpf(order.cpf),
			phone: formatPhone(order.phone),
			address: [
				`${order.street}, ${order.number}${order.complement ? ` — ${order.complement}` : ''}`,
				`${order.district} — ${order.city}/${order.uf}`,
				`CEP ${formatCep(order.cep)}`,
			],
			subtotal: formatMoney(order.subtotal_cents),
			shipping: order.shipping_cents === 0 ? 'Grátis' : formatMoney(order.shipping_cents),
			discount: order.discount_cents > 0 ? `− ${formatMoney(order.discount_cents)}` : null,
			pixDiscount: order.pix_discount_cents > 0 ? `− ${formatMoney(order.pix_discount_cents)}` : null,
			total: formatMoney(order.total_cents),
			couponCode: order.coupon_code,
			payment:
				order.payment_method === 'pix'
					? 'PIX'
					: `${cardPaymentLabel(order.installments, order.total_cents, order.card_total_cents === null ? null : Number(order.card_total_cents))}${order.payment_provider ? ` (${order.payment_provider})` : ''}`,
			testPayment: order.payment_mode === 'test',
			trackingCode: order.tracking_code,
			paidAt: order.paid_at ? formatDateTime(order.paid_at) : null,
			createdAt: formatDateTime(order.created_at),
		},
		lines: lines.map((l) => ({
			id: l.id,
			title: l.product_title,
			details: [
				l.variant_title && l.variant_title !== 'Único' && l.variant_title !== 'Default Title' ? l.variant_title : null,
				...l.attributes.filter((a) => !a.key.startsWith('_')).map((a) => `${a.key}: ${a.value}`),
			]
				.filter(Boolean)
				.join(' • '),
			badge: l.is_gift ? 'Brinde' : l.is_subscription ? 'Assinatura' : null,
			quantity: l.quantity,
			unitPrice: formatMoney(l.unit_price_cents),
			total: l.is_gift ? 'GRÁTIS' : formatMoney(l.line_total_cents),
		})),
		history: history.map((h) => ({
			id: h.id,
			from: h.from_status,
			to: h.to_status,
			note: h.note,
			at: formatDateTime(h.created_at),
			who: h.actor_name || h.actor_email || (h.from_status === null ? 'Cliente (checkout)' : 'Sistema'),
		})),
		returnRequest,
		actions: allowedTransitions(order.status),
		label,
		trackingCodeMax: TRACKING_CODE_MAX,
		// Issue 29: the payment's timeline (provider ids, flags) and, when its money can go back, the refund form.
		payments: payments.map((e) => ({
			id: e.id,
			label: PAYMENT_EVENT_LABELS[e.kind],
			flag: e.kind.startsWith('flag_') || e.kind === 'charge_fallback' || e.kind === 'refund_failed',
			provider: e.provider === 'api-pix' ? 'API Pix' : e.provider === 'static' ? 'PIX estático' : e.provider === MERCADOPAGO_PROVIDER ? 'Mercado Pago' : e.provider,
			ids: [e.providerRef ? `ref ${e.providerRef}` : null, e.providerEventId ? `id ${e.providerEventId}` : null].filter((x): x is string => x !== null),
			amount: e.amountCents === null ? null : formatMoney(e.amountCents),
			detail: e.detail,
			at: formatDateTime(e.createdAt),
		})),
		refund:
			refundable && refundable.availableCents > 0
				? {
						available: formatMoney(refundable.availableCents),
						availableInput: formatMoneyInput(refundable.availableCents),
						paid: formatMoney(refundable.paidCents),
						refundId: newRefundId(),
						provider: isMercadoPago ? ('mercadopago' as const) : ('pix' as const),
					}
				: null,
	}
}

const refundSchema = z.object({
	amount: z
		.string({ error: 'Informe o valor a devolver.' })
		.transform((value) => parseMoneyInput(value))
		.refine((cents): cents is number => cents !== null && cents > 0, 'Informe o valor a devolver em reais, por exemplo 30,00.'),
	refundId: z.string({ error: 'Recarregue a página e tente de novo.' }).regex(/^[A-Za-z0-9]{1,35}$/, 'Recarregue a página e tente de novo.'),
	reason: z.string().trim().max(140, 'O motivo deve ter no máximo 140 caracteres.').optional(),
})

async function refundAction(orderId: string, form: FormData, actor: Actor) {
	const text = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : undefined)
	const parsed = refundSchema.safeParse({ amount: text('amount'), refundId: text('refundId'), reason: text('reason') })
	if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? 'Dados inválidos.' }, { status: 400 })
	// The provider that took the money gives it back (shared with an approved withdrawal, decision 117).
	const result = await refundThroughProvider(
		{ orderId, amountCents: parsed.data.amount as number, refundId: parsed.data.refundId, reason: parsed.data.reason },
		actor,
	)
	if (!result.ok) return data({ error: result.message }, { status: 400 })
	if (result.provider === MERCADOPAGO_PROVIDER) {
		return redirectWithToast(`/admin/pedidos/${orderId}`, {
			type: 'success',
			title: 'Devolução pedida ao Mercado Pago',
			description: 'A linha do tempo do pagamento mostra a devolução; o cliente vê o estorno na fatura do cartão.',
		})
	}
	return redirectWithToast(`/admin/pedidos/${orderId}`, {
		type: 'success',
		title: 'Devolução pedida ao PSP',
		description: 'A linha do tempo do pagamento mostra quando ela for concluída.',
	})
}

const actionSchema = z.object({
	to: z.enum(ORDER_STATUSES, { error: 'Escolha uma ação válida.' }),
	trackingCode: z
		.string()
		.trim()
		.max(TRACKING_CODE_MAX, `O código de rastreio deve ter no máximo ${TRACKING_CODE_MAX} caracteres.`)
		.optional(),
})

export async function action({ request, params, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const id = orderIdSchema.safeParse(params.orderId)
	if (!id.success) notFound()
	const form = await readFormData(request)
	if (form.get('intent') === 'refund') return refundAction(id.data, form, actorOf(admin, context))
	if (isLabelIntent(form.get('intent'))) return labelIntentAction(id.data, form.get('intent'), actorOf(admin, context))
	const parsed = actionSchema.safeParse({
		to: form.get('to'),
		trackingCode: typeof form.get('trackingCode') === 'string' ? form.get('trackingCode') : undefined,
	})
	if (!parsed.success) {
		return data({ error: parsed.error.issues[0]?.message ?? 'Dados inválidos.' }, { status: 400 })
	}
	const result = await changeOrderStatus({
		orderId: id.data,
		to: parsed.data.to,
		actorUserId: admin.id,
		actorIp: context.clientIp,
		trackingCode: parsed.data.trackingCode,
	})
	if (!result.ok) return data({ error: result.message }, { status: 400 })
	return redirectWithToast(`/admin/pedidos/${id.data}`, {
		type: 'success',
		title: 'Status atualizado!',
		description: `Pedido agora está "${ORDER_STATUS_LABELS[parsed.data.to]}".`,
	})
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
	const { order, lines, history, actions, trackingCodeMax, payments, refund, label, returnRequest } = loaderData
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
	const error = actionData && 'error' in actionData ? actionData.error : null
	return (
		<AdminPage
			title={`Pedido ${order.reference}`}
			description={`Feito em ${order.createdAt}`}
			actions={
				<Button asChild variant="outline">
					<Link to="/admin/pedidos">
						<ArrowLeftIcon aria-hidden="true" />
						Voltar para pedidos
					</Link>
				</Button>
			}
		>
			<div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
				<div className="grid grid-cols-[minmax(0,1fr)] gap-6">
					<Card>
						<CardHeader>
							<CardTitle>
								<h2>Itens</h2>
							</CardTitle>
						</CardHeader>
						<CardContent>
							<TableBox label="Itens do pedido">
								<table className="w-full text-sm">
									<thead className="bg-muted/60">
										<tr>
											<th scope="col" className={th}>Produto</th>
											<th scope="col" className={`${th} text-right`}>Qtd.</th>
											<th scope="col" className={`${th} text-right`}>Preço</th>
											<th scope="col" className={`${th} text-right`}>Total</th>
										</tr>
									</thead>
									<tbody>
										{lines.map((line) => (
											<tr key={line.id} className="border-t">
												<td className={td}>
													<div className="font-medium">
														{line.title}
														{line.badge ? (
															<span className="ml-2 rounded bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground">{line.badge}</span>
														) : null}
													</div>
													{line.details ? <div className="text-muted-foreground">{line.details}</div> : null}
												</td>
												<td className={`${td} text-right`}>{line.quantity}</td>
												<td className={`${td} whitespace-nowrap text-right`}>{line.unitPrice}</td>
												<td className={`${td} whitespace-nowrap text-right`}>{line.total}</td>
											</tr>
										))}
									</tbody>
								</table>
							</TableBox>
							<dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
								<dt>Subtotal</dt>
								<dd className="text-right">{order.subtotal}</dd>
								<dt>Frete</dt>
								<dd className="text-right">{order.shipping}</dd>
								{order.discount ? (
									<>
										<dt>Desconto{order.couponCode ? ` (cupom ${order.couponCode})` : ''}</dt>
										<dd className="text-right">{order.discount}</dd>
									</>
								) : null}
								{order.pixDiscount ? (
									<>
										<dt>Desconto no PIX</dt>
										<dd className="text-right">{order.pixDiscount}</dd>
									</>
								) : null}
								<dt className="font-semibold">Total</dt>
								<dd className="text-right font-semibold">{order.total}</dd>
							</dl>
						</CardContent>
					</Card>

					<Card>
						<CardHeader>
							<CardTitle>
								<h2>Histórico</h2>
							</CardTitle>
						</CardHeader>
						<CardContent>
							<ol className="grid gap-3 text-sm" aria-label="Histórico de status">
								{history.map((h) => (
									<li key={h.id} className="border-l-2 border-primary/40 pl-3">
										<p className="font-medium">
											{h.from ? `${ORDER_STATUS_LABELS[h.from]} → ` : ''}
											{ORDER_STATUS_LABELS[h.to]}
										</p>
										<p className="text-muted-foreground">
											{h.at} · por {h.who}
										</p>
										{h.note ? <p>{h.note}</p> : null}
									</li>
								))}
							</ol>
						</CardContent>
					</Card>
					<PaymentTimeline events={payments} refund={refund} busy={busy} />
				</div>

				<div className="grid grid-cols-[minmax(0,1fr)] content-start gap-6">
					<Card>
						<CardHeader>
							<CardTitle>
								<h2>Status</h2>
							</CardTitle>
						</CardHeader>
						<CardContent className="grid gap-3">
							<p>
								<span className="sr-only">Status atual: </span>
								<OrderStatusBadge status={order.status} />
							</p>
							{order.paidAt ? <p className="text-sm text-muted-foreground">Pago em {order.paidAt}</p> : null}
							{order.trackingCode ? (
								<p className="text-sm">
									Rastreio: <span className="font-mono">{order.trackingCode}</span>
								</p>
							) : null}
							<div role="alert" className="text-sm text-destructive">
								{error}
							</div>
							{actions.length === 0 ? (
								<p className="text-sm text-muted-foreground">Este pedido está finalizado.</p>
							) : (
								actions.map((to) =>
									to === 'enviado' ? (
										<Form key={to} method="post" className="grid gap-2 rounded-md border p-3">
											<Label htmlFor="trackingCode">Código de rastreio</Label>
											<Input
												id="trackingCode"
												name="trackingCode"
												required
												maxLength={trackingCodeMax}
												placeholder="Ex.: AA123456789BR"
												aria-describedby="trackingCode-error"
												aria-invalid={error ? true : undefined}
											/>
											<FieldMessage id="trackingCode-error" />
											<input type="hidden" name="to" value={to} />
											<Button type="submit" disabled={busy}>
												{ACTION_LABELS[to]}
											</Button>
										</Form>
									) : (
										<Form key={to} method="post">
											<input type="hidden" name="to" value={to} />
											<Button type="submit" className="w-full" variant={to === 'cancelado' ? 'destructive' : 'default'} disabled={busy}>
												{ACTION_LABELS[to]}
											</Button>
										</Form>
									),
								)
							)}
						</CardContent>
					</Card>

					<ShippingLabelCard label={label} busy={busy} />
					{returnRequest ? <ReturnAdminPanel panel={returnRequest} /> : null}

					<Card>
						<CardHeader>
							<CardTitle>
								<h2>Cliente</h2>
							</CardTitle>
						</CardHeader>
						<CardContent>
							<dl className="grid gap-2 text-sm">
								<div>
									<dt className="text-muted-foreground">Nome</dt>
									<dd>
										{order.customerName}
										{order.hasAccount ? '' : ' (sem conta)'}
									</dd>
								</div>
								<div>
									<dt className="text-muted-foreground">E-mail</dt>
									<dd className="break-all">{order.email}</dd>
								</div>
								<div>
									<dt className="text-muted-foreground">CPF</dt>
									<dd>{order.cpf}</dd>
								</div>
								<div>
									<dt className="text-muted-foreground">Telefone</dt>
									<dd>{order.phone}</dd>
								</div>
								<div>
									<dt className="text-muted-foreground">Endereço de entrega</dt>
									<dd>
										{order.address.map((line) => (
											<span key={line} className="block">
												{line}
											</span>
										))}
									</dd>
								</div>
								<div>
									<dt className="text-muted-foreground">Pagamento</dt>
									<dd className="flex flex-wrap items-center gap-1.5">
										{order.payment}
										{order.testPayment ? <TestPaymentBadge /> : null}
									</dd>
								</div>
								<div>
									<dt className="text-muted-foreground">Cupom</dt>
									<dd>{order.couponCode ?? 'Nenhum'}</dd>
								</div>
							</dl>
						</CardContent>
					</Card>
				</div>
			</div>
		</AdminPage>
	)
}
