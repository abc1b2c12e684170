import type { MpPaymentStatus } from './schemas'

/**
 * Mercado Pago's payment status and status_detail in the shop's terms (decision 077), and the
 * Portuguese message the shopper reads for a refusal. Sources: "Resultados da criação de um
 * pagamento" / status_detail tables of the Checkout API documentation
 * (https://www.mercadopago.com.br/developers/pt/docs/checkout-api/response-handling/collection-results).
 */
export type PaymentOutcome =
	| { kind: 'approved' }
	/** Mercado Pago is still deciding (in_process, pending): the order waits, the webhook resolves it. */
	| { kind: 'pending'; detail: string }
	| { kind: 'declined'; message: string }
	/** After the money moved: the whole payment went back (refunded) or the cardholder disputed it. */
	| { kind: 'refunded' }
	| { kind: 'charged_back' }

export const MP_DECLINED_MESSAGES = {
	generic: 'Pagamento recusado pelo emissor do cartão. Confira os dados ou use outra forma de pagamento.',
	insufficientAmount: 'Pagamento recusado: saldo ou limite insuficiente. Tente outro cartão ou pague com PIX.',
	securityCode: 'Código de segurança (CVV) incorreto. Confira o código no verso do cartão e tente novamente.',
	expiry: 'Data de validade incorreta. Confira o mês e o ano e tente novamente.',
	badFilled: 'Algum dado do cartão está incorreto. Confira os dados e tente novamente.',
	callForAuthorize: 'O banco emissor pede que você autorize este pagamento. Ligue para o banco e tente novamente, ou use outro cartão.',
	cardDisabled: 'O cartão não está ativo. Ligue para o banco emissor para ativá-lo, ou use outro cartão.',
	duplicated: 'Você já fez um pagamento igual a este há pouco. Se precisar pagar de novo, use outro cartão ou pague com PIX.',
	highRisk: 'Pagamento recusado por segurança. Use outro cartão ou pague com PIX.',
	maxAttempts: 'Você atingiu o limite de tentativas com este cartão. Use outro cartão ou pague com PIX.',
	installments: 'O cartão não aceita este número de parcelas. Escolha outra opção de parcelamento.',
	cardError: 'Não foi possível processar o cartão. Confira os dados e tente novamente.',
} as const

const DECLINED_BY_DETAIL: Record<string, string> = {
	cc_rejected_insufficient_amount: MP_DECLINED_MESSAGES.insufficientAmount,
	cc_rejected_bad_filled_security_code: MP_DECLINED_MESSAGES.securityCode,
	cc_rejected_bad_filled_date: MP_DECLINED_MESSAGES.expiry,
	cc_rejected_bad_filled_other: MP_DECLINED_MESSAGES.badFilled,
	cc_rejected_bad_filled_card_number: MP_DECLINED_MESSAGES.badFilled,
	cc_rejected_call_for_authorize: MP_DECLINED_MESSAGES.callForAuthorize,
	cc_rejected_card_disabled: MP_DECLINED_MESSAGES.cardDisabled,
	cc_rejected_duplicated_payment: MP_DECLINED_MESSAGES.duplicated,
	cc_rejected_high_risk: MP_DECLINED_MESSAGES.highRisk,
	cc_rejected_blacklist: MP_DECLINED_MESSAGES.highRisk,
	cc_rejected_max_attempts: MP_DECLINED_MESSAGES.maxAttempts,
	cc_rejected_invalid_installments: MP_DECLINED_MESSAGES.installments,
	cc_rejected_card_error: MP_DECLINED_MESSAGES.cardError,
	cc_rejected_other_reason: MP_DECLINED_MESSAGES.generic,
}

/** For the owner (timeline): what a pending status_detail means. */
const PENDING_DETAIL: Record<string, string> = {
	pending_contingency: 'Pagamento em processamento no Mercado Pago',
	pending_review_manual: 'Pagamento em análise manual no Mercado Pago',
	pending_capture: 'Pagamento autorizado, aguardando captura',
}

export function paymentOutcome(status: MpPaymentStatus, statusDetail: string | null | undefined): PaymentOutcome {
	const detail = statusDetail ?? ''
	switch (status) {
		case 'approved':
			return { kind: 'approved' }
		case 'pending':
		case 'in_process':
		case 'authorized':
		case 'in_mediation':
			return { kind: 'pending', detail: PENDING_DETAIL[detail] ?? `Pagamento pendente no Mercado Pago (${status}${detail ? `/${detail}` : ''})` }
		case 'rejected':
		case 'cancelled':
			return { kind: 'declined', message: DECLINED_BY_DETAIL[detail] ?? MP_DECLINED_MESSAGES.generic }
		case 'refunded':
			return { kind: 'refunded' }
		case 'charged_back':
			return { kind: 'charged_back' }
	}
}
