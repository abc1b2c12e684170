import { formatMoney } from './format'

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
