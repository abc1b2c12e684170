import { z } from 'zod'

/**
 * What the shop reads of Mercado Pago's answers (Checkout API / Checkout Transparente). Only the
 * fields used are declared; the rest passes (`loose`): Mercado Pago adds fields freely. These
 * shapes never leave app/server/payments/mercadopago/: the provider converts them into the shop's
 * own types (CardChargeResult, InstallmentOption, payment events).
 *
 * Sources (Mercado Pago Developers, API reference, Brazil):
 * - Payment: https://www.mercadopago.com.br/developers/pt/reference/payments/_payments/post
 *   and …/_payments_id/get (id, status, status_detail, transaction_amount, installments,
 *   external_reference, transaction_amount_refunded, refunds).
 * - Installments: https://www.mercadopago.com.br/developers/pt/reference/payment_methods/_payment_methods_installments/get
 * - Refund: https://www.mercadopago.com.br/developers/pt/reference/chargebacks/_payments_id_refunds/post
 */
export const PAYMENT_STATUSES = [
	'pending',
	'approved',
	'authorized',
	'in_process',
	'in_mediation',
	'rejected',
	'cancelled',
	'refunded',
	'charged_back',
] as const
export type MpPaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const mpRefundSchema = z
	.object({
		id: z.number().int(),
		payment_id: z.number().int(),
		amount: z.number().nonnegative(),
		status: z.string().max(40),
		date_created: z.string().max(40).nullish(),
	})
	.loose()
export type MpRefund = z.infer<typeof mpRefundSchema>

export const mpPaymentSchema = z
	.object({
		id: z.number().int().positive(),
		status: z.enum(PAYMENT_STATUSES),
		status_detail: z.string().max(80).nullish(),
		transaction_amount: z.number().nonnegative(),
		transaction_amount_refunded: z.number().nonnegative().nullish(),
		installments: z.number().int().nullish(),
		external_reference: z.string().max(256).nullish(),
		payment_method_id: z.string().max(40).nullish(),
		date_created: z.string().max(40).nullish(),
		date_approved: z.string().max(40).nullish(),
		refunds: z.array(mpRefundSchema).nullish(),
		transaction_details: z.object({ total_paid_amount: z.number().nonnegative().nullish() }).loose().nullish(),
	})
	.loose()
export type MpPayment = z.infer<typeof mpPaymentSchema>

/** GET /v1/payments/search — https://www.mercadopago.com.br/developers/pt/reference/payments/_payments_search/get */
export const mpPaymentSearchSchema = z
	.object({
		paging: z.object({ total: z.number().int().nonnegative() }).loose().nullish(),
		results: z.array(mpPaymentSchema).max(1000),
	})
	.loose()

export const mpPayerCostSchema = z
	.object({
		installments: z.number().int().positive(),
		installment_rate: z.number().nonnegative(),
		installment_amount: z.number().nonnegative(),
		total_amount: z.number().nonnegative(),
		recommended_message: z.string().max(300).nullish(),
	})
	.loose()

export const mpInstallmentsSchema = z.array(
	z
		.object({
			payment_method_id: z.string().max(40),
			payment_type_id: z.string().max(40),
			issuer: z.object({ id: z.union([z.number(), z.string()]), name: z.string().max(120).nullish() }).loose(),
			payer_costs: z.array(mpPayerCostSchema).max(60),
		})
		.loose(),
)
export type MpInstallments = z.infer<typeof mpInstallmentsSchema>

/** Mercado Pago's error body (`message`, `error`, `status`, `cause`). */
export const mpErrorSchema = z
	.object({
		message: z.string().max(2000).optional(),
		error: z.string().max(200).optional(),
		status: z.number().optional(),
		cause: z.array(z.object({ code: z.union([z.number(), z.string()]).optional(), description: z.string().max(2000).nullish() }).loose()).optional(),
	})
	.loose()
