import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { z } from 'zod'
import { type CalculateRequestBody, calculateRequest, requiredHeaders } from './contract'

/**
 * Melhor Envio's quote for the tests (issue 32, decision 087), in memory. Requests are checked
 * against the documented contract (./contract.ts): a violation is answered 422 and recorded in
 * `violations` (tests assert it empty). Answers follow the documented example: one entry per
 * service asked, a quote (`price`/`custom_price` as strings, `delivery_range`, `company`) or the
 * service's `error`.
 *
 * Prices are made up but deterministic: a base per service, plus per started 100 g of the heaviest
 * of real or cubic weight (cm³ / 6000), plus 1 % of the insured value; the delivery range grows
 * with the distance between the CEPs' first digits.
 */
export const FAKE_MELHOR_ENVIO_TOKEN = 'fake.melhor-envio.token-de-teste-0123456789'

export type FakeService = { id: number; name: string; company: { id: number; name: string }; baseCents: number; per100gCents: number; days: [number, number] }

export const FAKE_SERVICES: FakeService[] = [
	{ id: 1, name: 'PAC', company: { id: 1, name: 'Correios' }, baseCents: 1590, per100gCents: 40, days: [3, 6] },
	{ id: 2, name: 'SEDEX', company: { id: 1, name: 'Correios' }, baseCents: 2390, per100gCents: 90, days: [1, 2] },
	{ id: 3, name: '.Package', company: { id: 2, name: 'Jadlog' }, baseCents: 1450, per100gCents: 50, days: [4, 7] },
	{ id: 4, name: '.Com', company: { id: 2, name: 'Jadlog' }, baseCents: 1990, per100gCents: 70, days: [2, 4] },
	{ id: 17, name: 'Mini Envios', company: { id: 1, name: 'Correios' }, baseCents: 990, per100gCents: 30, days: [5, 9] },
]

export type FakeMelhorEnvio = {
	/** MELHOR_ENVIO_API_URL */
	apiUrl: string
	token: string
	violations: string[]
	/** Every valid quote request's body, in order. */
	requests: CalculateRequestBody[]
	/** The User-Agent of every request. */
	userAgents: string[]
	/** This service answers with its `error` ('Transportadora não atende este trecho.') until cleared. */
	failService(id: number, message?: string): void
	/** Every answer waits this long first (ms): a slow Melhor Envio. */
	delayMs: number
	/** The next `count` requests answer `status` (500, 401, 429…). */
	failNext(status: number, count?: number): void
	/** The next `count` requests drop the connection without an answer. */
	dropNext(count?: number): void
	reset(): void
	stop(): Promise<void>
}

export async function startFakeMelhorEnvio(): Promise<FakeMelhorEnvio> {
	const violations: string[] = []
	const requests: CalculateRequestBody[] = []
	const userAgents: string[] = []
	const failing = new Map<number, string>()
	let failures: { status: number; count: number } | null = null
	let drops = 0

	const server = createServer((req, res) => {
		void handle(req, res).catch((error: unknown) => {
			violations.push(`erro no fake: ${String(error)}`)
			if (!res.headersSent) send(res, 500, { message: 'Server Error' })
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

	const fake: FakeMelhorEnvio = {
		apiUrl: origin,
		token: FAKE_MELHOR_ENVIO_TOKEN,
		violations,
		requests,
		userAgents,
		delayMs: 0,
		failService(id, message = 'Transportadora não atende este trecho.') {
			failing.set(id, message)
		},
		failNext(status, count = 1) {
			failures = { status, count }
		},
		dropNext(count = 1) {
			drops = count
		},
		reset() {
			violations.length = 0
			requests.length = 0
			userAgents.length = 0
			failing.clear()
			failures = null
			drops = 0
			fake.delayMs = 0
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

	async function handle(req: IncomingMessage, res: ServerResponse) {
		const chunks: Buffer[] = []
		for await (const chunk of req) chunks.push(chunk as Buffer)
		if (drops > 0) {
			drops -= 1
			req.socket.destroy()
			return
		}
		if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs))
		if (res.destroyed || req.socket.destroyed) return
		const url = new URL(req.url ?? '/', origin)
		if (req.method !== 'POST' || url.pathname !== '/api/v2/me/shipment/calculate') {
			violation(`rota não usada pela loja: ${req.method} ${url.pathname}`)
			return send(res, 404, { message: 'Not Found' })
		}
		userAgents.push(String(req.headers['user-agent'] ?? ''))
		const headers = requiredHeaders.safeParse(req.headers)
		if (!headers.success) {
			violation('cabeçalhos', headers.error.issues)
			return send(res, 400, { message: 'Cabeçalhos inválidos.' })
		}
		if (headers.data.authorization !== `Bearer ${FAKE_MELHOR_ENVIO_TOKEN}`) return send(res, 401, { message: 'Unauthenticated.' })
		if (failures && failures.count > 0) {
			failures.count -= 1
			return send(res, failures.status, { message: failures.status === 429 ? 'Too Many Attempts.' : 'Server Error' })
		}
		let json: unknown
		try {
			json = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
		} catch {
			violation('corpo não é JSON')
			return send(res, 400, { message: 'JSON inválido.' })
		}
		const body = calculateRequest.safeParse(json)
		if (!body.success) {
			violation('POST /api/v2/me/shipment/calculate', body.error.issues)
			const errors = Object.fromEntries(body.error.issues.map((i) => [i.path.join('.') || 'body', [i.message]]))
			return send(res, 422, { message: 'The given data was invalid.', errors })
		}
		requests.push(body.data)
		send(res, 200, quote(body.data))
	}

	function quote(body: CalculateRequestBody) {
		const asked = body.services ? body.services.split(',').map(Number) : FAKE_SERVICES.map((s) => s.id)
		const volumes = body.products ?? (body.package ? [{ ...body.package, insurance_value: 0, quantity: 1 }] : [])
		const grams = volumes.reduce((sum, v) => sum + Math.max(v.weight, (v.width * v.height * v.length) / 6000) * 1000 * v.quantity, 0)
		const insured = volumes.reduce((sum, v) => sum + Math.round(v.insurance_value * 100) * v.quantity, 0)
		const distance = Math.abs(Number(body.from.postal_code[0]) - Number(body.to.postal_code[0]))
		return asked.flatMap((id): Array<Record<string, unknown>> => {
			const service = FAKE_SERVICES.find((s) => s.id === id)
			if (!service) return []
			const error = failing.get(id)
			if (error) return [{ id, name: service.name, company: { ...service.company, picture: `${origin}/images/${service.company.id}.png` }, error }]
			const cents = service.baseCents + Math.ceil(grams / 100) * service.per100gCents + Math.round(insured / 100) + distance * 150
			const min = service.days[0] + Math.floor(distance / 2)
			const max = service.days[1] + Math.floor(distance / 2)
			const price = (cents / 100).toFixed(2)
			return [
				{
					id,
					name: service.name,
					price,
					custom_price: price,
					discount: '0.00',
					currency: 'R$',
					delivery_time: max,
					delivery_range: { min, max },
					custom_delivery_time: max,
					custom_delivery_range: { min, max },
					packages: [],
					additional_services: { receipt: false, own_hand: false, collect: false },
					company: { ...service.company, picture: `${origin}/images/${service.company.id}.png` },
				},
			]
		})
	}

	return fake
}

function send(res: ServerResponse, status: number, body: unknown) {
	res.writeHead(status, { 'Content-Type': 'application/json' })
	res.end(JSON.stringify(body))
}

