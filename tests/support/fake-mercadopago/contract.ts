import { z } from 'zod'

/**
 * The requests the shop may send to Mercado Pago, written from the API reference (Brazil). Each
 * schema is strict: a field the reference does not document, or a required one missing, is a
 * contract violation the fake records and the tests assert absent. Only the documented fields the
 * shop uses are listed; adding one here needs its documentation page.
 */

/**
 * POST /v1/payments — https://www.mercadopago.com.br/developers/pt/reference/payments/_payments/post
 * Header X-Idempotency-Key (required). Body: transaction_amount (number, required), token,
 * description, installments (required for cards), payment_method_id (required), issuer_id (number),
 * external_reference, notification_url, statement_descriptor (up to 13 characters on the card
 * statement in Brazil), binary_mode, payer (required: email; first_name, last_name;
 * identification.type / identification.number).
 */
export const createPaymentRequest = z.strictObject({
	transaction_amount: z.number().positive().refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'no máximo duas casas decimais'),
	token: z.string().min(1),
	description: z.string().min(1).max(256).optional(),
	installments: z.number().int().min(1),
	payment_method_id: z.string().min(1),
	issuer_id: z.number().int().optional(),
	external_reference: z.string().max(256).optional(),
	notification_url: z.url().max(500).optional(),
	statement_descriptor: z.string().max(13).optional(),
	binary_mode: z.boolean().optional(),
	payer: z.strictObject({
		email: z.email(),
		first_name: z.string().max(100).optional(),
		last_name: z.string().max(100).optional(),
		identification: z.strictObject({ type: z.enum(['CPF', 'CNPJ']), number: z.string().regex(/^\d{11}$|^\d{14}$/) }).optional(),
	}),
})

/**
 * POST /v1/payments/{id}/refunds — https://www.mercadopago.com.br/developers/pt/reference/chargebacks/_payments_id_refunds/post
 * Header X-Idempotency-Key (required, error 4292 without it). Body empty (the whole payment) or
 * { amount } (a partial refund, positive: errors 4040/4041).
 */
export const refundRequest = z.strictObject({ amount: z.number().positive().optional() })

/**
 * GET /v1/payment_methods/installments — https://www.mercadopago.com.br/developers/pt/reference/payment_methods/_payment_methods_installments/get
 * Query: amount (required), and bin or payment_method_id; issuer.id, payment_type_id optional.
 */
export const installmentsQuery = z
	.strictObject({
		amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
		bin: z.string().regex(/^\d{6,8}$/).optional(),
		payment_method_id: z.string().min(1).optional(),
		'issuer.id': z.string().regex(/^\d+$/).optional(),
		payment_type_id: z.string().optional(),
		public_key: z.string().optional(),
		locale: z.string().optional(),
	})
	.refine((q) => q.bin || q.payment_method_id, 'bin ou payment_method_id é obrigatório')

/**
 * POST /v1/card_tokens (what MercadoPago.js does in the browser with the secure fields; the shop's
 * server never calls it): card_number, security_code, expiration_month, expiration_year,
 * cardholder { name, identification }.
 */
export const cardTokenRequest = z.strictObject({
	card_number: z.string().regex(/^\d{13,19}$/),
	security_code: z.string().regex(/^\d{3,4}$/),
	expiration_month: z.number().int().min(1).max(12),
	expiration_year: z.number().int().min(2000).max(2100),
	cardholder: z.strictObject({
		name: z.string().min(1).max(120),
		identification: z.strictObject({ type: z.string(), number: z.string() }).optional(),
	}),
})

/**
 * GET /v1/payments/search — https://www.mercadopago.com.br/developers/pt/reference/payments/_payments_search/get
 * Query: sort (date_approved, date_created, date_last_updated, id, money_release_date), criteria
 * (asc, desc), external_reference, range (date_created, date_last_updated, date_approved,
 * money_release_date) with begin_date and end_date (ISO-8601 or NOW-{n}DAYS…), limit, offset.
 * Answer: { paging: { total, limit, offset }, results: [payment…] }.
 */
const searchDate = z.string().regex(/^NOW(-\d+(MINUTES|HOURS|DAYS|MONTHS))?$|^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?(Z|[+-]\d{2}:?\d{2})$/)
export const searchPaymentsQuery = z
	.strictObject({
		sort: z.enum(['date_approved', 'date_created', 'date_last_updated', 'id', 'money_release_date']).optional(),
		criteria: z.enum(['asc', 'desc']).optional(),
		external_reference: z.string().min(1).max(256).optional(),
		range: z.enum(['date_created', 'date_last_updated', 'date_approved', 'money_release_date']).optional(),
		begin_date: searchDate.optional(),
		end_date: searchDate.optional(),
		status: z.string().optional(),
		limit: z.string().regex(/^\d+$/).refine((n) => Number(n) >= 1 && Number(n) <= 1000, 'limit de 1 a 1000').optional(),
		offset: z.string().regex(/^\d+$/).optional(),
	})
	.refine((q) => !(q.begin_date || q.end_date) || q.range, 'begin_date/end_date pedem range')
