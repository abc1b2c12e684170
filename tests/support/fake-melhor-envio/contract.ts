import { z } from 'zod'

/**
 * What the shop may send to Melhor Envio's quote, written from its documentation (decision 087).
 * Strict: a field the documentation does not list, or a required one missing, is a violation the
 * fake records (and answers 422, as Melhor Envio's Laravel validation does); tests assert none.
 *
 * POST /api/v2/me/shipment/calculate — "Cálculo de Fretes"
 * (https://docs.melhorenvio.com.br/reference/calculo-de-fretes-por-produtos,
 * https://docs.melhorenvio.com.br/reference/cotacao): `from.postal_code` and `to.postal_code`
 * (required, CEP digits); `products` (unit dimensions in cm, weight in kg, `insurance_value` in BRL
 * with at most two decimals, `quantity`, `id`) or `package` (height, width, length, weight);
 * `options.receipt`, `options.own_hand` (booleans), `options.insurance_value`; `services`, ids
 * separated by commas.
 */
const postalCode = z.strictObject({ postal_code: z.string().regex(/^\d{8}$/, 'CEP com 8 dígitos') })
const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6

const product = z.strictObject({
	id: z.string().min(1).max(255),
	width: z.number().positive(),
	height: z.number().positive(),
	length: z.number().positive(),
	weight: z.number().positive(),
	insurance_value: z.number().nonnegative().refine(twoDecimals, 'no máximo duas casas decimais'),
	quantity: z.number().int().min(1),
})

const pkg = z.strictObject({ height: z.number().positive(), width: z.number().positive(), length: z.number().positive(), weight: z.number().positive() })

export const calculateRequest = z
	.strictObject({
		from: postalCode,
		to: postalCode,
		products: z.array(product).min(1).optional(),
		package: pkg.optional(),
		options: z
			.strictObject({
				receipt: z.boolean().optional(),
				own_hand: z.boolean().optional(),
				insurance_value: z.number().nonnegative().refine(twoDecimals).optional(),
			})
			.optional(),
		services: z.string().regex(/^\d+(,\d+)*$/, 'ids separados por vírgula').optional(),
	})
	.refine((body) => Boolean(body.products) !== Boolean(body.package), 'products ou package (um dos dois)')

export type CalculateRequestBody = z.infer<typeof calculateRequest>

/**
 * The headers Melhor Envio requires ("Introdução API Melhor Envio",
 * https://docs.melhorenvio.com.br/reference/introducao-api-melhor-envio): `Accept:
 * application/json`, `Content-Type: application/json`, `Authorization: Bearer {token}` and a
 * `User-Agent` with the application's name and a technical contact e-mail, 'Aplicação (email)'.
 */
export const requiredHeaders = z.object({
	accept: z.literal('application/json'),
	'content-type': z.string().regex(/^application\/json(;|$)/),
	authorization: z.string().regex(/^Bearer \S+$/),
	'user-agent': z.string().regex(/^[^()]+ \([^\s()@]+@[^\s()@]+\.[^\s()@]+\)$/, "'Aplicação (email de contato)'"),
})

/**
 * Buying a label (issue 32, decision 115), as documented in "Inserir fretes no carrinho"
 * (https://docs.melhorenvio.com.br/reference/inserir-fretes-no-carrinho), "Compra de fretes"
 * (https://docs.melhorenvio.com.br/docs/compra-de-fretes), "Geração de etiquetas", "Impressão de
 * etiquetas" and "Rastreio de envios":
 *
 * POST /api/v2/me/cart — one shipment per request: `service` (the quoted service id), `agency`
 * (only Latam Cargo, Azul Cargo, Buslog with a panel token: otherwise not sent), `from` and `to`
 * (name, phone, email, `document` — CPF — or `company_document` — CNPJ — with `state_register`,
 * address, complement, number, district, city, `state_abbr` — checked against the CEP —,
 * country_id, postal_code, note), `products` (name, quantity, unitary_value: the content
 * declaration), `volumes` (height, width, length in cm, weight in kg) and `options`
 * (insurance_value — the total insured, the declared value —, receipt, own_hand, reverse,
 * non_commercial — true without an invoice: a content declaration —, invoice.key only for
 * commercial shipments, platform, reminder, tags [{tag, url}]).
 */
const person = z.strictObject({
	name: z.string().min(1).max(255),
	phone: z.string().regex(/^\d{10,11}$/).optional(),
	email: z.email().optional(),
	document: z.string().regex(/^\d{11}$/, 'CPF com 11 dígitos').optional(),
	company_document: z.string().regex(/^[0-9A-Z]{12}\d{2}$/, 'CNPJ com 14 caracteres').optional(),
	state_register: z.string().max(30).optional(),
	address: z.string().min(1).max(255),
	complement: z.string().max(255).optional(),
	number: z.string().min(1).max(20),
	district: z.string().min(1).max(255),
	city: z.string().min(1).max(255),
	state_abbr: z.string().regex(/^[A-Z]{2}$/).optional(),
	country_id: z.literal('BR').optional(),
	postal_code: z.string().regex(/^\d{8}$/, 'CEP com 8 dígitos'),
	note: z.string().max(255).optional(),
})

export const cartRequest = z.strictObject({
	service: z.number().int().positive(),
	agency: z.number().int().positive().optional(),
	from: person,
	to: person,
	products: z
		.array(z.strictObject({ name: z.string().min(1).max(255), quantity: z.number().int().min(1), unitary_value: z.number().nonnegative().refine(twoDecimals) }))
		.min(1),
	volumes: z.array(z.strictObject({ height: z.number().positive(), width: z.number().positive(), length: z.number().positive(), weight: z.number().positive() })).min(1),
	options: z.strictObject({
		insurance_value: z.number().nonnegative().refine(twoDecimals, 'no máximo duas casas decimais'),
		receipt: z.boolean(),
		own_hand: z.boolean(),
		reverse: z.boolean().optional(),
		non_commercial: z.boolean(),
		invoice: z.strictObject({ key: z.string().regex(/^\d{44}$/) }).optional(),
		platform: z.string().max(100).optional(),
		reminder: z.string().max(255).nullable().optional(),
		tags: z.array(z.strictObject({ tag: z.string().max(255), url: z.string().nullable().optional() })).optional(),
	}),
})
	.refine((body) => Boolean(body.from.document) !== Boolean(body.from.company_document), 'from: document (CPF) ou company_document (CNPJ)')
	.refine((body) => body.options.non_commercial !== Boolean(body.options.invoice), 'options: non_commercial sem invoice, ou invoice.key')

export type CartRequestBody = z.infer<typeof cartRequest>

/**
 * POST /api/v2/me/shipment/checkout `{ orders: [id…] }` (pays from the account's wallet);
 * POST /api/v2/me/shipment/generate `{ orders: [id…] }`; POST /api/v2/me/shipment/print
 * `{ mode: 'private' | 'public', orders: [id…] }` (answers `{ url }`); POST
 * /api/v2/me/shipment/tracking `{ orders: [id…] }`.
 */
export const ordersRequest = z.strictObject({ orders: z.array(z.string().min(1).max(64)).min(1).max(100) })
export const printRequest = z.strictObject({ mode: z.enum(['private', 'public']).optional(), orders: z.array(z.string().min(1).max(64)).min(1).max(100) })
