/**
 * Tracking words and links shared by the server, the e-mails and the pages (issue 32, decision 115).
 */

/** Where a shopper follows a parcel: Melhor Envio's public tracking page takes every carrier's code. */
export function trackingLinkOf(code: string): string {
	return `https://www.melhorrastreio.com.br/rastreio/${encodeURIComponent(code.trim())}`
}

/** The kinds of tracking event we keep, in the order a parcel lives them. */
export const TRACKING_EVENT_KINDS = ['paid', 'generated', 'posted', 'delivered', 'undelivered', 'canceled', 'expired'] as const
export type TrackingEventKind = (typeof TRACKING_EVENT_KINDS)[number]

export const TRACKING_EVENT_LABELS: Record<TrackingEventKind, string> = {
	paid: 'Etiqueta paga',
	generated: 'Etiqueta gerada',
	posted: 'Postado na transportadora',
	delivered: 'Entregue',
	undelivered: 'Não entregue (devolvido ao remetente)',
	canceled: 'Envio cancelado',
	expired: 'Etiqueta expirada',
}

export function isTrackingEventKind(kind: string): kind is TrackingEventKind {
	return (TRACKING_EVENT_KINDS as readonly string[]).includes(kind)
}
