import { pixPriceCents } from '~/commerce/rules/totals'
import { formatMoney, formatPercent } from './format'

/** Card payments: up to 6 interest-free instalments (spec decision 5). */
export const MAX_INSTALLMENTS = 6

/**
 * The instalment amount as shops show it (issue 13): rounded up to the cent, so that n of
 * them never add up to less than the price (the provider charges the exact total).
 */
export function installmentCents(totalCents: number, count: number): number {
	return Math.ceil(totalCents / count)
}

/** '6x de R$ 16,60 sem juros' */
export function installmentLabel(totalCents: number, count = MAX_INSTALLMENTS): string {
	return `${count}x de ${formatMoney(installmentCents(totalCents, count))} sem juros`
}

/**
 * The PIX line beside a price (issue 13): with the store's PIX discount, the price paid by PIX
 * and the percent ('ou R$ 28,41 no PIX (5% de desconto)'); without one, document 000's
 * 'ou PIX à vista'. The discount is the server's rule (pixDiscountOf), here only shown.
 */
export function pixOfferLabel(priceCents: number, pixDiscountPercent: number): string {
	if (!(pixDiscountPercent > 0)) return 'ou PIX à vista'
	return `ou ${formatMoney(pixPriceCents(priceCents, pixDiscountPercent))} no PIX (${formatPercent(pixDiscountPercent)} de desconto)`
}

/**
 * One instalment choice as the checkout shows it and the server accepts it (issue 29, decision
 * 077), whatever the provider: n× of installmentCents, totalCents in all (more than the order's
 * total when the shopper pays interest).
 */
export type InstallmentOption = { count: number; installmentCents: number; totalCents: number; interestFree: boolean }

/** What a card provider quotes for one count: the shopper's instalment and total, in cents. */
export type InstallmentQuote = { count: number; installmentCents: number; totalCents: number }

/**
 * The shop's rule over a provider's quotes (decision 077): counts 1 to MAX_INSTALLMENTS the
 * provider offers. Up to `interestFreeUpTo` (the store's 'Parcelas sem juros' setting) the shop
 * absorbs the interest: the option is 'sem juros' and the shopper pays the order's total — so it is
 * offered only when the provider charges exactly that (its account set to the same count; a
 * provider that would add interest there is never shown as 'sem juros'). Above it, the shopper
 * sees the provider's instalment and total with interest.
 */
export function installmentOptions(quotes: readonly InstallmentQuote[], orderTotalCents: number, interestFreeUpTo: number): InstallmentOption[] {
	const options = new Map<number, InstallmentOption>()
	for (const quote of quotes) {
		if (!Number.isInteger(quote.count) || quote.count < 1 || quote.count > MAX_INSTALLMENTS || options.has(quote.count)) continue
		const noInterest = quote.totalCents <= orderTotalCents
		if (quote.count <= interestFreeUpTo || quote.count === 1) {
			if (!noInterest) continue
			options.set(quote.count, { count: quote.count, installmentCents: installmentCents(orderTotalCents, quote.count), totalCents: orderTotalCents, interestFree: true })
		} else if (noInterest) {
			options.set(quote.count, { count: quote.count, installmentCents: installmentCents(orderTotalCents, quote.count), totalCents: orderTotalCents, interestFree: true })
		} else {
			options.set(quote.count, { count: quote.count, installmentCents: quote.installmentCents, totalCents: quote.totalCents, interestFree: false })
		}
	}
	return [...options.values()].sort((a, b) => a.count - b.count)
}

/** '3x de R$ 33,34 sem juros' or '6x de R$ 17,90 (total R$ 107,40, com juros)'. */
export function installmentOptionLabel(option: InstallmentOption): string {
	if (option.interestFree) return `${option.count}x de ${formatMoney(option.installmentCents)} sem juros`
	return `${option.count}x de ${formatMoney(option.installmentCents)} (total ${formatMoney(option.totalCents)}, com juros)`
}

/**
 * How an order's pages name its card payment: 'Cartão de crédito em 3x sem juros', or with the
 * provider's interest the total the shopper pays on her card (card_total_cents, decision 119).
 */
export function cardPaymentLabel(installments: number, orderTotalCents: number, cardTotalCents: number | null): string {
	if (cardTotalCents !== null && cardTotalCents > orderTotalCents) {
		return `Cartão de crédito em ${installments}x com juros (total no cartão ${formatMoney(cardTotalCents)})`
	}
	return `Cartão de crédito em ${installments}x sem juros`
}
