import { randomUUID } from 'node:crypto'
import { TEST_CARD_TOKENS } from '~/utils/checkout-schema'
import type { CardPaymentProvider } from './card-provider.server'

export const CARD_DECLINED_MESSAGES = {
	declined: 'Pagamento recusado pelo emissor do cartão. Confira os dados ou use outra forma de pagamento.',
	insufficientFunds: 'Pagamento recusado: saldo ou limite insuficiente. Tente outro cartão ou pague com PIX.',
	invalidToken: 'Não foi possível processar o cartão. Confira os dados e tente novamente.',
} as const

/**
 * The embedded TEST provider (docs/decisions/012). No money moves. The browser half
 * (app/components/checkout/test-card.ts) maps the documented test numbers to tokens:
 * 4242 4242 4242 4242 → approved, 4000 0000 0000 0002 → declined,
 * 4000 0000 0000 9995 → declined for insufficient funds; any other valid number → approved.
 */
export const testCardProvider: CardPaymentProvider = {
	id: 'test',
	isTest: true,
	async charge({ token, amountCents, installments }) {
		if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || installments < 1 || installments > 6) {
			return {
				status: 'declined',
				message: CARD_DECLINED_MESSAGES.invalidToken,
				providerReference: null,
			}
		}
		const reference = `test_${randomUUID()}`
		switch (token) {
			case TEST_CARD_TOKENS.approved:
				return { status: 'approved', providerReference: reference }
			case TEST_CARD_TOKENS.declined:
				return {
					status: 'declined',
					message: CARD_DECLINED_MESSAGES.declined,
					providerReference: reference,
				}
			case TEST_CARD_TOKENS.insufficientFunds:
				return {
					status: 'declined',
					message: CARD_DECLINED_MESSAGES.insufficientFunds,
					providerReference: reference,
				}
			default:
				return {
					status: 'declined',
					message: CARD_DECLINED_MESSAGES.invalidToken,
					providerReference: null,
				}
		}
	},
}
