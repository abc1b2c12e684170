import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { z } from 'zod'
import { randomUUID } from 'node:crypto'
import { type CalculateRequestBody, type CartRequestBody, calculateRequest, cartRequest, ordersRequest, printRequest, requiredHeaders } from './contract'

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
	/**
	 * Labels (decision 115): every shipment put in the cart, by id, with its status ('pending' →
	 * 'released' when paid → 'posted' → 'delivered') and dates; `paid` counts each checkout that took
	 * money (a shipment paid twice would show 2).
	 */
	shipments: Map<string, FakeShipment>
	/** The account's wallet, in cents: a checkout above it is refused ('Saldo insuficiente'). */
	balanceCents: number
	/** The next cart requests refuse the recipient's address (422 on `to.postal_code`) until cleared. */
	refuseAddress: boolean
	/** Every request's method and path, in order (labels' calls included). */
	calls: string[]
	/**
	 * This route does its work (a checkout takes the money) and then answers only after `ms`:
	 * with a shorter time box the shop never hears back — an answer lost on the way.
	 */
	answerLate(path: string, ms: number): void
	/** The carrier moves a shipment on: posted, then delivered (tracking answers it). */
	advance(id: string, to: 'posted' | 'delivered'): void
	reset(): void
	stop(): Promise<void>
}

export type FakeShipment = {
	id: string
	protocol: string
	body: CartRequestBody
	status: 'pending' | 'released' | 'posted' | 'delivered' | 'canceled'
	priceCents: number
	paid: number
	generated: boolean
	tracking: string | null
	dates: Partial<Record<'created_at' | 'paid_at' | 'generated_at' | 'posted_at' | 'delivered_at', string>>
}

const FAKE_START_BALANCE_CENTS = 100_000

/** Melhor Envio's dates: '2026-11-27 14:05:09', São Paulo's time. */
function meNow(): string {
	const local = new Date(Date.now() - 3 * 3600_000).toISOString()
	return `${local.slice(0, 10)} ${local.slice(11, 19)}`
}

export async function startFakeMelhorEnvio(): Promise<FakeMelhorEnvio> {
	const violations: string[] = []
	const requests: CalculateRequestBody[] = []
	const userAgents: string[] = []
	const failing = new Map<number, string>()
	let failures: { status: number; count: number } | null = null
	let drops = 0
	const shipments = new Map<string, FakeShipment>()
	const calls: string[] = []
	const late = new Map<string, number>()
	let sequence = 0

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
		shipments,
		balanceCents: FAKE_START_BALANCE_CENTS,
		refuseAddress: false,
		calls,
		answerLate(path, ms) {
			late.set(path, ms)
		},
		advance(id, to) {
			const shipment = shipments.get(id)
			if (!shipment) throw new Error(`envio desconhecido: ${id}`)
			shipment.status = to
			if (to === 'posted' || to === 'delivered') shipment.dates.posted_at ??= meNow()
			if (to === 'delivered') shipment.dates.delivered_at = meNow()
		},
		reset() {
			shipments.clear()
			calls.length = 0
			late.clear()
			fake.balanceCents = FAKE_START_BALANCE_CENTS
			fake.refuseAddress = false
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
		calls.push(`${req.method} ${url.pathname}`)
		// The label's PDF (the link print answers): opened by the admin's browser, no token.
		if (req.method === 'GET' && url.pathname.startsWith('/imprimir/')) {
			res.writeHead(200, { 'Content-Type': 'application/pdf' })
			return res.end('%PDF-1.4\n% etiqueta de teste\n%%EOF\n')
		}
		const routes = ['/api/v2/me/shipment/calculate', '/api/v2/me/cart', '/api/v2/me/shipment/checkout', '/api/v2/me/shipment/generate', '/api/v2/me/shipment/print', '/api/v2/me/shipment/tracking']
		if (req.method !== 'POST' || !routes.includes(url.pathname)) {
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
		if (url.pathname !== '/api/v2/me/shipment/calculate') return label(url.pathname, json, res)
		const body = calculateRequest.safeParse(json)
		if (!body.success) {
			violation('POST /api/v2/me/shipment/calculate', body.error.issues)
			const errors = Object.fromEntries(body.error.issues.map((i) => [i.path.join('.') || 'body', [i.message]]))
			return send(res, 422, { message: 'The given data was invalid.', errors })
		}
		requests.push(body.data)
		send(res, 200, quote(body.data))
	}

	function invalid(send: (status: number, body: unknown) => void, path: string, issues: z.core.$ZodIssue[]) {
		violation(`POST ${path}`, issues)
		const errors = Object.fromEntries(issues.map((i) => [i.path.join('.') || 'body', [i.message]]))
		send(422, { message: 'The given data was invalid.', errors })
	}

	/** Cart, checkout, generate, print and tracking, as documented (contract.ts), on the shipments kept in memory. */
	function label(path: string, json: unknown, res: ServerResponse) {
		const delay = late.get(path)
		if (delay) {
			late.delete(path)
			const answer = new Promise<void>((resolve) => setTimeout(resolve, delay))
			const sendLater = (status: number, body: unknown) => void answer.then(() => !res.destroyed && send(res, status, body))
			return labelRoutes(path, json, sendLater)
		}
		return labelRoutes(path, json, (status, body) => send(res, status, body))
	}

	function labelRoutes(path: string, json: unknown, send: (status: number, body: unknown) => void) {
		if (path === '/api/v2/me/cart') {
			const body = cartRequest.safeParse(json)
			if (!body.success) return invalid(send, path, body.error.issues)
			if (fake.refuseAddress) {
				return send(422, { message: 'The given data was invalid.', errors: { 'to.postal_code': ['O CEP do destinatário não é atendido por este serviço.'] } })
			}
			if (!FAKE_SERVICES.some((s) => s.id === body.data.service)) return send(422, { message: 'The given data was invalid.', errors: { service: ['Serviço inválido.'] } })
			const service = FAKE_SERVICES.find((s) => s.id === body.data.service) as FakeService
			sequence += 1
			const id = randomUUID()
			const grams = body.data.volumes.reduce((sum, v) => sum + v.weight * 1000, 0)
			const shipment: FakeShipment = {
				id,
				protocol: `ORD-2026${String(sequence).padStart(8, '0')}`,
				body: body.data,
				status: 'pending',
				priceCents: service.baseCents + Math.ceil(grams / 100) * service.per100gCents,
				paid: 0,
				generated: false,
				tracking: null,
				dates: { created_at: meNow() },
			}
			shipments.set(id, shipment)
			return send(201, { id, protocol: shipment.protocol, service_id: service.id, price: (shipment.priceCents / 100).toFixed(2), status: 'pending', tracking: null, self_tracking: null })
		}
		if (path === '/api/v2/me/shipment/print') {
			const body = printRequest.safeParse(json)
			if (!body.success) return invalid(send, path, body.error.issues)
			const unknownOrUngenerated = body.data.orders.find((id) => !shipments.get(id)?.generated)
			if (unknownOrUngenerated) return send(422, { message: `O envio ${unknownOrUngenerated} ainda não tem etiqueta gerada.` })
			return send(200, { url: `${origin}/imprimir/${body.data.orders.join('-')}.pdf` })
		}
		const body = ordersRequest.safeParse(json)
		if (!body.success) return invalid(send, path, body.error.issues)
		const found = body.data.orders.map((id) => shipments.get(id))
		if (path === '/api/v2/me/shipment/tracking') {
			return send(
				200,
				Object.fromEntries(
					found.filter((s): s is FakeShipment => Boolean(s)).map((s) => [
						s.id,
						{
							id: s.id,
							protocol: s.protocol,
							status: s.status,
							tracking: s.tracking,
							melhorenvio_tracking: s.generated ? `ME${s.protocol.slice(-8)}` : null,
							created_at: s.dates.created_at ?? null,
							paid_at: s.dates.paid_at ?? null,
							generated_at: s.dates.generated_at ?? null,
							posted_at: s.dates.posted_at ?? null,
							delivered_at: s.dates.delivered_at ?? null,
							canceled_at: null,
							expired_at: null,
						},
					]),
				),
			)
		}
		if (found.some((s) => !s)) return send(422, { message: 'Envio não encontrado no carrinho.' })
		const list = found as FakeShipment[]
		if (path === '/api/v2/me/shipment/checkout') {
			if (list.some((s) => s.status !== 'pending')) return send(422, { message: 'Há envios que não estão no carrinho (já pagos).' })
			const total = list.reduce((sum, s) => sum + s.priceCents, 0)
			if (total > fake.balanceCents) return send(422, { message: 'Saldo insuficiente para efetuar a compra.' })
			fake.balanceCents -= total
			for (const s of list) {
				s.status = 'released'
				s.paid += 1
				s.dates.paid_at = meNow()
			}
			return send(200, {
				purchase: {
					id: randomUUID(),
					protocol: `PUR-2026${String(sequence).padStart(8, '0')}`,
					total: total / 100,
					discount: 0,
					status: 'paid',
					paid_at: meNow(),
					orders: list.map((s) => ({ id: s.id, protocol: s.protocol, status: s.status, tracking: null })),
				},
			})
		}
		// generate: only paid shipments; the carrier's code comes with the label.
		const unpaid = list.find((s) => s.status === 'pending')
		if (unpaid) return send(200, { [unpaid.id]: { status: false, message: 'Envio não pago.' } })
		return send(
			200,
			Object.fromEntries(
				list.map((s) => {
					if (!s.generated) {
						s.generated = true
						s.tracking = s.body.service === 1 || s.body.service === 2 || s.body.service === 17 ? `QB${String(100000000 + sequence).slice(-9)}BR` : null
						s.dates.generated_at = meNow()
					}
					return [s.id, { status: true, message: 'Envio gerado com sucesso' }]
				}),
			),
		)
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

