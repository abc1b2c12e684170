import { z } from 'zod'
import { isPersonalizedLine } from '~/commerce/rules/shipping'
import { promisedRangeOfTotals } from '~/commerce/rules/delivery-date'
import type { OrderStatus } from '~/db/schema/orders'
import { RETURN_MESSAGE_MAX, RETURN_REASONS, RETURN_REASON_LABELS, RETURN_TEXT_MAX } from '~/commerce/rules/return-reasons'

/**
 * The withdrawal rules (direito de arrependimento, CDC art. 49, Decreto 7.962/2013; decision 117),
 * pure so they are tested with dates: when the 7 days run, which pieces are excepted, how much
 * goes back. The server modules read the facts from the database and call these.
 */

export const WITHDRAWAL_DAYS = 7
/**
 * An order shipped whose delivery nobody recorded, and which has no promised days stored: its
 * receipt is assumed this many calendar days after it was shipped (longer than the slowest
 * Correios PAC transit between any two capitals), so the doubt favours the shopper.
 */
export const ASSUMED_TRANSIT_DAYS = 15

const DAY_MS = 24 * 60 * 60 * 1000
/** São Paulo, UTC−3 all year (no daylight saving time since 2019), as delivery-date.ts. */
const SHOP_UTC_OFFSET_MS = -3 * 60 * 60 * 1000

function shopDay(ms: number): number {
	return Math.floor((ms + SHOP_UTC_OFFSET_MS) / DAY_MS)
}

/** The instant a shop-calendar day (days since 1970-01-01) starts, 00:00 in São Paulo. */
function startOfShopDay(day: number): number {
	return day * DAY_MS - SHOP_UTC_OFFSET_MS
}

/**
 * The end of the window (exclusive): the receipt's day does not count (Código Civil art. 132),
 * the 7th calendar day after it does, until midnight in São Paulo. Received on Monday 1 December
 * at any hour → the shopper may ask until Monday 8 December, 23:59.
 */
export function withdrawalDeadline(receivedAtMs: number): number {
	return startOfShopDay(shopDay(receivedAtMs) + WITHDRAWAL_DAYS + 1)
}

export type ReceiptFacts = {
	status: OrderStatus
	/** When the order became 'Entregue' (its status history). */
	deliveredAt: Date | null
	/** When it was marked 'Enviado'. */
	shippedAt: Date | null
	paidAt: Date | null
	/** The order's last change: stands in for a delivery time when 'entregue' has no history row. */
	updatedAt: Date
	deliveryMaxDays: number | null
	deliveryMinDays: number | null
}

export type Receipt = { at: number; basis: 'entregue' | 'estimado' }

/**
 * When the shopper received the order, or null while it is not with her (paid, in production):
 * - 'Entregue' recorded: that moment.
 * - Shipped, no delivery recorded: the later of the shipping day and the last promised day
 *   (decision 085's promise from the payment); without stored days, shipping + 15 days.
 * The shop has no pick-up: a picked-up piece would count as received when handed over.
 */
export function receiptOf(facts: ReceiptFacts, calendar: { cutoffHour: number }): Receipt | null {
	if (facts.status === 'entregue') return { at: (facts.deliveredAt ?? facts.updatedAt).getTime(), basis: 'entregue' }
	if (facts.status !== 'enviado') return null
	const shipped = (facts.shippedAt ?? facts.updatedAt).getTime()
	if (facts.paidAt && facts.deliveryMinDays !== null && facts.deliveryMaxDays !== null) {
		const range = promisedRangeOfTotals(facts.paidAt.getTime(), facts.deliveryMinDays, facts.deliveryMaxDays, calendar)
		// The latest promised day, at noon in São Paulo (any hour of that day gives the same deadline).
		const latest = Date.parse(`${range.latest}T15:00:00Z`)
		return { at: Math.max(shipped, latest), basis: 'estimado' }
	}
	return { at: shipped + ASSUMED_TRANSIT_DAYS * DAY_MS, basis: 'estimado' }
}

export type ReturnLine = { attributes: ReadonlyArray<{ key: string; value: string }> | null; totalCents: number; isGift: boolean }

/**
 * The personalised lines of an order: made in the personaliser or carrying the shopper's text
 * (shipping.ts's rule), and the add-ons bought with them (same '_grupo'): an extensor sewn to a
 * bandana with Thor's name is part of that piece.
 */
export function personalisedLineIndexes(lines: readonly ReturnLine[]): Set<number> {
	const groupOf = (line: ReturnLine) => line.attributes?.find((a) => a.key === '_grupo')?.value ?? null
	const groups = new Set<string>()
	const personalised = new Set<number>()
	lines.forEach((line, index) => {
		if (!isPersonalizedLine(line.attributes)) return
		personalised.add(index)
		const group = groupOf(line)
		if (group) groups.add(group)
	})
	lines.forEach((line, index) => {
		const group = groupOf(line)
		if (group && groups.has(group)) personalised.add(index)
	})
	return personalised
}

export type EligibilityFacts = ReceiptFacts & {
	totalCents: number
	lines: readonly ReturnLine[]
	/** Any personalised piece of the order whose production the owner started (decision 090). */
	productionStarted: boolean
}

export type Eligibility =
	| {
			kind: 'eligible'
			/** Exclusive end of the window; null while the order is not with the shopper yet. */
			deadline: number | null
			receipt: Receipt | null
			/** What goes back: the whole total, or the plain pieces' lines when personalised ones stay. */
			refundCents: number
			/** Personalised pieces already in production that the withdrawal does not cover (their lines' total). */
			excludedCents: number
	  }
	| { kind: 'unpaid' }
	| { kind: 'cancelled' }
	| { kind: 'personalised' }
	| { kind: 'expired'; deadline: number }

/**
 * Whether the shopper may ask to withdraw now. Personalised pieces (decision 117) can be given up
 * until their production starts; after that they are excepted — wholly when the order has nothing
 * else, or left out of the refund when it has plain pieces too.
 */
export function eligibilityOf(facts: EligibilityFacts, calendar: { cutoffHour: number }, nowMs: number): Eligibility {
	if (facts.status === 'aguardando_pagamento') return { kind: 'unpaid' }
	if (facts.status === 'cancelado') return { kind: 'cancelled' }
	const receipt = receiptOf(facts, calendar)
	const deadline = receipt ? withdrawalDeadline(receipt.at) : null
	if (deadline !== null && nowMs >= deadline) return { kind: 'expired', deadline }
	const started = facts.productionStarted || facts.status !== 'pago'
	const personalised = started ? personalisedLineIndexes(facts.lines) : new Set<number>()
	const sellable = facts.lines.filter((line, index) => !personalised.has(index) && !line.isGift)
	if (personalised.size > 0 && sellable.length === 0) return { kind: 'personalised' }
	const excludedCents = facts.lines.reduce((sum, line, index) => sum + (personalised.has(index) ? line.totalCents : 0), 0)
	// A whole withdrawal gives back everything paid, shipping too (art. 49, sole paragraph); a part
	// gives back the plain pieces' lines.
	const refundCents = excludedCents === 0 ? facts.totalCents : Math.min(facts.totalCents, sellable.reduce((sum, line) => sum + line.totalCents, 0))
	return { kind: 'eligible', deadline, receipt, refundCents, excludedCents }
}

export { RETURN_REASON_LABELS }

export const RETURN_MESSAGES = {
	notFound: 'Pedido não encontrado.',
	unpaid: 'Este pedido ainda não foi pago: se o pagamento não for feito, ele é cancelado sozinho e nada é cobrado.',
	cancelled: 'Este pedido está cancelado.',
	personalised:
		'Este pedido tem só peças personalizadas, feitas sob encomenda com o nome ou a foto do seu pet, e a produção já começou: elas não entram no direito de arrependimento. Se algo chegou com defeito, fale com a gente.',
	expired: 'O prazo de 7 dias para desistir da compra já terminou. Se algo chegou com defeito, fale com a gente.',
	alreadyOpen: 'Você já pediu a desistência deste pedido. Avisaremos por e-mail quando a loja responder.',
	alreadyApproved: 'A desistência deste pedido já foi aprovada.',
	reason: 'Escolha um dos motivos da lista.',
	textTooLong: `Conte o motivo em até ${RETURN_TEXT_MAX} caracteres.`,
	messageRequired: 'Escreva uma mensagem para o cliente explicando a recusa.',
	messageTooLong: `A mensagem deve ter no máximo ${RETURN_MESSAGE_MAX} caracteres.`,
	decided: 'Este pedido de desistência já foi respondido.',
	amount: 'Informe o valor a devolver em reais, por exemplo 30,00.',
	amountTooHigh: (max: string) => `O valor a devolver não pode passar de ${max}.`,
} as const

/** Characters that never belong in a reason (control characters other than line breaks and tabs). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

const freeText = (max: number, message: string) =>
	z
		.string()
		.transform((value) => value.replace(CONTROL, '').replace(/\r\n?/g, '\n').trim())
		.pipe(z.string().max(max, message))

/** The shopper's form: an optional reason from the list and optional free text. */
export const returnRequestSchema = z.object({
	reason: z
		.string()
		.optional()
		.transform((value) => (value === undefined || value === '' ? null : value))
		.pipe(z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reason }).nullable()),
	reasonText: freeText(RETURN_TEXT_MAX, RETURN_MESSAGES.textTooLong)
		.optional()
		.transform((value) => value || null),
})
export type ReturnRequestInput = z.output<typeof returnRequestSchema>

/** The owner's refusal: a message to the shopper is required. */
export const refuseSchema = z.object({
	message: freeText(RETURN_MESSAGE_MAX, RETURN_MESSAGES.messageTooLong).pipe(z.string().min(1, RETURN_MESSAGES.messageRequired)),
})

/** The owner's approval: an optional message. */
export const approveMessageSchema = freeText(RETURN_MESSAGE_MAX, RETURN_MESSAGES.messageTooLong)
	.optional()
	.transform((value) => value || null)
