import { AlertTriangleIcon, RefreshCwIcon } from '~/components/icons/lucide'
import { Form, Link, useNavigation } from 'react-router'
import { AdminPage } from '~/components/admin/admin-page'
import { Button } from '~/components/ui/button'
import { requireAdmin } from '~/server/auth/guards.server'
import {
	type PaymentMismatch,
	paymentProvidersConfigured,
	RECONCILIATION_DAYS,
	recentPaymentFlags,
	reconcileWithProviders,
} from '~/server/payments/reconciliation.server'
import { formatDateTime, formatMoney } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'
import { PAYMENT_EVENT_LABELS } from '~/utils/payment-events'
import type { Route } from './+types/payments'

/**
 * /admin/pagamentos (issue 29, decision 119): the payments to look at. The flags of the last 30
 * days (money the confirmations could not settle alone: a different amount, paid after the
 * deadline, a chargeback, a PIX with no order) and, on request, the comparison with the providers
 * over the last days: paid at the provider but not in the shop, and the reverse. Read only: the
 * comparison asks the providers (slow, so only when the owner presses the button: `?conferir=1`).
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Conciliação de pagamentos', matches) }]

const PROVIDER_LABELS: Record<string, string> = { 'api-pix': 'API Pix', static: 'PIX estático', mercadopago: 'Mercado Pago' }

export const MISMATCH_LABELS: Record<PaymentMismatch['kind'], string> = {
	provider_only: 'Recebido no provedor, não pago na loja',
	shop_only: 'Pago na loja, não recebido no provedor',
	amount: 'Valor recebido diferente do total do pedido',
}

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const compare = new URL(request.url).searchParams.get('conferir') === '1'
	const providers = paymentProvidersConfigured()
	const [flags, reconciliation] = await Promise.all([recentPaymentFlags(), compare && providers.length > 0 ? reconcileWithProviders() : null])
	return {
		providers,
		days: RECONCILIATION_DAYS,
		flags: flags.map((flag) => ({
			id: flag.id,
			label: PAYMENT_EVENT_LABELS[flag.kind],
			provider: PROVIDER_LABELS[flag.provider] ?? flag.provider,
			orderId: flag.orderId,
			orderReference: flag.orderReference,
			providerRef: flag.providerRef,
			amount: flag.amountCents === null ? null : formatMoney(flag.amountCents),
			detail: flag.detail,
			at: formatDateTime(flag.at),
		})),
		reconciliation: reconciliation && {
			checks: reconciliation.checks,
			mismatches: reconciliation.mismatches.map((m) => ({
				key: `${m.kind}:${m.provider}:${m.providerRef}`,
				label: MISMATCH_LABELS[m.kind],
				provider: m.provider,
				providerRef: m.providerRef,
				orderId: m.orderId,
				orderReference: m.orderReference,
				orderStatus: m.orderStatus ? ORDER_STATUS_LABELS[m.orderStatus] : null,
				received: m.amountCents === null ? null : formatMoney(m.amountCents),
				orderTotal: m.orderTotalCents === null ? null : formatMoney(m.orderTotalCents),
				at: formatDateTime(m.at),
			})),
		},
	}
}

function OrderLink({ id, reference }: { id: string | null; reference: string | null }) {
	if (!id || !reference) return <span className="text-muted-foreground">Nenhum pedido da loja</span>
	return (
		<Link to={`/admin/pedidos/${id}`} className="font-medium text-primary underline-offset-4 hover:underline">
			Pedido {reference}
		</Link>
	)
}

export default function PaymentsAdmin({ loaderData }: Route.ComponentProps) {
	const { providers, days, flags, reconciliation } = loaderData
	const navigation = useNavigation()
	const comparing = navigation.state === 'loading' && navigation.location.search.includes('conferir=1')
	return (
		<AdminPage
			title="Conciliação de pagamentos"
			description="O que os provedores de pagamento receberam comparado com os pedidos da loja, e os alertas que pedem a sua atenção."
		>
			<section aria-labelledby="alertas-titulo" className="space-y-3">
				<h2 id="alertas-titulo" className="text-lg font-semibold">
					Alertas dos últimos 30 dias
				</h2>
				{flags.length === 0 ? (
					<p className="text-muted-foreground">Nenhum alerta de pagamento. Tudo certo por aqui.</p>
				) : (
					<ol className="grid gap-3" aria-label="Alertas de pagamento">
						{flags.map((flag) => (
							<li key={flag.id} className="rounded-lg border border-destructive/40 p-3 text-sm" data-testid="alerta-pagamento">
								<div className="flex flex-wrap items-baseline justify-between gap-2">
									<span className="flex items-center gap-1.5 font-semibold">
										<AlertTriangleIcon aria-hidden="true" className="size-4 text-destructive" />
										{flag.label}
									</span>
									<time className="text-muted-foreground">{flag.at}</time>
								</div>
								<div className="mt-1">
									<OrderLink id={flag.orderId} reference={flag.orderReference} />
									{flag.amount ? <span> · {flag.amount}</span> : null}
								</div>
								{flag.detail ? <p className="mt-1 text-muted-foreground">{flag.detail}</p> : null}
								<p className="mt-1 break-all text-xs text-muted-foreground">
									{flag.provider}
									{flag.providerRef ? ` · ${flag.providerRef}` : ''}
								</p>
							</li>
						))}
					</ol>
				)}
			</section>

			<section aria-labelledby="conferencia-titulo" className="mt-8 space-y-3">
				<h2 id="conferencia-titulo" className="text-lg font-semibold">
					Conferir com os provedores
				</h2>
				{providers.length === 0 ? (
					<p className="text-muted-foreground">
						Nenhum provedor de pagamento automático está configurado: os pagamentos por PIX estático são conferidos no extrato do banco e
						marcados como pagos à mão em cada pedido.
					</p>
				) : (
					<>
						<p className="text-muted-foreground">
							Compara o que {providers.join(' e ')} recebeu nos últimos {days} dias com os pedidos da loja e mostra só as diferenças.
						</p>
						<Form method="get">
							<input type="hidden" name="conferir" value="1" />
							<Button type="submit" variant="outline" disabled={comparing}>
								<RefreshCwIcon aria-hidden="true" className={comparing ? 'animate-spin' : undefined} />
								{comparing ? 'Conferindo…' : `Conferir os últimos ${days} dias`}
							</Button>
						</Form>
					</>
				)}
				{reconciliation ? (
					<div className="space-y-3" aria-live="polite">
						<ul className="text-sm">
							{reconciliation.checks.map((check) => (
								<li key={check.provider} data-testid="conferencia-provedor">
									<span className="font-medium">{check.provider}:</span>{' '}
									{check.ok ? `${check.payments.toLocaleString('pt-BR')} pagamento(s) no período` : <span className="text-destructive">{check.message}</span>}
								</li>
							))}
						</ul>
						{reconciliation.mismatches.length === 0 ? (
							<p className="font-medium text-success" data-testid="conferencia-sem-diferencas">
								Nenhuma diferença: o que os provedores receberam confere com os pedidos da loja.
							</p>
						) : (
							<ol className="grid gap-3" aria-label="Diferenças encontradas">
								{reconciliation.mismatches.map((m) => (
									<li key={m.key} className="rounded-lg border p-3 text-sm" data-testid="diferenca-pagamento">
										<div className="flex flex-wrap items-baseline justify-between gap-2">
											<span className="font-semibold">{m.label}</span>
											<time className="text-muted-foreground">{m.at}</time>
										</div>
										<div className="mt-1">
											<OrderLink id={m.orderId} reference={m.orderReference} />
											{m.orderStatus ? <span className="text-muted-foreground"> ({m.orderStatus})</span> : null}
										</div>
										<dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
											{m.received ? (
												<>
													<dt className="text-muted-foreground">Recebido</dt>
													<dd>{m.received}</dd>
												</>
											) : null}
											{m.orderTotal ? (
												<>
													<dt className="text-muted-foreground">Total do pedido</dt>
													<dd>{m.orderTotal}</dd>
												</>
											) : null}
											<dt className="text-muted-foreground">{m.provider}</dt>
											<dd className="break-all font-mono text-xs">{m.providerRef}</dd>
										</dl>
									</li>
								))}
							</ol>
						)}
					</div>
				) : null}
			</section>
		</AdminPage>
	)
}
