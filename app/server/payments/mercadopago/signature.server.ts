import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Mercado Pago's webhook signature (decision 078). Each notification carries
 * `x-signature: ts=<timestamp>,v1=<hex HMAC-SHA256>` and `x-request-id`; the HMAC, keyed with the
 * application's secret signature, covers the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`
 * where data.id is the `data.id` query parameter (lower-cased when alphanumeric) and a part whose
 * value is missing is left out. Source: "Notificações → Webhooks → Validar origem da notificação"
 * (https://www.mercadopago.com.br/developers/pt/docs/your-integrations/notifications/webhooks).
 *
 * The comparison is constant-time; a timestamp further than `toleranceSeconds` from now is refused
 * (a captured notification replayed later). `ts` is documented in milliseconds; a value in seconds
 * (older examples) is read as such.
 */
export type SignatureCheck = { ok: true; ts: number } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' }

export const SIGNATURE_TOLERANCE_SECONDS = 300

export function signatureManifest(dataId: string | null, requestId: string | null, ts: string): string {
	const id = dataId && /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId
	return `${id ? `id:${id};` : ''}${requestId ? `request-id:${requestId};` : ''}ts:${ts};`
}

export function signNotification(secret: string, dataId: string | null, requestId: string | null, ts: string): string {
	return createHmac('sha256', secret).update(signatureManifest(dataId, requestId, ts)).digest('hex')
}

export function verifySignature(input: {
	header: string | null
	requestId: string | null
	dataId: string | null
	secret: string
	now?: number
	toleranceSeconds?: number
}): SignatureCheck {
	if (!input.header) return { ok: false, reason: 'missing' }
	let ts: string | undefined
	let v1: string | undefined
	for (const part of input.header.split(',')) {
		const eq = part.indexOf('=')
		if (eq < 1) continue
		const key = part.slice(0, eq).trim().toLowerCase()
		const value = part.slice(eq + 1).trim()
		if (key === 'ts') ts = value
		else if (key === 'v1') v1 = value
	}
	if (!ts || !/^\d{9,14}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return { ok: false, reason: 'malformed' }
	const expected = Buffer.from(signNotification(input.secret, input.dataId, input.requestId, ts), 'hex')
	if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return { ok: false, reason: 'mismatch' }
	const tsMs = ts.length >= 13 ? Number(ts) : Number(ts) * 1000
	const drift = Math.abs((input.now ?? Date.now()) - tsMs) / 1000
	if (drift > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return { ok: false, reason: 'stale' }
	return { ok: true, ts: tsMs }
}
