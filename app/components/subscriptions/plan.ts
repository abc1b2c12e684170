import { BadgePercentIcon, CalendarHeartIcon, CreditCardIcon, GiftIcon, MessageCircleHeartIcon, TruckIcon, type LucideIcon } from '~/components/icons/lucide'

/**
 * What the subscription pages say about a plan, in one place so /assinaturas and the
 * subscription product layout never disagree (document 000 §2, §9; decision 6).
 * The server prices the line (the cart feature): these figures are only what is displayed.
 */

export { annualTotalCents, planPriceText, type PlanPriceText } from '~/utils/plan-price'

/** Document 000 §9, the cart's banner for a subscription line. */
export const FREE_SHIPPING_BANNER = '🎉 Frete grátis incluído na assinatura!'

export type SubscriptionBenefit = { icon: LucideIcon; title: string; description: string }

/**
 * The six benefit cards of the subscription page (document 000 §2). The documents name the
 * cards but not their text; the copy is built from what they do state: 12 months, free
 * shipping, 'até 50% de desconto', 4-day production, PIX or 6x, WhatsApp help.
 */
export const SUBSCRIPTION_BENEFITS: readonly SubscriptionBenefit[] = [
	{ icon: TruckIcon, title: 'Frete Grátis', description: 'Todas as entregas do ano sem custo de frete, para todo o Brasil.' },
	{ icon: BadgePercentIcon, title: 'Até 50% de desconto', description: 'Pague bem menos do que comprando os mesmos produtos avulsos.' },
	{ icon: CalendarHeartIcon, title: '12 meses de mimos', description: 'Novidades escolhidas com carinho chegam todo mês para o seu pet.' },
	{ icon: GiftIcon, title: 'Produtos exclusivos', description: 'Estampas e itens feitos só para quem é assinante.' },
	{ icon: CreditCardIcon, title: 'Pagamento facilitado', description: 'No PIX à vista ou no cartão em até 6x sem juros.' },
	{ icon: MessageCircleHeartIcon, title: 'Atendimento dedicado', description: 'Fale com a gente pelo WhatsApp sempre que precisar.' },
]
