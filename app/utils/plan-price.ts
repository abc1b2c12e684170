import { formatMoney } from './format'
import { installmentLabel, pixOfferLabel } from './installments'

/** Collection whose products are yearly subscriptions (document 000 §2 'Product card'). */
export const SUBSCRIPTION_COLLECTION = 'assinatura'

/** Document 000 §9, decision 6: a subscription is one plan for 12 months. */
export const SUBSCRIPTION_MONTHS = 12

/** Document 000 §9: annual price is 12 × the monthly price; integer cents, so exact. */
export function annualTotalCents(monthlyCents: number): number {
	return monthlyCents * SUBSCRIPTION_MONTHS
}

/**
 * How a plan's price is said, once (issue 31): the annual price first (what is charged), then how
 * it can be paid, then what it comes to per month. A screen that shows '/mês', '12x de …',
 * '6x de …' and the total side by side leaves the shopper to work out which one she pays.
 */
export type PlanPriceText = {
	/** 'R$ 478,80' */
	annual: string
	/** 'por 12 meses' */
	period: string
	/** 'em até 6x de R$ 79,80 sem juros' */
	instalments: string
	/** 'ou PIX à vista' or 'ou R$ 454,86 no PIX (5% de desconto)' */
	pix: string
	/** 'equivale a R$ 39,90 por mês' */
	monthly: string
}

export function planPriceText(monthlyCents: number, pixDiscountPercent: number): PlanPriceText {
	const totalCents = annualTotalCents(monthlyCents)
	return {
		annual: formatMoney(totalCents),
		period: `por ${SUBSCRIPTION_MONTHS} meses`,
		instalments: `em até ${installmentLabel(totalCents)}`,
		pix: pixOfferLabel(totalCents, pixDiscountPercent),
		monthly: `equivale a ${formatMoney(monthlyCents)} por mês`,
	}
}

