import type { z } from 'zod'
import {
	type CalculateRequest,
	type CartRequest,
	type ServiceQuote,
	type TrackingEntry,
	calculateResponseSchema,
	cartResponseSchema,
	checkoutResponseSchema,
	errorResponseSchema,
	generateResponseSchema,
	printResponseSchema,
	trackingResponseSchema,
} from './schemas'

/**
 * A small typed client for Melhor Envio's quote endpoint (issue 32, decision 087), in the manner
 * of the payment clients (app/server/payments/mercadopago/client.server.ts): fetch with a time
 * box, every answer checked, the token only in the Authorization header, never in a message or a
 * log line.
 */
export type MelhorEnvioClientOptions = {
	apiUrl: string
	token: string
	/** 'Pet Estilo (contato@petestilo.com.br)': the documented User-Agent, the app and a contact. */
	userAgent: string
	timeoutMs: number
	fetch?: typeof fetch
}

export class MelhorEnvioError extends Error {
	constructor(
		message: string,
		/** HTTP status, or 0 when Melhor Envio did not answer in time (or at all). */
		readonly status: number,
		/** Melhor Envio's own words (its `message`/`error`, the fields it refused): what the labels explain. */
		readonly detail: string = '',
		readonly fields: readonly string[] = [],
	) {
		super(message)
		this.name = 'MelhorEnvioError'
	}
}

/** Header values are bytes: the app's name without accents nor anything outside printable ASCII. */
export function userAgentOf(storeName: string, contactEmail: string): string {
	const ascii = (text: string) =>
		text
			.normalize('NFD')
			.replace(/[\u0300-\u036f]/g, '')
			.replace(/[^\x20-\x7E]/g, '')
			.replace(/[()]/g, '')
			.trim()
	return `${ascii(storeName) || 'Loja'} (${ascii(contactEmail)})`
}

export class MelhorEnvioClient {
	private readonly apiUrl: string
	private readonly fetchImpl: typeof fetch

	constructor(private readonly options: MelhorEnvioClientOptions) {
		this.apiUrl = options.apiUrl.replace(/\/+$/, '')
		this.fetchImpl = options.fetch ?? fetch
	}

	/** POST /api/v2/me/shipment/calculate: one entry per service asked, a quote or its error. */
	calculate(body: CalculateRequest, signal?: AbortSignal): Promise<ServiceQuote[]> {
		return this.post('/api/v2/me/shipment/calculate', body, calculateResponseSchema, signal)
	}

	/** POST /api/v2/me/cart (decision 115): one shipment into the account's cart; its id is kept. */
	addToCart(body: CartRequest): Promise<z.infer<typeof cartResponseSchema>> {
		return this.post('/api/v2/me/cart', body, cartResponseSchema)
	}

	/** POST /api/v2/me/shipment/checkout: pays the shipments from the account's wallet. */
	checkout(orders: string[]): Promise<z.infer<typeof checkoutResponseSchema>> {
		return this.post('/api/v2/me/shipment/checkout', { orders }, checkoutResponseSchema)
	}

	/** POST /api/v2/me/shipment/generate: the carrier's label (and tracking code) for paid shipments. */
	generate(orders: string[]): Promise<z.infer<typeof generateResponseSchema>> {
		return this.post('/api/v2/me/shipment/generate', { orders }, generateResponseSchema)
	}

	/**
	 * POST /api/v2/me/shipment/print: a link to the PDF. 'public': it opens without a Melhor Envio
	 * session (the owner prints from our back-office); the link is unguessable and shown only there.
	 */
	print(orders: string[]): Promise<{ url: string }> {
		return this.post('/api/v2/me/shipment/print', { mode: 'public', orders }, printResponseSchema)
	}

	/** POST /api/v2/me/shipment/tracking: each shipment's status, codes and dates. */
	tracking(orders: string[]): Promise<Record<string, TrackingEntry>> {
		return this.post('/api/v2/me/shipment/tracking', { orders }, trackingResponseSchema)
	}

	private async post<S extends z.ZodType>(path: string, body: unknown, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
		const timeout = AbortSignal.timeout(this.options.timeoutMs)
		let response: Response
		let text: string
		try {
			response = await this.fetchImpl(`${this.apiUrl}${path}`, {
				method: 'POST',
				headers: {
					Authorization: `Bearer ${this.options.token}`,
					Accept: 'application/json',
					'Content-Type': 'application/json',
					'User-Agent': this.options.userAgent,
				},
				body: JSON.stringify(body),
				signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
				redirect: 'error',
			})
			// The body is inside the time box too: a server that sends headers and then stalls is slow.
			text = await response.text()
		} catch (error) {
			const reason = error instanceof Error && error.name === 'TimeoutError' ? `sem resposta em ${this.options.timeoutMs} ms` : 'falha de rede'
			throw new MelhorEnvioError(`Melhor Envio indisponível (POST ${path}: ${reason})`, 0)
		}
		let json: unknown = null
		try {
			json = text ? JSON.parse(text) : null
		} catch {
			throw new MelhorEnvioError(`resposta do Melhor Envio não é JSON (POST ${path}, HTTP ${response.status})`, response.status)
		}
		if (!response.ok) {
			const problem = errorResponseSchema.safeParse(json)
			const fields = problem.success ? Object.keys(problem.data.errors ?? {}) : []
			const detail = problem.success
				? [problem.data.message, typeof problem.data.error === 'string' ? problem.data.error : null, ...Object.entries(problem.data.errors ?? {}).map(([field, messages]) => `${field}: ${messages[0] ?? ''}`)]
						.filter(Boolean)
						.join('; ')
						.slice(0, 300)
				: ''
			throw new MelhorEnvioError(`Melhor Envio recusou POST ${path} (HTTP ${response.status}${detail ? `: ${detail}` : ''})`, response.status, detail, fields)
		}
		const parsed = schema.safeParse(json)
		if (!parsed.success) {
			const issue = parsed.error.issues[0]
			throw new MelhorEnvioError(`resposta inesperada do Melhor Envio (POST ${path}): ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`, 502)
		}
		return parsed.data as z.infer<S>
	}
}

/** '25.65' or 25.65 → 2565, exactly (no binary fractions on the way). */
export function priceToCents(value: string | number): number {
	const text = typeof value === 'number' ? value.toFixed(2) : value
	const [whole = '0', fraction = ''] = text.split('.')
	return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2))
}

/** Cents → the documented BRL double with two decimals. */
export function centsToReais(cents: number): number {
	return Math.round(cents) / 100
}
