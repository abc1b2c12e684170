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
