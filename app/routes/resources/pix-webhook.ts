import { data } from 'react-router'
import { clientAddressGroup } from '~/server/address-group.server'
import { logger } from '~/server/logger.server'
import { drainPixInbox, enqueuePixNotification, pixNotificationSchema, webhookTokenMatches } from '~/server/payments/api-pix/webhook.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import type { Route } from './+types/pix-webhook'

/**
 * POST /webhooks/pix/{PIX_WEBHOOK_TOKEN}/pix — the PSP's API Pix notification (issue 29,
 * decision 076). A wrong token (or PIX_PROVIDER=static) gets the same 404 as any unknown
 * address, and nothing is stored. A good one stores the body and answers at once; the PSP is
 * asked what really happened afterwards (drainPixInbox), never trusted from the body. The token
 * is never logged (server/access-log.ts hides it in the access log). The body is held to the
 * default form limit (server/body-limit.ts, 64 KB: up to 100 PIX of a few hundred bytes each).
 */
const NOT_FOUND = { error: 'Não encontrado.' }
/** Notifications per minute per client address: a PSP sends a few; a flood is refused. */
const PER_ADDRESS_PER_MINUTE = 120

export function loader() {
	return data(NOT_FOUND, { status: 404, headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request, params, context }: Route.ActionArgs) {
	const headers = { 'Cache-Control': 'no-store' }
	if (request.method !== 'POST') return data({ error: 'Método não permitido.' }, { status: 405, headers: { ...headers, Allow: 'POST' } })
	const limit = await consumeRateLimit({ key: `pix-webhook:ip:${clientAddressGroup(context.clientIp)}`, limit: PER_ADDRESS_PER_MINUTE, windowSeconds: 60 })
	if (!limit.allowed) {
		return data({ error: 'Muitas notificações em pouco tempo.' }, { status: 429, headers: { ...headers, 'Retry-After': String(limit.retryAfterSeconds) } })
	}
	if (!webhookTokenMatches(params.token)) return data(NOT_FOUND, { status: 404, headers })
	let body: unknown
	try {
		body = await request.json()
	} catch {
		return data({ error: 'Corpo inválido: era esperado um JSON.' }, { status: 400, headers })
	}
	const parsed = pixNotificationSchema.safeParse(body)
	if (!parsed.success) {
		return data({ error: `Notificação inválida: ${parsed.error.issues[0]?.message ?? 'formato inesperado'}` }, { status: 400, headers })
	}
	await enqueuePixNotification(parsed.data)
	// Work after the answer: the PSP waits for nothing but the acknowledgement.
	void drainPixInbox().catch((error: unknown) => logger.error({ error: String(error) }, 'falha ao processar notificações PIX'))
	return data({ ok: true }, { status: 200, headers })
}
