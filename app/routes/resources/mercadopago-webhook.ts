import { data } from 'react-router'
import { clientAddressGroup } from '~/server/address-group.server'
import { logger } from '~/server/logger.server'
import { checkWebhookSignature, drainMercadoPagoInbox, enqueueMercadoPagoNotification, mpNotificationSchema } from '~/server/payments/mercadopago/webhook.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import type { Route } from './+types/mercadopago-webhook'

/**
 * POST /webhooks/mercadopago?data.id=<payment>&type=payment — Mercado Pago's notification (issue
 * 29, decision 078). The `x-signature` header must be Mercado Pago's HMAC over the payment id, the
 * `x-request-id` and a timestamp no older than 5 minutes (constant-time comparison); anything else
 * is refused with nothing stored. A good one stores the payment id and answers at once; Mercado
 * Pago is asked what really happened afterwards (drainMercadoPagoInbox), never trusted from the
 * body. Held to the default form body limit (server/body-limit.ts, 64 KB: a notification is a few
 * hundred bytes) and rate-limited per client address. A shop without Mercado Pago answers 404.
 */
const NOT_FOUND = { error: 'Não encontrado.' }
const PER_ADDRESS_PER_MINUTE = 120

export function loader() {
	return data(NOT_FOUND, { status: 404, headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request, context }: Route.ActionArgs) {
	const headers = { 'Cache-Control': 'no-store' }
	if (request.method !== 'POST') return data({ error: 'Método não permitido.' }, { status: 405, headers: { ...headers, Allow: 'POST' } })
	const limit = await consumeRateLimit({ key: `mp-webhook:ip:${clientAddressGroup(context.clientIp)}`, limit: PER_ADDRESS_PER_MINUTE, windowSeconds: 60 })
	if (!limit.allowed) {
		return data({ error: 'Muitas notificações em pouco tempo.' }, { status: 429, headers: { ...headers, 'Retry-After': String(limit.retryAfterSeconds) } })
	}
	const url = new URL(request.url)
	let body: unknown
	try {
		body = await request.json()
	} catch {
		body = {}
	}
	const parsed = mpNotificationSchema.safeParse(body)
	const dataId = url.searchParams.get('data.id') ?? url.searchParams.get('id') ?? (parsed.success && parsed.data.data ? String(parsed.data.data.id) : null)
	const requestId = request.headers.get('x-request-id')
	const signature = checkWebhookSignature({ header: request.headers.get('x-signature'), requestId, dataId })
	if (!signature.ok) {
		if (signature.reason === 'missing' && !dataId) return data(NOT_FOUND, { status: 404, headers })
		logger.warn({ reason: signature.reason }, 'notificação do Mercado Pago recusada: assinatura inválida')
		return data({ error: 'Assinatura inválida.' }, { status: 401, headers })
	}
	const type = url.searchParams.get('type') ?? url.searchParams.get('topic') ?? (parsed.success ? parsed.data.type : undefined)
	// Only payments concern the shop; other topics are acknowledged and ignored.
	if (type !== 'payment' || !dataId || !/^\d{1,20}$/.test(dataId)) return data({ ok: true }, { status: 200, headers })
	await enqueueMercadoPagoNotification({ paymentId: dataId, requestId, action: parsed.success ? (parsed.data.action ?? null) : null })
	void drainMercadoPagoInbox().catch((error: unknown) => logger.error({ error: String(error) }, 'falha ao processar notificações do Mercado Pago'))
	return data({ ok: true }, { status: 200, headers })
}
