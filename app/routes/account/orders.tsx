import { PackageIcon, PaletteIcon } from '~/components/icons/lucide'
import { Link } from 'react-router'
import { TrackingTimeline } from '~/components/orders/tracking-timeline'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { ordersOfCustomer } from '~/server/account/orders.server'
import { ReturnPanel } from '~/components/returns/return-panel'
import { returnViewsOf } from '~/server/returns/view.server'
import { shopperReturnAction } from '~/server/returns/shopper-action.server'
import { queryRows } from '~/server/db.server'
import { sql } from 'drizzle-orm'
import { requireUser } from '~/server/auth/guards.server'
import { storeOrdersLink } from '~/server/orders/hosted-checkout.server'
import { customOrdersOfUser } from '~/server/personalization/custom-orders.server'
import { formatDateTime, formatLongDate, formatMoney } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'
import { trackingLinkOf } from '~/utils/tracking'
import { WORK_STAGE_LABELS } from '~/utils/production-status'
import type { Route } from './+types/orders'

/**
 * /user/orders 'Meus Pedidos' (document 001 §2; issue 10): the customer's shop orders (status
 * with its history, tracking code, the order page with the PIX code while unpaid) and their
 * personalized pieces as the document describes them. Only the signed-in person's own records.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Meus Pedidos', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	const [orders, custom] = await Promise.all([ordersOfCustomer(user.id), customOrdersOfUser(user.id)])
	// Issue 31: withdrawing from a paid order (decision 117); unpaid orders have nothing to give back.
	const returns = await returnViewsOf(orders.filter((o) => o.status !== 'aguardando_pagamento').map((o) => o.id))
	return {
		orders,
		returns,
		// A hosted store's orders (decision 052) are paid and followed on the store.
		storeOrders: storeOrdersLink(),
		custom: custom.map((row) => ({
			id: row.id,
			title: row.productType === 'bandana' ? 'Bandana Personalizada' : 'Colar Personalizado',
			wholesale: row.wholesale,
			createdAt: row.createdAt,
			completed: row.completed,
			petName: row.petName,
			colour: row.colour,
			totalCents: row.totalCents,
			notes: row.notes,
			orderReference: row.order?.reference ?? null,
			// Issue 30: where the piece is in production ('Na fila' … 'Enviado'), once paid.
			stage: row.stage,
			size: row.size,
		})),
	}
}

/**
 * Issue 31: 'Pedir desistência' from a card of this list. The order must be the signed-in
 * customer's own (the reference is looked up with her id, never trusted alone).
 */
export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	return shopperReturnAction(request, async (reference) => {
		if (!reference || !/^[A-Z0-9-]{4,40}$/.test(reference)) return null
		const [row] = await queryRows<{ id: string }>(sql`select id from orders where reference = ${reference} and user_id = ${user.id}::uuid`)
		return row?.id ?? null
	})
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
	const { orders, custom, storeOrders, returns } = loaderData
	return (
		<main className="mx-auto w-full max-w-5xl p-4 md:p-8">
			<h1 className="text-2xl font-bold md:text-3xl">Meus Pedidos</h1>

			<section aria-labelledby="pedidos-loja" className="mt-6">
				<h2 id="pedidos-loja" className="flex items-center gap-2 text-lg font-semibold">
					<PackageIcon className="size-5" aria-hidden="true" />
					Pedidos da loja
				</h2>
				{storeOrders ? (
					<p className="mt-2 text-sm" data-testid="pedidos-na-loja">
						Seus pedidos são pagos e acompanhados no checkout da loja.{' '}
						{storeOrders.url ? (
							<a href={storeOrders.url} target="_blank" rel="noopener noreferrer" className="font-medium underline">
								Ver meus pedidos na loja
							</a>
						) : (
							'O status de cada pedido chega no seu e-mail.'
						)}
					</p>
				) : null}
				{orders.length === 0 ? (
					storeOrders ? null : (
						<p className="mt-2 text-sm text-muted-foreground">Você ainda não fez pedidos na loja.</p>
					)
				) : (
					<ul className="mt-3 space-y-4">
						{orders.map((order) => (
							<li key={order.id}>
								<Card data-testid="pedido-cliente">
									<CardContent className="space-y-3 pt-6">
										<div className="flex flex-wrap items-start justify-between gap-2">
											<div>
												<h3 className="font-semibold">Pedido {order.reference}</h3>
												<p className="text-sm text-muted-foreground">{formatLongDate(order.createdAt)}</p>
											</div>
											<Badge variant={order.status === 'cancelado' ? 'destructive' : 'secondary'}>
												{ORDER_STATUS_LABELS[order.status]}
											</Badge>
										</div>
										<ul className="text-sm">
											{order.items.map((item, index) => (
												<li key={`${item.title}-${index}`}>
													{item.quantity} × {item.title}
													{item.variant && item.variant !== 'Default' ? ` (${item.variant})` : ''}
												</li>
											))}
										</ul>
										<p className="text-sm">
											Total: <strong>{formatMoney(order.totalCents)}</strong>
										</p>
										{order.trackingCode ? (
											<p className="text-sm">
												Código de rastreio: <strong className="font-mono">{order.trackingCode}</strong>{' '}
												<a href={trackingLinkOf(order.trackingCode)} target="_blank" rel="noopener noreferrer" className="font-medium underline">
													Rastrear entrega
												</a>
											</p>
										) : null}
										<TrackingTimeline events={order.tracking.map((e) => ({ ...e, at: formatDateTime(e.at) }))} />
										<details className="text-sm">
											<summary className="cursor-pointer text-muted-foreground">Histórico do pedido</summary>
											<ol className="mt-2 space-y-1">
												{order.history.map((step, index) => (
													<li key={`${step.status}-${index}`}>
														{formatDateTime(step.at)} — {ORDER_STATUS_LABELS[step.status]}
													</li>
												))}
											</ol>
										</details>
										<div className="flex flex-wrap gap-2">
											<Button asChild size="sm" variant="outline">
												<Link to={`/pedido/${order.reference}`}>Ver pedido</Link>
											</Button>
											{order.status === 'aguardando_pagamento' && order.paymentMethod === 'pix' ? (
												<Button asChild size="sm">
													<Link to={`/pedido/${order.reference}`}>Pagar com PIX</Link>
												</Button>
											) : null}
										</div>
										{returns[order.id] ? <ReturnPanel view={returns[order.id]!} reference={order.reference} compact /> : null}
									</CardContent>
								</Card>
							</li>
						))}
					</ul>
				)}
			</section>

			<section aria-labelledby="pedidos-personalizados" className="mt-10">
				<h2 id="pedidos-personalizados" className="flex items-center gap-2 text-lg font-semibold">
					<PaletteIcon className="size-5" aria-hidden="true" />
					Pedidos personalizados
				</h2>
				{custom.length === 0 ? (
					<div className="mt-3 rounded-lg border border-dashed p-6 text-center">
						<p className="font-medium">Nenhum pedido ainda</p>
						<p className="mt-1 text-sm text-muted-foreground">Comece personalizando seu primeiro produto!</p>
						<Button asChild className="mt-4" size="sm">
							<Link to="/personalize">Personalizar</Link>
						</Button>
					</div>
				) : (
					<ul className="mt-3 space-y-4">
						{custom.map((row) => (
							<li key={row.id}>
								<Card data-testid="pedido-personalizado-cliente">
									<CardContent className="space-y-2 pt-6">
										<div className="flex flex-wrap items-start justify-between gap-2">
											<div>
												<h3 className="font-semibold">
													{row.wholesale ? 'Atacado — ' : ''}
													{row.title}
												</h3>
												<p className="text-sm text-muted-foreground">{formatLongDate(row.createdAt)}</p>
											</div>
											<Badge variant={row.completed ? 'default' : 'secondary'}>{row.completed ? 'Finalizado' : 'Em Andamento'}</Badge>
										</div>
										<dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [&_dd]:[overflow-wrap:anywhere]">
											{row.petName ? (
												<>
													<dt className="text-muted-foreground">Nome do pet</dt>
													<dd>{row.petName}</dd>
												</>
											) : null}
											{row.size ? (
												<>
													<dt className="text-muted-foreground">Tamanho</dt>
													<dd>{row.size}</dd>
												</>
											) : null}
											{row.colour ? (
												<>
													<dt className="text-muted-foreground">Cor</dt>
													<dd>{row.colour}</dd>
												</>
											) : null}
											{row.stage ? (
												<>
													<dt className="text-muted-foreground">Produção</dt>
													<dd data-testid="producao-cliente">{WORK_STAGE_LABELS[row.stage]}</dd>
												</>
											) : null}
											<dt className="text-muted-foreground">Total</dt>
											<dd>{formatMoney(row.totalCents)}</dd>
											{row.orderReference ? (
												<>
													<dt className="text-muted-foreground">Pedido</dt>
													<dd>
														<Link to={`/pedido/${row.orderReference}`} className="text-primary underline-offset-4 hover:underline">
															{row.orderReference}
														</Link>
													</dd>
												</>
											) : null}
										</dl>
										{row.notes ? (
											<div className="rounded-md bg-muted/50 p-3 text-sm">
												<p className="font-medium">Observações</p>
												<p className="mt-1 whitespace-pre-wrap text-muted-foreground">{row.notes}</p>
											</div>
										) : null}
									</CardContent>
								</Card>
							</li>
						))}
					</ul>
				)}
			</section>
		</main>
	)
}
