import { type CalculateRequest, type ServiceQuote, calculateResponseSchema, errorResponseSchema } from './schemas'

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
	async calculate(body: CalculateRequest, signal?: AbortSignal): Promise<ServiceQuote[]> {
		const path = '/api/v2/me/shipment/calculate'
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
			const detail = problem.success
				? [problem.data.message, ...Object.entries(problem.data.errors ?? {}).map(([field, messages]) => `${field}: ${messages[0] ?? ''}`)]
						.filter(Boolean)
						.join('; ')
				: ''
			throw new MelhorEnvioError(`Melhor Envio recusou POST ${path} (HTTP ${response.status}${detail ? `: ${detail.slice(0, 300)}` : ''})`, response.status)
		}
		const parsed = calculateResponseSchema.safeParse(json)
		if (!parsed.success) {
			const issue = parsed.error.issues[0]
			throw new MelhorEnvioError(`resposta inesperada do Melhor Envio (POST ${path}): ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`, 502)
		}
		return parsed.data
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
