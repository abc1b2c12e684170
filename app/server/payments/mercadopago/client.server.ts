import type { z } from 'zod'
import { centsToAmount } from './amount'
import { type MpInstallments, type MpPayment, type MpRefund, mpErrorSchema, mpInstallmentsSchema, mpPaymentSchema, mpPaymentSearchSchema, mpRefundSchema } from './schemas'
import { observeProviderCall } from '~/server/metrics/provider-calls.server'

/**
 * A small typed client for the four Mercado Pago endpoints the shop uses (decision 077). Not the
 * official `mercadopago` SDK: its base URL is a fixed constant (AppConfig.BASE_URL), so it could
 * not be pointed at the tests' fake (MERCADOPAGO_API_URL), and it returns its own loose types
 * where we want every answer checked. fetch is enough here: no client certificate is involved.
 *
 * The access token travels only in the Authorization header and never appears in an error
 * message or a log line.
 */
export type MercadoPagoClientOptions = {
	apiUrl: string
	accessToken: string
	timeoutMs?: number
	fetch?: typeof fetch
}

export class MercadoPagoError extends Error {
	constructor(
		message: string,
		/** HTTP status, or 0 when Mercado Pago did not answer. */
		readonly status: number,
		/** Mercado Pago's error code (`cause[0].code`), when it gave one. */
		readonly code: string | null = null,
	) {
		super(message)
		this.name = 'MercadoPagoError'
	}

	/** Worth retrying later: no answer, a 5xx or a 429 (a 4xx is our request's fault). */
	get retriable(): boolean {
		return this.status === 0 || this.status === 429 || this.status >= 500
	}
}

export type CreatePaymentBody = {
	transaction_amount: number
	token: string
	description: string
	installments: number
	payment_method_id: string
	issuer_id?: number
	external_reference: string
	notification_url?: string
	statement_descriptor?: string
	binary_mode?: boolean
	payer: {
		email: string
		first_name?: string
		last_name?: string
		identification?: { type: 'CPF'; number: string }
	}
}

export class MercadoPagoClient {
	private readonly apiUrl: string
	private readonly accessToken: string
	private readonly timeoutMs: number
	private readonly fetchImpl: typeof fetch

	constructor(options: MercadoPagoClientOptions) {
		this.apiUrl = options.apiUrl.replace(/\/+$/, '')
		this.accessToken = options.accessToken
		this.timeoutMs = options.timeoutMs ?? 20_000
		this.fetchImpl = options.fetch ?? fetch
	}

	/** POST /v1/payments; the same idempotency key gives back the same payment, never a second one. */
	createPayment(body: CreatePaymentBody, idempotencyKey: string): Promise<MpPayment> {
		return this.call('POST', '/v1/payments', mpPaymentSchema, { body, idempotencyKey })
	}

	/** GET /v1/payments/{id}; null when Mercado Pago does not know it (404). */
	async getPayment(id: string): Promise<MpPayment | null> {
		if (!/^\d{1,20}$/.test(id)) return null
		try {
			return await this.call('GET', `/v1/payments/${id}`, mpPaymentSchema)
		} catch (error) {
			if (error instanceof MercadoPagoError && error.status === 404) return null
			throw error
		}
	}

	/**
	 * GET /v1/payments/search by the order's reference (external_reference), newest first: the way
	 * to find a payment whose creation answer never came back (a timeout after Mercado Pago had
	 * charged the card), when the shop does not know its id.
	 */
	async paymentsOfOrder(externalReference: string): Promise<MpPayment[]> {
		const params = new URLSearchParams({ external_reference: externalReference, sort: 'date_created', criteria: 'desc', limit: '10' })
		const answer = await this.call('GET', `/v1/payments/search?${params.toString()}`, mpPaymentSearchSchema)
		return answer.results.filter((payment) => payment.external_reference === externalReference)
	}

	/**
	 * GET /v1/payments/search of the payments created in the last `days` days, page by page (at most
	 * `max`): the owner's reconciliation view compares them with the shop's orders.
	 */
	async paymentsCreatedInLastDays(days: number, max = 1000): Promise<MpPayment[]> {
		const all: MpPayment[] = []
		const limit = 100
		for (let offset = 0; offset < max; offset += limit) {
			const params = new URLSearchParams({
				range: 'date_created',
				begin_date: `NOW-${Math.max(1, Math.floor(days))}DAYS`,
				end_date: 'NOW',
				sort: 'date_created',
				criteria: 'desc',
				limit: String(limit),
				offset: String(offset),
			})
			const answer = await this.call('GET', `/v1/payments/search?${params.toString()}`, mpPaymentSearchSchema)
			all.push(...answer.results)
			if (answer.results.length < limit) break
		}
		return all
	}

	/**
	 * GET /v1/payment_methods/installments for an amount and a card: by BIN (the browser SDK does
	 * that), or by payment method and issuer (the server, which never sees the card's digits).
	 */
	installments(query: { amountCents: number; paymentMethodId: string; issuerId?: string | null }): Promise<MpInstallments> {
		const params = new URLSearchParams({ amount: centsToAmount(query.amountCents).toFixed(2), payment_method_id: query.paymentMethodId })
		if (query.issuerId) params.set('issuer.id', query.issuerId)
		return this.call('GET', `/v1/payment_methods/installments?${params.toString()}`, mpInstallmentsSchema)
	}

	/** POST /v1/payments/{id}/refunds: the whole payment (amountCents null) or part of it. */
	refund(paymentId: string, amountCents: number | null, idempotencyKey: string): Promise<MpRefund> {
		if (!/^\d{1,20}$/.test(paymentId)) throw new MercadoPagoError('pagamento inválido', 400)
		const body = amountCents === null ? {} : { amount: centsToAmount(amountCents) }
		return this.call('POST', `/v1/payments/${paymentId}/refunds`, mpRefundSchema, { body, idempotencyKey })
	}

	private call<T>(
		method: 'GET' | 'POST',
		path: string,
		schema: z.ZodType<T>,
		options: { body?: unknown; idempotencyKey?: string } = {},
	): Promise<T> {
		// /metrics (decision 081): counted and timed per operation ('post-payments', 'get-installments').
		const resource = pathOnly(path).split('/').filter((segment) => segment && segment !== 'v1' && !/^\d+$/.test(segment)).at(-1) ?? 'raiz'
		const operation = `${method.toLowerCase()}-${resource.replace(/_/g, '-')}`
		return observeProviderCall({ kind: 'payment', provider: 'mercado-pago', operation }, () => this.callOnce(method, path, schema, options))
	}

	private async callOnce<T>(
		method: 'GET' | 'POST',
		path: string,
		schema: z.ZodType<T>,
		options: { body?: unknown; idempotencyKey?: string },
	): Promise<T> {
		const headers: Record<string, string> = { Authorization: `Bearer ${this.accessToken}`, Accept: 'application/json' }
		if (options.body !== undefined) headers['Content-Type'] = 'application/json'
		if (options.idempotencyKey) headers['X-Idempotency-Key'] = options.idempotencyKey
		let response: Response
		try {
			response = await this.fetchImpl(`${this.apiUrl}${path}`, {
				method,
				headers,
				body: options.body === undefined ? undefined : JSON.stringify(options.body),
				signal: AbortSignal.timeout(this.timeoutMs),
				redirect: 'error',
			})
		} catch (error) {
			const reason = error instanceof Error && error.name === 'TimeoutError' ? `sem resposta em ${this.timeoutMs} ms` : 'falha de rede'
			throw new MercadoPagoError(`Mercado Pago indisponível (${method} ${pathOnly(path)}: ${reason})`, 0)
		}
		const text = await response.text()
		let json: unknown = null
		try {
			json = text ? JSON.parse(text) : null
		} catch {
			throw new MercadoPagoError(`resposta do Mercado Pago não é JSON (${method} ${pathOnly(path)}, HTTP ${response.status})`, response.status)
		}
		if (!response.ok) {
			const problem = mpErrorSchema.safeParse(json)
			const cause = problem.success ? problem.data.cause?.[0] : undefined
			const description = problem.success ? (cause?.description ?? problem.data.message ?? problem.data.error) : undefined
			throw new MercadoPagoError(
				`Mercado Pago recusou ${method} ${pathOnly(path)} (HTTP ${response.status}${description ? `: ${description.slice(0, 200)}` : ''})`,
				response.status,
				cause?.code === undefined ? null : String(cause.code),
			)
		}
		const parsed = schema.safeParse(json)
		if (!parsed.success) {
			throw new MercadoPagoError(
				`resposta inesperada do Mercado Pago (${method} ${pathOnly(path)}): ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`,
				502,
			)
		}
		return parsed.data
	}
}

function pathOnly(path: string): string {
	return path.split('?')[0] ?? path
}
