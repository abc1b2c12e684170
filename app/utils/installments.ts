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
