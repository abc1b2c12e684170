import { CheckCircle2Icon, ClockIcon, CreditCardIcon, LoaderCircleIcon, TruckIcon } from '~/components/icons/lucide'
import { data, Link } from 'react-router'
import { OrderStatusBadge } from '~/components/orders/order-status-badge'
import { TestPaymentBadge } from '~/components/orders/test-payment-badge'
import { OrderSummaryLines, OrderTotals } from '~/components/orders/order-summary'
import { PixPayment } from '~/components/orders/pix-payment'
import { TrackingTimeline } from '~/components/orders/tracking-timeline'
import type { LiveChannelsHandle } from '~/components/shop/live-updates'
import { Button } from '~/components/ui/button'
import { formatCep } from '~/commerce/rules/cep'
import { loadOrderForViewer, orderIdForViewer } from '~/server/orders/order-view.server'
import { ReturnPanel } from '~/components/returns/return-panel'
import { returnViewOf } from '~/server/returns/view.server'
import { shopperReturnAction } from '~/server/returns/shopper-action.server'
import { formatDateTime } from '~/utils/format'
import { cardPaymentLabel } from '~/utils/installments'
import { pageTitle } from '~/utils/meta'
import { trackingLinkOf } from '~/utils/tracking'
import { PRIVATE_NO_STORE, routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/order'

/**
 * /pedido/{reference} — the order confirmation (spec decision 5). Only its buyer sees it: the
 * browser that placed it (buyer cookie) or the signed-in owner; anyone else gets the same 404
 * as an unknown reference. While a PIX order waits for payment it shows the QR code and the
 * 'copia e cola' payload. A card order whose charge never went through (its claim met a busy
 * pool, decision 059) says so, with a way back to the checkout that charges this same order.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
	{ title: pageTitle(loaderData ? `Pedido ${loaderData.order.reference}` : 'Pedido', matches) },
	{ name: 'robots', content: 'noindex' },
]

/**
 * Issue 29: the page follows its order's status live (the 'order' channel), so a PIX the PSP
 * confirms turns the page 'Pago' without a reload; the e-mail link's ?acesso= authorises it too.
 */
export const handle: LiveChannelsHandle = {
	liveChannels: ['order'],
	liveParams: (data, search) => {
		const reference = (data as { order?: { reference?: string } } | undefined)?.order?.reference
		const access = search.get('acesso')
		return reference ? { pedido: reference, ...(access ? { acesso: access } : {}) } : {}
	},
}

// Loader and action headers (Cache-Control, Retry-After) reach the client only through this.
export const headers = routeHeaders(PRIVATE_NO_STORE)

export async function loader({ request, params }: Route.LoaderArgs) {
	const order = await loadOrderForViewer(request, params.reference)
	if (!order) throw data('Pedido não encontrado', { status: 404 })
	// Issue 31: withdrawing from the purchase (decision 117), under the same guard as the page.
	const orderId = await orderIdForViewer(request, params.reference)
	const returns = orderId ? await returnViewOf(orderId) : null
	return data({ order, returns }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/** Issue 31: 'Pedir desistência' (decision 117); the page's guard decides who may ask. */
export async function action({ request, params }: Route.ActionArgs) {
	return shopperReturnAction(request, () => orderIdForViewer(request, params.reference))
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
	const { order, returns } = loaderData
	const waitingPix = order.pix !== null
	return (
		<main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
			<header className="flex flex-col gap-2">
				<p className="flex items-center gap-2 text-sm text-muted-foreground">
					<CheckCircle2Icon className="size-4 text-green-600" aria-hidden="true" />
					Pedido recebido em {formatDateTime(order.createdAt)}
				</p>
				<h1 className="text-2xl font-bold sm:text-3xl">Pedido {order.reference}</h1>
				<div className="flex flex-wrap items-center gap-3">
					<span className="text-sm">Status:</span>
					<OrderStatusBadge status={order.status} />
				</div>
				{order.cardNotCharged ? null : (
					<p className="text-sm text-muted-foreground">
						Enviamos a confirmação para <strong className="text-foreground">{order.email}</strong>.
					</p>
				)}
			</header>

			{order.trackingCode ? (
				<section className="flex items-start gap-3 rounded-lg border p-4" aria-label="Rastreamento">
					<TruckIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
					<div className="grid gap-3">
						<p>
							Código de rastreamento: <strong data-testid="tracking-code">{order.trackingCode}</strong>{' '}
							<a href={trackingLinkOf(order.trackingCode)} target="_blank" rel="noopener noreferrer" className="font-medium underline">
								Rastrear entrega
							</a>
						</p>
						<TrackingTimeline events={order.trackingEvents.map((e) => ({ ...e, at: formatDateTime(e.at) }))} />
					</div>
				</section>
			) : null}

			<div className="grid gap-6 lg:grid-cols-[1fr_380px]">
				<div className="flex flex-col gap-6">
					{order.cardNotCharged ? (
						<div
							className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-900/40 dark:text-amber-100"
							role="status"
							data-testid="card-not-charged"
						>
							<p className="flex items-start gap-2">
								<CreditCardIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
								<span>
									O pagamento com cartão não foi concluído e nada foi cobrado. Seus itens continuam reservados no carrinho: finalize a
									compra de novo para pagar este pedido.
								</span>
							</p>
							<div>
								<Button asChild size="sm">
									<Link to="/checkout">Tentar pagar de novo</Link>
								</Button>
							</div>
						</div>
					) : null}
					{order.cardCharging ? (
						<p className="flex items-start gap-2 rounded-lg border p-3 text-sm" role="status" data-testid="card-charging">
							<LoaderCircleIcon className="mt-0.5 size-4 shrink-0 motion-safe:animate-spin" aria-hidden="true" />
							<span>Processando o pagamento… Atualize a página em instantes para ver o resultado.</span>
						</p>
					) : null}
					{order.cardInReview ? (
						<p className="flex items-start gap-2 rounded-lg border p-3 text-sm" role="status" data-testid="card-in-review">
							<ClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
							<span>Pagamento em análise pela operadora do cartão. Esta página mostra o resultado assim que sair, e você recebe um e-mail.</span>
						</p>
					) : null}
					{order.payBy ? (
						<p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-900/40 dark:text-amber-100" data-testid="pay-by">
							<ClockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
							<span>
								Pague até <strong>{formatDateTime(order.payBy)}</strong>. Depois disso o pedido é cancelado e os itens voltam ao estoque.
							</span>
						</p>
					) : null}
					{order.pix ? (
						<PixPayment payload={order.pix.payload} qrCodeDataUrl={order.pix.qrCodeDataUrl} totalCents={order.totalCents} />
					) : null}
					{order.pix?.dynamic ? (
						<p className="text-sm text-muted-foreground" data-testid="pix-automatico">
							Assim que o PIX for pago, esta página mostra o pedido como pago — não é preciso enviar comprovante.
						</p>
					) : null}
					{order.pixUnavailable ? (
						<p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-900/40 dark:text-amber-100" role="status" data-testid="pix-indisponivel">
							Não conseguimos gerar o código PIX agora. Atualize a página em instantes para pagar; seu pedido continua reservado.
						</p>
					) : null}
					<section className="flex flex-col gap-2 rounded-lg border p-4 text-sm" aria-labelledby="order-delivery">
						<h2 id="order-delivery" className="text-lg font-semibold">
							Entrega
						</h2>
						<p>{order.customerName}</p>
						<p>
							{order.address.street}, {order.address.number}
							{order.address.complement ? ` — ${order.address.complement}` : ''}
						</p>
						<p>
							{order.address.district} — {order.address.city}/{order.address.uf} — CEP {formatCep(order.address.cep)}
						</p>
						{order.deliveryPromise ? (
							<p data-testid="prazo-pedido">
								Prazo de entrega{order.shippingMethod ? ` (${order.shippingMethod})` : ''}: <strong>{order.deliveryPromise.text}</strong>
								{order.deliveryPromise.ifPaidToday ? ', se o pagamento for confirmado hoje.' : '.'}
							</p>
						) : null}
					</section>
					<section className="flex flex-col gap-2 rounded-lg border p-4 text-sm" aria-labelledby="order-payment">
						<h2 id="order-payment" className="text-lg font-semibold">
							Pagamento
						</h2>
						<p className="flex flex-wrap items-center gap-2">
							{order.paymentMethod === 'pix' ? 'PIX' : cardPaymentLabel(order.installments, order.totalCents, order.cardTotalCents)}
							{order.testPayment ? <TestPaymentBadge /> : null}
						</p>
						{order.testPayment ? (
							<p className="text-muted-foreground">Pedido de teste: nenhum valor foi cobrado do cartão.</p>
						) : null}
						{!waitingPix && !order.pixUnavailable && order.paymentMethod === 'pix' && order.status === 'aguardando_pagamento' ? (
							<p className="text-muted-foreground">Entre em contato com a loja para concluir o pagamento.</p>
						) : null}
					</section>
					{returns ? <ReturnPanel view={returns} reference={order.reference} /> : null}
				</div>
				<aside className="flex h-fit flex-col gap-4 rounded-lg border p-4" aria-labelledby="order-items">
					<h2 id="order-items" className="text-lg font-semibold">
						Itens
					</h2>
					<OrderSummaryLines lines={order.lines} />
					<OrderTotals totals={order} />
				</aside>
			</div>
			<div>
				<Button asChild variant="outline">
					<Link to="/">Continuar comprando</Link>
				</Button>
			</div>
		</main>
	)
}
