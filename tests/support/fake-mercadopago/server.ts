import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { z } from 'zod'
import { cardTokenRequest, createPaymentRequest, installmentsQuery, refundRequest, searchPaymentsQuery } from './contract'
import { FAKE_SDK_SCRIPT } from './sdk-script'

/**
 * Mercado Pago for the tests (decisions 077, 078): payments, instalments, refunds, card tokens
 * and webhook notifications, in memory, following the documented shapes (./contract.ts). A request
 * the documentation does not allow is answered 400 and recorded in `violations` (tests assert it
 * empty). It also serves a fake MercadoPago.js (`/js/v2`, MERCADOPAGO_SDK_URL) so that Chromium
 * drives the shop's real checkout code: the card's digits go from the browser to this fake only.
 *
 * Outcomes follow Mercado Pago's documented test cards: the cardholder's name decides — APRO
 * approved, CONT pending (in_process), OTHE rejected (other reason), CALL call for authorize, FUND
 * insufficient amount, SECU security code, EXPI expiry date, FORM form error.
 */
export const FAKE_ACCESS_TOKEN = 'APP_USR-0000000000000000-loja-pet-teste'
export const FAKE_PUBLIC_KEY = 'APP_USR-chave-publica-de-teste'
export const FAKE_WEBHOOK_SECRET = 'assinatura-secreta-dos-webhooks-de-teste'

/** Mercado Pago's documented test cards (Brazil). */
export const TEST_CARDS = {
	master: { number: '5031433215406351', securityCode: '123', expiry: '11/30' },
	visa: { number: '4235647728025682', securityCode: '123', expiry: '11/30' },
} as const

const BINS: Record<string, { id: string; issuerId: number; issuerName: string }> = {
	'503143': { id: 'master', issuerId: 24, issuerName: 'Mastercard' },
	'423564': { id: 'visa', issuerId: 25, issuerName: 'Visa' },
}

const OUTCOME_BY_HOLDER: Record<string, { status: FakePayment['status']; status_detail: string }> = {
	APRO: { status: 'approved', status_detail: 'accredited' },
	CONT: { status: 'in_process', status_detail: 'pending_contingency' },
	OTHE: { status: 'rejected', status_detail: 'cc_rejected_other_reason' },
	CALL: { status: 'rejected', status_detail: 'cc_rejected_call_for_authorize' },
	FUND: { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
	SECU: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_security_code' },
	EXPI: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_date' },
	FORM: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_other' },
}

type CardToken = { id: string; bin: string; lastFour: string; holder: string; used: boolean }

export type FakeRefund = { id: number; payment_id: number; amount: number; status: 'approved'; date_created: string }

export type FakePayment = {
	id: number
	status: 'approved' | 'in_process' | 'pending' | 'rejected' | 'cancelled' | 'refunded' | 'charged_back'
	status_detail: string
	transaction_amount: number
	transaction_amount_refunded: number
	installments: number
	payment_method_id: string
	issuer_id: number | null
	external_reference: string | null
	notification_url: string | null
	description: string | null
	date_created: string
	date_approved: string | null
	refunds: FakeRefund[]
	payer: { email: string }
}

export type NotifyOptions = {
	/** How many times to deliver it (2: a duplicate). */
	deliveries?: number
	/** A signature made with another secret. */
	forged?: boolean
	/** The signature's timestamp, in ms (an old one: a replay). */
	ts?: number
	/** Send to this URL instead of the payment's notification_url. */
	url?: string
}

export type FakeMercadoPago = {
	/** MERCADOPAGO_API_URL */
	apiUrl: string
	/** MERCADOPAGO_SDK_URL */
	sdkUrl: string
	payments: Map<number, FakePayment>
	violations: string[]
	/** Every API request served: `METHOD /path` (no query). */
	requests: string[]
	/** Idempotency keys seen on POST /v1/payments. */
	idempotencyKeys: string[]
	/** The fake account's 'sem juros' setting: counts up to it carry no interest (default 6). */
	interestFreeUpTo: number
	/** Sets a payment's status (approve a pending one, reject it, charge it back); optionally notifies. */
	setStatus(id: number, status: FakePayment['status'], statusDetail: string, notify?: NotifyOptions | false): Promise<number[]>
	/** Sends the payment's notification as Mercado Pago signs it; answers the shop's HTTP statuses. */
	notify(id: number, options?: NotifyOptions): Promise<number[]>
	/** The next `count` requests from the shop's server (not the browser's) answer `status`. */
	failNext(status: number, count?: number): void
	/**
	 * The next POST /v1/payments is made (the card is charged) but its answer is lost: the
	 * connection drops before a byte comes back, as in a timeout between the shop and Mercado Pago.
	 */
	loseNextPaymentAnswer(): void
	stop(): Promise<void>
}

export async function startFakeMercadoPago(options: { webhookSecret?: string } = {}): Promise<FakeMercadoPago> {
	const secret = options.webhookSecret ?? FAKE_WEBHOOK_SECRET
	const payments = new Map<number, FakePayment>()
	const tokens = new Map<string, CardToken>()
	const byIdempotencyKey = new Map<string, number>()
	const refundKeys = new Map<string, FakeRefund>()
	const violations: string[] = []
	const requests: string[] = []
	const idempotencyKeys: string[] = []
	let nextPaymentId = 1_300_000_001
	let nextRefundId = 9_000_001
	let failures: { status: number; count: number } | null = null
	let loseNextAnswer = false

	const server = createServer((req, res) => {
		void handle(req, res).catch((error: unknown) => {
			violations.push(`erro no fake: ${String(error)}`)
			if (!res.headersSent) send(res, 500, { message: 'internal_error' })
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

	const fake: FakeMercadoPago = {
		apiUrl: origin,
		sdkUrl: `${origin}/js/v2`,
		payments,
		violations,
		requests,
		idempotencyKeys,
		interestFreeUpTo: 6,
		async setStatus(id, status, statusDetail, notify = {}) {
			const payment = payments.get(id)
			if (!payment) throw new Error(`pagamento ${id} não existe no fake`)
			payment.status = status
			payment.status_detail = statusDetail
			if (status === 'approved' && !payment.date_approved) payment.date_approved = new Date().toISOString()
			return notify === false ? [] : fake.notify(id, notify)
		},
		async notify(id, notifyOptions = {}) {
			const payment = payments.get(id)
			const target = notifyOptions.url ?? payment?.notification_url
			if (!target) throw new Error(`pagamento ${id} sem notification_url`)
			const statuses: number[] = []
			for (let i = 0; i < (notifyOptions.deliveries ?? 1); i++) {
				const requestId = randomUUID()
				const ts = String(notifyOptions.ts ?? Date.now())
				const dataId = String(id)
				const manifest = `id:${dataId};request-id:${requestId};ts:${ts};`
				const v1 = createHmac('sha256', notifyOptions.forged ? `${secret}-errado` : secret).update(manifest).digest('hex')
				const url = new URL(target)
				url.searchParams.set('data.id', dataId)
				url.searchParams.set('type', 'payment')
				// https://www.mercadopago.com.br/developers/pt/docs/your-integrations/notifications/webhooks (payload)
				const response = await fetch(url, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
					body: JSON.stringify({
						id: Number(`${Date.now()}${i}`.slice(-12)),
						live_mode: false,
						type: 'payment',
						date_created: new Date().toISOString(),
						user_id: 123456789,
						api_version: 'v1',
						action: 'payment.updated',
						data: { id: dataId },
					}),
				})
				await response.arrayBuffer()
				statuses.push(response.status)
			}
			return statuses
		},
		failNext(status, count = 1) {
			failures = { status, count }
		},
		loseNextPaymentAnswer() {
			loseNextAnswer = true
		},
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}

	function violation(what: string, issues?: z.core.$ZodIssue[]) {
		violations.push(issues ? `${what}: ${issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}` : what)
	}

	async function readJson(req: IncomingMessage): Promise<unknown> {
		const chunks: Buffer[] = []
		for await (const chunk of req) chunks.push(chunk as Buffer)
		const text = Buffer.concat(chunks).toString('utf8')
		return text ? (JSON.parse(text) as unknown) : {}
	}

	function authorized(req: IncomingMessage, url: URL): boolean {
		if (req.headers.authorization === `Bearer ${FAKE_ACCESS_TOKEN}`) return true
		// Browser calls (MercadoPago.js) carry the public key instead.
		return url.searchParams.get('public_key') === FAKE_PUBLIC_KEY
	}

	function paymentJson(p: FakePayment) {
		return { ...p, currency_id: 'BRL', payment_type_id: 'credit_card', issuer_id: p.issuer_id === null ? null : String(p.issuer_id) }
	}

	function quote(amountCents: number, count: number) {
		const rate = count <= fake.interestFreeUpTo ? 0 : Math.round(count * 199) / 100
		const totalCents = Math.round((amountCents * (100 + rate)) / 100)
		return {
			installments: count,
			installment_rate: rate,
			discount_rate: 0,
			labels: [],
			min_allowed_amount: 1,
			max_allowed_amount: 100000,
			recommended_message: `${count} parcela(s)`,
			installment_amount: Math.ceil(totalCents / count) / 100,
			total_amount: totalCents / 100,
			payment_method_option_id: `opt-${count}`,
		}
	}

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const url = new URL(req.url ?? '/', origin)
		res.setHeader('Access-Control-Allow-Origin', '*')
		if (req.method === 'OPTIONS') {
			res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, POST', 'Access-Control-Allow-Headers': 'Content-Type' })
			res.end()
			return
		}
		if (req.method === 'GET' && url.pathname === '/js/v2') {
			res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' })
			res.end(FAKE_SDK_SCRIPT)
			return
		}
		requests.push(`${req.method} ${url.pathname}`)
		if (!authorized(req, url)) return send(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] })
		if (failures && failures.count > 0 && req.headers.authorization) {
			failures.count--
			return send(res, failures.status, { message: 'fake failure', error: 'internal_error', status: failures.status, cause: [] })
		}

		if (req.method === 'POST' && url.pathname === '/v1/card_tokens') {
			const parsed = cardTokenRequest.safeParse(await readJson(req))
			if (!parsed.success) {
				violation('POST /v1/card_tokens', parsed.error.issues)
				return send(res, 400, { message: 'invalid card data', error: 'bad_request', status: 400, cause: [] })
			}
			const id = randomUUID().replaceAll('-', '')
			const card = parsed.data
			tokens.set(id, { id, bin: card.card_number.slice(0, 6), lastFour: card.card_number.slice(-4), holder: card.cardholder.name.trim().toUpperCase(), used: false })
			return send(res, 201, { id, first_six_digits: card.card_number.slice(0, 6), last_four_digits: card.card_number.slice(-4), status: 'active', date_created: new Date().toISOString() })
		}

		if (req.method === 'GET' && url.pathname === '/v1/payment_methods/installments') {
			const parsed = installmentsQuery.safeParse(Object.fromEntries(url.searchParams))
			if (!parsed.success) {
				violation('GET /v1/payment_methods/installments', parsed.error.issues)
				return send(res, 400, { message: 'bad params', error: 'bad_request', status: 400, cause: [] })
			}
			const q = parsed.data
			const method = q.bin ? BINS[q.bin.slice(0, 6)] : Object.values(BINS).find((m) => m.id === q.payment_method_id)
			if (!method || (q['issuer.id'] && Number(q['issuer.id']) !== method.issuerId)) return send(res, 200, [])
			const amountCents = Math.round(Number(q.amount) * 100)
			return send(res, 200, [
				{
					payment_method_id: method.id,
					payment_type_id: 'credit_card',
					thumbnail: null,
					processing_mode: 'aggregator',
					merchant_account_id: null,
					issuer: { id: method.issuerId, name: method.issuerName, secure_thumbnail: null, thumbnail: null },
					payer_costs: Array.from({ length: 12 }, (_, i) => quote(amountCents, i + 1)),
					agreements: null,
				},
			])
		}

		if (req.method === 'POST' && url.pathname === '/v1/payments') {
			const key = req.headers['x-idempotency-key']
			const body = await readJson(req)
			if (typeof key !== 'string' || !key) {
				violation('POST /v1/payments sem X-Idempotency-Key')
				return send(res, 400, { message: 'Header X-Idempotency-Key can\'t be null', error: 'bad_request', status: 400, cause: [] })
			}
			idempotencyKeys.push(key)
			const parsed = createPaymentRequest.safeParse(body)
			if (!parsed.success) {
				violation('POST /v1/payments', parsed.error.issues)
				return send(res, 400, { message: 'Params Error', error: 'bad_request', status: 400, cause: [{ code: 1, description: 'Params Error' }] })
			}
			const existing = byIdempotencyKey.get(key)
			if (existing !== undefined) return send(res, 201, paymentJson(payments.get(existing)!))
			const b = parsed.data
			const token = tokens.get(b.token)
			if (!token || token.used) return send(res, 400, { message: 'Invalid card token', error: 'bad_request', status: 400, cause: [{ code: 2062, description: 'Invalid card token' }] })
			token.used = true
			const method = BINS[token.bin]
			if (!method || method.id !== b.payment_method_id) violation(`POST /v1/payments: payment_method_id ${b.payment_method_id} não é o do cartão`)
			const outcome = OUTCOME_BY_HOLDER[token.holder.split(/\s+/)[0] ?? ''] ?? OUTCOME_BY_HOLDER.OTHE!
			const id = nextPaymentId++
			const payment: FakePayment = {
				id,
				status: outcome.status,
				status_detail: outcome.status_detail,
				transaction_amount: b.transaction_amount,
				transaction_amount_refunded: 0,
				installments: b.installments,
				payment_method_id: b.payment_method_id,
				issuer_id: b.issuer_id ?? null,
				external_reference: b.external_reference ?? null,
				notification_url: b.notification_url ?? null,
				description: b.description ?? null,
				date_created: new Date().toISOString(),
				date_approved: outcome.status === 'approved' ? new Date().toISOString() : null,
				refunds: [],
				payer: { email: b.payer.email },
			}
			payments.set(id, payment)
			byIdempotencyKey.set(key, id)
			if (loseNextAnswer) {
				loseNextAnswer = false
				req.socket.destroy()
				return
			}
			return send(res, 201, paymentJson(payment))
		}

		if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
			const parsed = searchPaymentsQuery.safeParse(Object.fromEntries(url.searchParams))
			if (!parsed.success) {
				violation('GET /v1/payments/search', parsed.error.issues)
				return send(res, 400, { message: 'Params Error', error: 'bad_request', status: 400, cause: [{ code: 1, description: 'Params Error' }] })
			}
			const q = parsed.data
			const at = (text: string | undefined, fallback: number) => {
				if (!text) return fallback
				const relative = /^NOW(?:-(\d+)(MINUTES|HOURS|DAYS|MONTHS))?$/.exec(text)
				if (!relative) return Date.parse(text)
				const unit = { MINUTES: 60_000, HOURS: 3_600_000, DAYS: 86_400_000, MONTHS: 30 * 86_400_000 }[relative[2] as 'DAYS'] ?? 0
				return Date.now() - Number(relative[1] ?? 0) * unit
			}
			const begin = at(q.begin_date, -Infinity)
			const end = at(q.end_date, Infinity)
			const rangeField = (q.range ?? 'date_created') as 'date_created' | 'date_approved'
			const sortField = (q.sort ?? 'date_created') as 'date_created' | 'date_approved' | 'id'
			const found = [...payments.values()]
				.filter((p) => (q.external_reference ? p.external_reference === q.external_reference : true))
				.filter((p) => (q.status ? p.status === q.status : true))
				.filter((p) => {
					if (!q.range) return true
					const value = p[rangeField]
					return value !== null && Date.parse(value) >= begin && Date.parse(value) <= end
				})
				.sort((a, b) => {
					const order = String(a[sortField] ?? '').localeCompare(String(b[sortField] ?? '')) || a.id - b.id
					return q.criteria === 'desc' ? -order : order
				})
			const limit = Number(q.limit ?? 30)
			const offset = Number(q.offset ?? 0)
			return send(res, 200, { paging: { total: found.length, limit, offset }, results: found.slice(offset, offset + limit).map(paymentJson) })
		}

		const paymentPath = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(url.pathname)
		if (paymentPath) {
			const payment = payments.get(Number(paymentPath[1]))
			if (!payment) return send(res, 404, { message: 'Payment not found', error: 'not_found', status: 404, cause: [{ code: 2000, description: 'Payment not found' }] })
			if (req.method === 'GET' && !paymentPath[2]) return send(res, 200, paymentJson(payment))
			if (req.method === 'POST' && paymentPath[2]) {
				const key = req.headers['x-idempotency-key']
				const parsed = refundRequest.safeParse(await readJson(req))
				if (typeof key !== 'string' || !key) {
					violation('POST /v1/payments/{id}/refunds sem X-Idempotency-Key')
					return send(res, 400, { message: 'Header-X-Idempotency-Key-can\'t-be-null', error: 'bad_request', status: 400, cause: [{ code: 4292 }] })
				}
				if (!parsed.success) {
					violation('POST /v1/payments/{id}/refunds', parsed.error.issues)
					return send(res, 400, { message: 'bad request', error: 'bad_request', status: 400, cause: [{ code: 4040 }] })
				}
				const again = refundKeys.get(key)
				if (again) return send(res, 201, again)
				if (payment.status !== 'approved') {
					return send(res, 400, { message: 'The action requested is not valid for the current payment state', error: 'bad_request', status: 400, cause: [{ code: 2063 }] })
				}
				const leftCents = Math.round((payment.transaction_amount - payment.transaction_amount_refunded) * 100)
				const amountCents = parsed.data.amount === undefined ? leftCents : Math.round(parsed.data.amount * 100)
				if (amountCents > leftCents || amountCents <= 0) {
					return send(res, 400, { message: 'Invalid refund amount', error: 'bad_request', status: 400, cause: [{ code: 4040 }] })
				}
				const refund: FakeRefund = { id: nextRefundId++, payment_id: payment.id, amount: amountCents / 100, status: 'approved', date_created: new Date().toISOString() }
				payment.refunds.push(refund)
				payment.transaction_amount_refunded = Math.round((payment.transaction_amount_refunded * 100 + amountCents)) / 100
				if (amountCents === leftCents) {
					payment.status = 'refunded'
					payment.status_detail = payment.refunds.length > 1 ? 'partially_refunded' : 'refunded'
				}
				refundKeys.set(key, refund)
				return send(res, 201, refund)
			}
		}
		violation(`rota não documentada: ${req.method} ${url.pathname}`)
		send(res, 404, { message: 'not found', error: 'not_found', status: 404, cause: [] })
	}

	return fake
}

function send(res: ServerResponse, status: number, body: unknown) {
	res.writeHead(status, { 'Content-Type': 'application/json' })
	res.end(JSON.stringify(body))
}
