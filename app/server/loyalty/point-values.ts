import { z } from 'zod'

/**
 * How many points each event earns (decision 14, issue 10): the owner edits these on
 * /admin/fidelidade; the server reads them when it awards, and 'Como Ganhar Pontos' shows them.
 * The defaults are document 001's values; the sign-up bonus is off unless the owner sets one.
 * A change applies to events from then on: the ledger keeps what was awarded.
 */
const points = (label: string, max: number) =>
	z
		.number({ error: `${label}: informe um número inteiro de pontos.` })
		.int(`${label}: informe um número inteiro de pontos.`)
		.min(0, `${label} não pode ser negativo.`)
		.max(max, `${label} deve ser de no máximo ${max.toLocaleString('pt-BR')} pontos.`)

export const loyaltyPointsSchema = z.object({
	/** Points per whole R$ 1,00 of a paid order's total. */
	purchasePerReal: points('Pontos por R$ 1,00', 100),
	photoSent: points('Foto enviada', 10_000),
	photoApproved: points('Foto aprovada', 10_000),
	reviewApproved: points('Avaliação aprovada', 10_000),
	firstFavorite: points('Primeiro favorito', 10_000),
	referral: points('Indicação', 10_000),
	signupBonus: points('Bônus de cadastro', 10_000),
})
export type LoyaltyPoints = z.infer<typeof loyaltyPointsSchema>

export const DEFAULT_LOYALTY_POINTS: LoyaltyPoints = {
	purchasePerReal: 10,
	photoSent: 30,
	photoApproved: 20,
	reviewApproved: 50,
	firstFavorite: 5,
	referral: 100,
	signupBonus: 0,
}

/**
 * Spec README decision 25: how many photos a customer sends per day (the shop's day, São Paulo)
 * earn the 'Foto enviada' points; the ones after that are received all the same, without points.
 * Edited on /admin/fidelidade beside the points; 0 gives no photo points at all.
 */
export const photoPointsPerDaySchema = z
	.number({ error: 'Fotos com pontos por dia: informe um número inteiro.' })
	.int('Fotos com pontos por dia: informe um número inteiro.')
	.min(0, 'Fotos com pontos por dia não pode ser negativo.')
	.max(50, 'Fotos com pontos por dia deve ser de no máximo 50.')
export const DEFAULT_PHOTO_POINTS_PER_DAY = 3

/** Its field on the points form, after LOYALTY_POINT_FIELDS. */
export const PHOTO_POINTS_PER_DAY_FIELD = {
	key: 'photoPointsPerDay',
	label: 'Fotos com pontos por dia',
	hint: 'por cliente; as fotos seguintes do dia não somam pontos',
} as const

/** The form's fields on /admin/fidelidade, in the order shown, with their labels. */
export const LOYALTY_POINT_FIELDS: { key: keyof LoyaltyPoints; label: string; hint: string }[] = [
	{ key: 'purchasePerReal', label: 'Compras (pontos por R$ 1,00)', hint: 'quando o pagamento é confirmado' },
	{ key: 'photoSent', label: 'Foto enviada', hint: 'em Minhas Fotos' },
	{ key: 'photoApproved', label: 'Foto aprovada', hint: 'quando a loja aprova a foto' },
	{ key: 'reviewApproved', label: 'Avaliação aprovada', hint: 'de um cliente com conta' },
	{ key: 'firstFavorite', label: 'Primeiro favorito', hint: 'uma vez por cliente' },
	{ key: 'referral', label: 'Indicação', hint: 'quando o primeiro pedido do amigo é pago' },
	{ key: 'signupBonus', label: 'Bônus de cadastro', hint: '0 desliga' },
]

/** Purchase points: `perReal` per whole R$ 1,00 paid (cents below a real earn nothing). */
export function purchasePoints(totalCents: number, perReal: number = DEFAULT_LOYALTY_POINTS.purchasePerReal): number {
	return Math.floor(Math.max(0, totalCents) / 100) * perReal
}

/** 'Como Ganhar Pontos' (document 001 §2): the rules with the values the server awards now. */
export function earningRules(values: LoyaltyPoints): { action: string; points: string; detail: string }[] {
	const n = (value: number) => `${value.toLocaleString('pt-BR')} ${value === 1 ? 'ponto' : 'pontos'}`
	const rules = [
		{
			action: 'Compras',
			points: `${n(values.purchasePerReal)} por R$ 1,00`,
			detail: 'quando o pagamento é confirmado',
			value: values.purchasePerReal,
		},
		{ action: 'Enviar uma foto', points: n(values.photoSent), detail: 'em Minhas Fotos', value: values.photoSent },
		{
			action: 'Foto aprovada',
			points: `+${n(values.photoApproved)}`,
			detail: 'quando a loja aprova a sua foto',
			value: values.photoApproved,
		},
		{
			action: 'Avaliar um produto',
			points: n(values.reviewApproved),
			detail: 'quando a avaliação é aprovada',
			value: values.reviewApproved,
		},
		{ action: 'Indicar um amigo', points: n(values.referral), detail: 'quando o primeiro pedido do amigo é pago', value: values.referral },
		{ action: 'Primeiro favorito', points: n(values.firstFavorite), detail: 'uma vez', value: values.firstFavorite },
		{ action: 'Cadastro', points: n(values.signupBonus), detail: 'ao criar a conta', value: values.signupBonus },
	]
	// A rule worth nothing is not a way to earn points.
	return rules.filter((rule) => rule.value > 0).map(({ value: _value, ...rule }) => rule)
}
