import { Form } from 'react-router'
import { TrackingTimeline } from '~/components/orders/tracking-timeline'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import type { LabelCardData } from '~/server/shipping/melhor-envio/label-admin.server'

/**
 * 'Etiqueta e rastreio' on the admin order page (issue 32, decision 115): 'Gerar etiqueta' buys
 * the label of the order's Melhor Envio service (the order then goes 'Enviado' and the shopper gets
 * the code), the PDF to print, what went wrong in Portuguese, and the tracking timeline. Without
 * Melhor Envio (or with the regional table's shipping) the status card's hand-typed code stays.
 */
export function ShippingLabelCard({ label, busy }: { label: LabelCardData; busy: boolean }) {
	const shown = label.canGenerate || label.printUrl || label.note || label.events.length > 0 || label.lastError
	if (!shown) return null
	return (
		<Card>
			<CardHeader>
				<CardTitle>
					<h2>Etiqueta e rastreio</h2>
				</CardTitle>
			</CardHeader>
			<CardContent className="grid gap-3">
				{label.note ? <p className="text-sm text-muted-foreground">{label.note}</p> : null}
				{label.lastError ? (
					<p role="alert" className="text-sm text-destructive">
						{label.lastError}
					</p>
				) : null}
				{label.canGenerate ? (
					<Form method="post">
						<input type="hidden" name="intent" value="etiqueta" />
						<Button type="submit" className="w-full" disabled={busy}>
							{label.step && label.step !== 'new' ? 'Continuar etiqueta' : 'Gerar etiqueta'}
						</Button>
						<p className="mt-1 text-xs text-muted-foreground">Compra a etiqueta no Melhor Envio com o saldo da carteira e marca o pedido como enviado.</p>
					</Form>
				) : null}
				{label.printUrl ? (
					<Button asChild variant="outline">
						<a href={label.printUrl} target="_blank" rel="noreferrer">
							Imprimir etiqueta (PDF)
						</a>
					</Button>
				) : null}
				{label.trackingCode ? (
					<p className="text-sm">
						Rastreio da etiqueta: <span className="font-mono">{label.trackingCode}</span>
					</p>
				) : null}
				<TrackingTimeline events={label.events} />
				{label.canTrack ? (
					<Form method="post">
						<input type="hidden" name="intent" value="rastreio" />
						<Button type="submit" variant="outline" className="w-full" disabled={busy}>
							Atualizar rastreio
						</Button>
					</Form>
				) : null}
			</CardContent>
		</Card>
	)
}
