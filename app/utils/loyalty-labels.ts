import type { BadgeRuleType, BadgeTier } from '~/db/schema/loyalty'

/** How the back-office and the customer pages name a badge's rule and tier. */
export const RULE_TYPE_LABELS: Record<BadgeRuleType, string> = {
	total_points: 'Pontos acumulados',
	orders_paid: 'Pedidos pagos',
	photos_approved: 'Fotos aprovadas',
	reviews_approved: 'Avaliações aprovadas',
	referrals_paid: 'Amigos indicados que compraram',
	favorites: 'Produtos favoritados',
}

export const TIER_LABELS: Record<BadgeTier, string> = { bronze: 'Bronze', prata: 'Prata', ouro: 'Ouro', diamante: 'Diamante' }
