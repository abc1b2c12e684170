import { getEnv, publicUrl, type Env } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { getStoreSettings } from '~/server/settings.server'
import { type InstallmentOption, type InstallmentQuote, installmentOptions } from '~/utils/installments'
import type { CardChargeInput, CardChargeResult, CardPaymentProvider } from '../card-provider.server'
import { amountToCents, centsToAmount } from './amount'
import { type CreatePaymentBody, MercadoPagoClient, MercadoPagoError } from './client.server'
import type { MpPayment } from './schemas'
import { paymentOutcome } from './status'

/**
 * Cards through Mercado Pago's Checkout API (issue 29, decision 077). The browser SDK turns the
 * card fields into a token; this provider charges the token for the order's total, with the
 * order's idempotency key, and answers in the shop's terms (approved / pending / declined with a
 * Portuguese message). Mercado Pago's shapes stay in this folder.
 */
export const MERCADOPAGO_PROVIDER = 'mercadopago'

export function mercadoPagoConfigured(env: Env = getEnv()): boolean {
	return Boolean(env.MERCADOPAGO_ACCESS_TOKEN && env.MERCADOPAGO_PUBLIC_KEY && env.MERCADOPAGO_WEBHOOK_SECRET)
}

let client: MercadoPagoClient | null = null
let clientEnv: Env | null = null

export function getMercadoPagoClient(env: Env = getEnv()): MercadoPagoClient {
	if (client && clientEnv === env) return client
	if (!mercadoPagoConfigured(env) || !env.MERCADOPAGO_ACCESS_TOKEN) throw new Error('Mercado Pago não está configurado')
	client = new MercadoPagoClient({ apiUrl: env.MERCADOPAGO_API_URL, accessToken: env.MERCADOPAGO_ACCESS_TOKEN })
	clientEnv = env
	return client
}

/** Tests replace the environment between files. */
export function resetMercadoPagoClientForTests() {
	client = null
	clientEnv = null
}

/** Where Mercado Pago posts its notifications (also set per payment as notification_url). */
export function mercadoPagoWebhookUrl(env: Env = getEnv()): string {
	return `${publicUrl(env)}/webhooks/mercadopago`
}

/** What the checkout page needs for the browser SDK: never a secret. */
export function mercadoPagoBrowserConfig(env: Env = getEnv()): { publicKey: string; sdkUrl: string } | null {
	if (!mercadoPagoConfigured(env) || !env.MERCADOPAGO_PUBLIC_KEY) return null
	return { publicKey: env.MERCADOPAGO_PUBLIC_KEY, sdkUrl: env.MERCADOPAGO_SDK_URL }
}

/** What the settings page may show: the API host and the start of the public key. */
export function mercadoPagoInfo(env: Env = getEnv()): { configured: false } | { configured: true; apiHost: string; publicKey: string; webhookUrl: string } {
	if (!mercadoPagoConfigured(env) || !env.MERCADOPAGO_PUBLIC_KEY) return { configured: false }
	const key = env.MERCADOPAGO_PUBLIC_KEY
	return { configured: true, apiHost: new URL(env.MERCADOPAGO_API_URL).host, publicKey: `${key.slice(0, 12)}…`, webhookUrl: mercadoPagoWebhookUrl(env) }
}

/** The payment's id as the shop stores it (orders.payment_reference, payment_events.provider_ref). */
export function paymentReferenceOf(id: number): string {
	return String(id)
}

function splitName(name: string): { first_name: string; last_name?: string } {
	const parts = name.trim().split(/\s+/)
	const first = (parts.shift() ?? name).slice(0, 100)
	const last = parts.join(' ').slice(0, 100)
	return last ? { first_name: first, last_name: last } : { first_name: first }
}

async function quotesFor(amountCents: number, card: { paymentMethodId: string; issuerId: string | null }): Promise<InstallmentQuote[]> {
	const answer = await getMercadoPagoClient().installments({ amountCents, paymentMethodId: card.paymentMethodId, issuerId: card.issuerId })
	const entry = answer.find((e) => e.payment_method_id === card.paymentMethodId && (!card.issuerId || String(e.issuer.id) === card.issuerId)) ?? answer[0]
	return (entry?.payer_costs ?? []).flatMap((cost) => {
		const installment = amountToCents(cost.installment_amount)
		const total = amountToCents(cost.total_amount)
		return installment === null || total === null ? [] : [{ count: cost.installments, installmentCents: installment, totalCents: total }]
	})
}

/**
 * POST /v1/payments; when no answer came (a timeout, a dropped connection, a 5xx), Mercado Pago
 * may still have charged the card: the order's payments are looked up by its reference before
 * anything is said to the shopper (decision 119). Found: that payment is the answer. Not found,
 * or the search fails too: the original error (the checkout says 'try again'; a payment that
 * appears later is caught by the reconciliation's search and flagged if the order was cancelled).
 */
async function createOrFindPayment(orderReference: string, idempotencyKey: string, body: CreatePaymentBody): Promise<MpPayment> {
	const client = getMercadoPagoClient()
	try {
		return await client.createPayment(body, idempotencyKey)
	} catch (error) {
		if (!(error instanceof MercadoPagoError) || !error.retriable) throw error
		const found = await client.paymentsOfOrder(orderReference).catch(() => [])
		const payment = found[0]
		if (!payment) throw error
		logger.warn({ reference: orderReference, payment: paymentReferenceOf(payment.id) }, 'resposta do Mercado Pago perdida; pagamento encontrado pela referência do pedido')
		return payment
	}
}

export const mercadoPagoProvider: CardPaymentProvider = {
	id: MERCADOPAGO_PROVIDER,
	isTest: false,

	async installmentOptions({ amountCents, card }): Promise<InstallmentOption[]> {
		const [quotes, settings] = await Promise.all([quotesFor(amountCents, card), getStoreSettings()])
		return installmentOptions(quotes, amountCents, settings.cardInterestFreeInstallments)
	},

	async charge(input: CardChargeInput): Promise<CardChargeResult> {
		if (!input.card || !input.payer || !input.idempotencyKey) throw new Error('cobrança Mercado Pago sem cartão, pagador ou chave de idempotência')
		const settings = await getStoreSettings()
		const payment = await createOrFindPayment(input.orderReference, input.idempotencyKey, {
				transaction_amount: centsToAmount(input.amountCents),
				token: input.token,
				description: `Pedido ${input.orderReference} — ${settings.storeName}`.slice(0, 250),
				installments: input.installments,
				payment_method_id: input.card.paymentMethodId,
				...(input.card.issuerId && /^\d+$/.test(input.card.issuerId) ? { issuer_id: Number(input.card.issuerId) } : {}),
				external_reference: input.orderReference,
				notification_url: mercadoPagoWebhookUrl(),
				statement_descriptor: settings.storeName.normalize('NFD').replace(/[^A-Za-z0-9 ]/g, '').slice(0, 13).trim() || undefined,
				payer: { email: input.payer.email, ...splitName(input.payer.name), identification: { type: 'CPF', number: input.payer.cpf } },
		})
		const reference = paymentReferenceOf(payment.id)
		if (payment.external_reference && payment.external_reference !== input.orderReference) {
			// The idempotency key named another order's payment: never take it as this order's.
			logger.error({ reference: input.orderReference, payment: reference }, 'Mercado Pago devolveu o pagamento de outro pedido')
			throw new Error('pagamento do Mercado Pago de outro pedido')
		}
		const outcome = paymentOutcome(payment.status, payment.status_detail)
		switch (outcome.kind) {
			case 'approved':
				if (amountToCents(payment.transaction_amount) !== input.amountCents) {
					logger.error({ reference: input.orderReference, payment: reference }, 'Mercado Pago aprovou outro valor')
					return { status: 'pending', providerReference: reference, detail: 'Valor aprovado diferente do total do pedido: conferir' }
				}
				return { status: 'approved', providerReference: reference }
			case 'pending':
				return { status: 'pending', providerReference: reference, detail: outcome.detail }
			case 'declined':
				return { status: 'declined', message: outcome.message, providerReference: reference }
			default:
				// refunded / charged back at creation: never 'paid'.
				return { status: 'declined', message: 'Pagamento não aprovado. Tente outro cartão ou pague com PIX.', providerReference: reference }
		}
	},
}
