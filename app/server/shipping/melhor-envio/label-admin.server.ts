import { data } from 'react-router'
import { z } from 'zod'
import type { LabelStep } from '~/db/schema/shipping'
import type { Actor } from '~/server/activity/record.server'
import { redirectWithToast } from '~/server/toast.server'
import { formatDateTime } from '~/utils/format'
import { generateLabel, labelOf } from './labels.server'
import { melhorEnvioInfo } from './provider.server'
import { pollTracking } from './tracking.server'
import { trackingEventsOf } from './tracking-events.server'

/**
 * The admin's side of labels and tracking (issue 32, decision 115), kept out of the order route so
 * that the route only wires it: what the label card shows, and its two intents ('etiqueta',
 * 'rastreio'). The route has already checked the admin (requireAdmin) and the order id.
 */
export type LabelCardData = {
	/** 'Gerar etiqueta' is offered (configured, a Melhor Envio service, paid or in production, not done). */
	canGenerate: boolean
	/** Why it is not offered, when the order would otherwise want one. */
	note: string | null
	step: LabelStep | null
	printUrl: string | null
	trackingCode: string | null
	lastError: string | null
	canTrack: boolean
	events: Array<{ kind: string; label: string; at: string }>
}

export async function labelCardData(order: { id: string; status: string; shipping_service_id: number | null; shipping_carrier?: string | null; shipping_service?: string | null }): Promise<LabelCardData> {
	const [label, events] = await Promise.all([labelOf(order.id), trackingEventsOf(order.id)])
	const configured = melhorEnvioInfo().configured
	const meService = order.shipping_service_id !== null
	const waiting = order.status === 'pago' || order.status === 'em_producao'
	const done = label?.step === 'done'
	return {
		canGenerate: configured && meService && !done && (waiting || (order.status === 'enviado' && label?.step === 'printed')),
		// A shop without Melhor Envio sees nothing new: the status card's hand-typed code, as before.
		note: configured && waiting && !done && !meService ? 'Frete da tabela: informe o código de rastreio à mão.' : null,
		step: label?.step ?? null,
		printUrl: label?.printUrl ?? null,
		trackingCode: label?.trackingCode ?? null,
		lastError: done ? null : (label?.lastError ?? null),
		canTrack: configured && done && order.status === 'enviado',
		events: events.map((e) => ({ kind: e.kind, label: e.label, at: formatDateTime(e.at) })),
	}
}

export const LABEL_INTENTS = ['etiqueta', 'rastreio'] as const
const intentSchema = z.enum(LABEL_INTENTS)

export function isLabelIntent(intent: unknown): boolean {
	return intentSchema.safeParse(intent).success
}

export async function labelIntentAction(orderId: string, intent: unknown, actor: Actor) {
	const parsed = intentSchema.safeParse(intent)
	if (!parsed.success) return data({ error: 'Escolha uma ação válida.' }, { status: 400 })
	if (parsed.data === 'rastreio') {
		try {
			const run = await pollTracking({ orderIds: [orderId] })
			return redirectWithToast(`/admin/pedidos/${orderId}`, {
				type: 'success',
				title: 'Rastreio atualizado',
				description: run.delivered > 0 ? 'A transportadora entregou: o pedido agora está "Entregue".' : 'A linha do tempo da entrega mostra o que a transportadora informou.',
			})
		} catch {
			return data({ error: 'O Melhor Envio não respondeu agora. Tente atualizar o rastreio em alguns minutos.' }, { status: 503 })
		}
	}
	const result = await generateLabel(orderId, actor)
	if (!result.ok) return data({ error: result.message }, { status: 400 })
	return redirectWithToast(`/admin/pedidos/${orderId}`, {
		type: 'success',
		title: 'Etiqueta gerada!',
		description: `Pedido enviado com o rastreio ${result.trackingCode}; o cliente recebeu o e-mail. Imprima a etiqueta (PDF).`,
	})
}
