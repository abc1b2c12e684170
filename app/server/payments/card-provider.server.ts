import type { PaymentMode } from '~/db/schema/orders'
import { getEnv } from '~/server/env.server'
import type { InstallmentOption } from '~/utils/installments'
import { mercadoPagoConfigured, mercadoPagoProvider } from './mercadopago/provider.server'
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
	/**
	 * The order's idempotency key: a provider that takes one (Mercado Pago's X-Idempotency-Key) gets
	 * the same payment back for a retried charge of the same order, never a second one.
	 */
	idempotencyKey?: string
	/** The card's brand and issuer as the provider's browser code detected them (Mercado Pago). */
	card?: { paymentMethodId: string; issuerId: string | null }
	/** Who pays (the order's buyer). */
	payer?: { email: string; name: string; cpf: string }
}

export type CardChargeResult =
	| { status: 'approved'; providerReference: string }
	/**
	 * The provider is still deciding (Mercado Pago's in_process/pending: a manual review, a
	 * contingency). The order waits with its reference; the provider's notification resolves it.
	 */
	| { status: 'pending'; providerReference: string; detail: string }
	| { status: 'declined'; message: string; providerReference: string | null }

export interface CardPaymentProvider {
	/** Stored on the order (orders.payment_provider). */
	readonly id: string
	/** Test providers are labelled as such on the checkout page and their orders marked 'Teste'. */
	readonly isTest: boolean
	charge(input: CardChargeInput): Promise<CardChargeResult>
	/**
	 * The instalments the shopper may choose for this amount and card, in the shop's terms; the
	 * server checks the submitted count against them. Absent: 1 to MAX_INSTALLMENTS, sem juros.
	 */
	installmentOptions?(input: { amountCents: number; card: { paymentMethodId: string; issuerId: string | null } }): Promise<InstallmentOption[]>
}

export { CARD_UNAVAILABLE_MESSAGE } from '~/utils/card-payment-messages'

/** What an order charged by this provider records in orders.payment_mode. */
export function paymentModeOf(provider: CardPaymentProvider): PaymentMode {
	return provider.isTest ? 'test' : 'live'
}

/**
 * The provider that charges cards, or null when card payment is unavailable. PAYMENT_MODE
 * decides (decision 019): 'test' → the embedded test provider; 'live' never gets it — Mercado
 * Pago when its credentials are configured (decision 077), otherwise a live shop takes PIX only.
 */
export function getCardProvider(mode: PaymentMode = getEnv().PAYMENT_MODE): CardPaymentProvider | null {
	if (mode === 'test') return testCardProvider
	if (mercadoPagoConfigured()) return mercadoPagoProvider
	return null
}
