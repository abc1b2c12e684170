import { z } from 'zod'

/**
 * Melhor Envio's quote (issue 32, decision 087): `POST /api/v2/me/shipment/calculate`.
 *
 * Request, as documented in "Cálculo de Fretes" (https://docs.melhorenvio.com.br/reference/calculo-de-fretes-por-produtos
 * and https://docs.melhorenvio.com.br/reference/cotacao): `from.postal_code` and `to.postal_code`
 * (8 digits), and either `products` — each with its unit `width`, `height`, `length` in cm,
 * `weight` in kg, `insurance_value` in BRL (a double with two decimals), `quantity` and an `id` —
 * or one `package` (height, width, length, weight); `options.receipt` (Aviso de Recebimento),
 * `options.own_hand` (Mãos Próprias) and `services`, the service ids to quote separated by commas.
 * The insured value is each product's `insurance_value` × `quantity`. We send our parcels
 * (decision 086) as products of quantity 1.
 *
 * Headers (https://docs.melhorenvio.com.br/reference/introducao-api-melhor-envio): `Authorization:
 * Bearer {token}`, `Accept: application/json`, `Content-Type: application/json`, and a
 * `User-Agent` naming the application and a technical contact e-mail ('Aplicação (email)').
 */
export type CalculateRequest = {
	from: { postal_code: string }
	to: { postal_code: string }
	products: Array<{ id: string; width: number; height: number; length: number; weight: number; insurance_value: number; quantity: number }>
	options: { receipt: boolean; own_hand: boolean }
	services: string
}

/** A price as Melhor Envio writes it: '25.65' (a string, sometimes a number). */
const money = z.union([z.string().regex(/^\d+(\.\d{1,2})?$/), z.number().nonnegative()])
const range = z.object({ min: z.number().int().nonnegative(), max: z.number().int().nonnegative() })

/**
 * One service of the answer (the documented example answer of the same pages): a quote — `id`,
 * `name` ('PAC', 'SEDEX', '.Package'…), `price`, `custom_price` (the account's own rules applied:
 * what the shop pays), `discount`, `currency` ('R$'), `delivery_time`, `delivery_range {min,max}`,
 * `custom_delivery_time`, `custom_delivery_range` (business days), `packages`, `company {id, name,
 * picture}` — or the service's refusal: `id`, `name`, `company` and `error` ('Transportadora não
 * atende este trecho.'). Fields we do not read are let through; the ones we read are checked.
 */
export const serviceQuoteSchema = z.object({
	id: z.number().int(),
	name: z.string().min(1).max(100),
	company: z.object({ id: z.number().int(), name: z.string().min(1).max(100) }).loose(),
	error: z.string().max(500).optional(),
	price: money.optional(),
	custom_price: money.optional(),
	delivery_range: range.optional(),
	custom_delivery_range: range.optional(),
	delivery_time: z.number().int().nonnegative().optional(),
	custom_delivery_time: z.number().int().nonnegative().optional(),
}).loose()

export type ServiceQuote = z.infer<typeof serviceQuoteSchema>

export const calculateResponseSchema = z.array(serviceQuoteSchema).max(100)

/** Laravel's error answer: `{ message, errors: { 'from.postal_code': ['…'] } }`; 401 `{ message: 'Unauthenticated.' }`; some routes answer `{ error: '…' }`. */
export const errorResponseSchema = z.object({ message: z.string().optional(), error: z.unknown().optional(), errors: z.record(z.string(), z.array(z.string())).optional() }).loose()

/**
 * Buying a label (issue 32, decision 115): the documented request of POST /api/v2/me/cart
 * ("Inserir fretes no carrinho", https://docs.melhorenvio.com.br/reference/inserir-fretes-no-carrinho):
 * one shipment per request; `document` (CPF) for a person, `company_document` (CNPJ) for a company;
 * `products` are the content declaration (name, quantity, unitary_value in BRL); `volumes` the parcels
 * (cm, kg); `options.insurance_value` the total declared; `non_commercial: true` without an invoice.
 */
export type CartPerson = {
	name: string
	phone?: string
	email?: string
	document?: string
	company_document?: string
	address: string
	complement?: string
	number: string
	district: string
	city: string
	state_abbr: string
	country_id: 'BR'
	postal_code: string
}

export type CartRequest = {
	service: number
	from: CartPerson
	to: CartPerson
	products: Array<{ name: string; quantity: number; unitary_value: number }>
	volumes: Array<{ height: number; width: number; length: number; weight: number }>
	options: { insurance_value: number; receipt: boolean; own_hand: boolean; reverse: boolean; non_commercial: boolean; platform: string; tags: Array<{ tag: string; url: string | null }> }
}

/** The cart's answer: the shipment created, `id` (kept for every later call), `protocol`, `status` 'pending'. */
export const cartResponseSchema = z.object({ id: z.string().min(1).max(64), protocol: z.string().max(64).nullish(), status: z.string().max(40).nullish() }).loose()

/** POST /api/v2/me/shipment/checkout: `{ purchase: { id, protocol, status, orders: [{ id, status, tracking… }] } }`. */
export const checkoutResponseSchema = z
	.object({
		purchase: z
			.object({
				id: z.string().max(64),
				status: z.string().max(40).nullish(),
				orders: z.array(z.object({ id: z.string().max(64), status: z.string().max(40).nullish(), tracking: z.string().max(60).nullish() }).loose()).optional(),
			})
			.loose(),
	})
	.loose()

/** POST /api/v2/me/shipment/generate: per shipment id, `{ status: true, message }` (false with the reason). */
export const generateResponseSchema = z.record(z.string(), z.object({ status: z.boolean(), message: z.string().max(500).nullish() }).loose())

/** POST /api/v2/me/shipment/print: `{ url }`, the PDF to print. */
export const printResponseSchema = z.object({ url: z.url({ protocol: /^https?$/ }) }).loose()

/** A date as Melhor Envio writes it: '2026-11-27 14:05:09' (São Paulo), or null when it has not happened. */
const meDate = z.string().max(40).nullish()

/**
 * POST /api/v2/me/shipment/tracking ("Rastreio de envios"): per shipment id, its `status`
 * (pending, released, posted, delivered, undelivered, canceled, expired…), `tracking` (the
 * carrier's code), `melhorenvio_tracking`, `protocol` and the date of each step.
 */
export const trackingEntrySchema = z
	.object({
		id: z.string().max(64),
		protocol: z.string().max(64).nullish(),
		status: z.string().max(40),
		tracking: z.string().max(60).nullish(),
		melhorenvio_tracking: z.string().max(60).nullish(),
		created_at: meDate,
		paid_at: meDate,
		generated_at: meDate,
		posted_at: meDate,
		delivered_at: meDate,
		canceled_at: meDate,
		expired_at: meDate,
	})
	.loose()

export type TrackingEntry = z.infer<typeof trackingEntrySchema>

export const trackingResponseSchema = z.record(z.string(), trackingEntrySchema)
