import type { PaymentMode } from '~/db/schema/orders'
import { getEnv } from '~/server/env.server'
import { testCardProvider } from './test-card-provider.server'

/**
 * Card payments go through a provider (spec decision 5). Our server never sees a card number:
 * the provider's browser code turns the card fields into a token, the form submits the token,
 * and the server asks the provider to charge it for the amount the server computed.
 */
export type CardChargeInput = {
	token: string
	amountCents: number
	/** 1-6, 'sem juros': the shopper pays amountCents in total whatever the count. */
	installments: number
	/**
	 * The order's reference, which a real provider must use as its idempotency key: a charge
	 * retried on the same order (after a crash mid-charge) must not charge twice (decision 019).
	 */
	orderReference: string
}

export type CardChargeResult =
	{ status: 'approved'; providerReference: string } | { status: 'declined'; message: string; providerReference: string | null }

export interface CardPaymentProvider {
	/** Stored on the order (orders.payment_provider). */
	readonly id: string
	/** Test providers are labelled as such on the checkout page and their orders marked 'Teste'. */
	readonly isTest: boolean
	charge(input: CardChargeInput): Promise<CardChargeResult>
}

export { CARD_UNAVAILABLE_MESSAGE } from '~/utils/card-payment-messages'

/** What an order charged by this provider records in orders.payment_mode. */
export function paymentModeOf(provider: CardPaymentProvider): PaymentMode {
	return provider.isTest ? 'test' : 'live'
}

/**
 * The provider that charges cards, or null when card payment is unavailable. PAYMENT_MODE
 * decides (decision 019): 'test' → the embedded test provider; 'live' never gets it — a
 * real provider is plugged in here, and until then a live shop takes PIX only.
 */
export function getCardProvider(mode: PaymentMode = getEnv().PAYMENT_MODE): CardPaymentProvider | null {
	if (mode === 'test') return testCardProvider
	return null
}
