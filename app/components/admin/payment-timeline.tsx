import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

/**
 * The payment's timeline on the admin order page (issue 29, decision 076): what the provider did
 * and said, with its ids, and the flags the owner must look at; plus the refund form when the
 * order's money came through a provider that can give it back. Display only.
 */
export type PaymentTimelineEvent = {
	id: string
	label: string
	flag: boolean
	provider: string
	ids: string[]
	amount: string | null
	detail: string | null
	at: string
}

export type RefundOffer = { available: string; availableInput: string; refundId: string; paid: string; provider: 'pix' | 'mercadopago' }

export function PaymentTimeline({ events, refund, busy }: { events: PaymentTimelineEvent[]; refund: RefundOffer | null; busy: boolean }) {
	if (events.length === 0 && !refund) return null
	return (
		<Card>
			<CardHeader>
				<CardTitle>
					<h2>Pagamento</h2>
				</CardTitle>
			</CardHeader>
			<CardContent className="grid gap-4">
				<ol className="grid gap-3 text-sm" aria-label="Linha do tempo do pagamento" data-testid="payment-timeline">
					{events.map((event) => (
						<li
							key={event.id}
							className={event.flag ? 'rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950 dark:border-amber-700 dark:bg-amber-900/40 dark:text-amber-100' : ''}
							data-kind={event.label}
						>
							<div className="flex flex-wrap items-baseline justify-between gap-2">
								<strong>{event.flag ? `⚠ ${event.label}` : event.label}</strong>
								<span className="text-muted-foreground">{event.at}</span>
							</div>
							<div className="text-muted-foreground">
								{event.provider}
								{event.amount ? ` — ${event.amount}` : ''}
							</div>
							{event.detail ? <p>{event.detail}</p> : null}
							{event.ids.length > 0 ? <p className="font-mono text-xs break-all text-muted-foreground">{event.ids.join(' · ')}</p> : null}
						</li>
					))}
				</ol>
				{refund ? (
					<Form
						method="post"
						className="grid gap-2 border-t pt-4"
						aria-label={refund.provider === 'mercadopago' ? 'Devolver pagamento no cartão' : 'Devolver PIX'}
					>
						<input type="hidden" name="intent" value="refund" />
						{/* Made when the page was drawn: a double submit is the same refund at the provider. */}
						<input type="hidden" name="refundId" value={refund.refundId} />
						<p className="text-sm text-muted-foreground">
							Recebido: {refund.paid}. Disponível para devolver: <strong>{refund.available}</strong>. Ao cancelar um pedido pago, devolva aqui o valor
							todo ou parte dele;{' '}
							{refund.provider === 'mercadopago'
								? 'o Mercado Pago estorna no cartão do cliente (na fatura atual ou na seguinte).'
								: 'o PSP confirma a devolução em seguida.'}
						</p>
						<Label htmlFor="refund-amount">Valor a devolver (R$)</Label>
						<Input id="refund-amount" name="amount" inputMode="decimal" defaultValue={refund.availableInput} required />
						{refund.provider === 'pix' ? (
							<>
								<Label htmlFor="refund-reason">Motivo (aparece para o cliente)</Label>
								<Input id="refund-reason" name="reason" maxLength={140} defaultValue="Devolução do pedido" />
							</>
						) : null}
						<Button type="submit" variant="destructive" disabled={busy}>
							{refund.provider === 'mercadopago' ? 'Devolver no cartão' : 'Devolver PIX'}
						</Button>
					</Form>
				) : null}
			</CardContent>
		</Card>
	)
}
