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
	orderReference: string
}

export type CardChargeResult =
	{ status: 'approved'; providerReference: string } | { status: 'declined'; message: string; providerReference: string | null }

export interface CardPaymentProvider {
	/** Stored on the order (orders.payment_provider). */
	readonly id: string
	/** Test providers are labelled as such on the checkout page. */
	readonly isTest: boolean
	charge(input: CardChargeInput): Promise<CardChargeResult>
}

/** The embedded default is the test provider; a real one is plugged in here. */
export function getCardProvider(): CardPaymentProvider {
	return testCardProvider
}
