import type { ReturnRefundMethod } from '~/db/schema/returns'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { type OrderReturnFacts, type ReturnRequestRow, eligibilityOfOrder, latestRequestOf, latestRequestsOf, returnFactsOf } from './facts.server'
import { RETURN_POLICY_PATH } from './request.server'
import { RETURN_MESSAGES, RETURN_REASON_LABELS } from './rules'

/**
 * What the shopper's pages show about withdrawing from an order (decision 117): the button with
 * its deadline, or the sentence that replaces it (personalised pieces, window over), and the
 * latest request's state. Plain strings, ready for the component.
 */
export type ReturnView = {
	policyPath: string
	/** The form may be shown: the order is within its window and has no open or approved request. */
	canAsk: boolean
	/** 'Você pode desistir da compra até 8 de dezembro.' or, not received yet, '… até 7 dias depois de receber.' */
	windowText: string | null
	/** Personalised pieces in production stay out of a partial withdrawal. */
	partialText: string | null
	/** Replaces the button: why the shopper cannot ask. */
	blockedText: string | null
	request: {
		status: ReturnRequestRow['status']
		title: string
		lines: string[]
	} | null
}

const REFUND_TEXT: Record<ReturnRefundMethod, (amount: string) => string> = {
	mercadopago: (amount) => `Estorno de ${amount} pedido ao cartão: aparece na fatura atual ou na seguinte.`,
	'api-pix': (amount) => `Devolução de ${amount} por PIX para a conta que pagou: costuma cair em minutos, em até 2 dias úteis.`,
	manual: (amount) => `Reembolso de ${amount} feito pela loja.`,
}

function requestView(request: ReturnRequestRow): ReturnView['request'] {
	const reason = [request.reason ? RETURN_REASON_LABELS[request.reason] : null, request.reasonText].filter(Boolean).join(' — ')
	if (request.status === 'aberto') {
		return {
			status: request.status,
			title: 'Pedido de desistência enviado',
			lines: [
				`Enviado em ${formatDateTime(request.createdAt)}. A loja responde em até 2 dias úteis, por e-mail.`,
				...(reason ? [`Motivo: ${reason}`] : []),
			],
		}
	}
	if (request.status === 'aprovado') {
		return {
			status: request.status,
			title: 'Desistência aprovada',
			lines: [
				`Aprovada em ${formatDateTime(request.decidedAt ?? request.createdAt)}.`,
				REFUND_TEXT[request.refundMethod ?? 'manual'](formatMoney(request.refundCents ?? 0)),
				...(request.adminMessage ? [`Mensagem da loja: ${request.adminMessage}`] : []),
			],
		}
	}
	return {
		status: request.status,
		title: 'Desistência não aprovada',
		lines: [
			`Respondida em ${formatDateTime(request.decidedAt ?? request.createdAt)}.`,
			...(request.adminMessage ? [`Mensagem da loja: ${request.adminMessage}`] : []),
		],
	}
}

export async function returnViewOfFacts(facts: OrderReturnFacts, request: ReturnRequestRow | null): Promise<ReturnView | null> {
	const eligibility = await eligibilityOfOrder(facts)
	// Nothing to say on an unpaid order, nor on a cancelled one without a request.
	if (!request && (eligibility.kind === 'unpaid' || eligibility.kind === 'cancelled')) return null
	const open = request?.status === 'aberto' || request?.status === 'aprovado'
	const view: ReturnView = {
		policyPath: RETURN_POLICY_PATH,
		canAsk: !open && eligibility.kind === 'eligible',
		windowText: null,
		partialText: null,
		blockedText: null,
		request: request ? requestView(request) : null,
	}
	if (eligibility.kind === 'eligible') {
		view.windowText =
			eligibility.deadline === null
				? 'Você pode desistir da compra agora ou em até 7 dias depois de receber o pedido.'
				: // The deadline is exclusive (midnight); the last day is the one before it.
					`Você pode desistir da compra até ${formatDate(new Date(eligibility.deadline - 1))} (7 dias depois de receber o pedido).`
		if (eligibility.excludedCents > 0) {
			view.partialText = `As peças personalizadas deste pedido (${formatMoney(eligibility.excludedCents)}) já estão em produção e não entram na desistência; devolvemos ${formatMoney(eligibility.refundCents)} pelas demais.`
		}
	} else if (!open && (eligibility.kind === 'personalised' || eligibility.kind === 'expired')) {
		view.blockedText = RETURN_MESSAGES[eligibility.kind]
	}
	return view
}

export async function returnViewOf(orderId: string): Promise<ReturnView | null> {
	const [facts, request] = await Promise.all([returnFactsOf(orderId), latestRequestOf(orderId)])
	return facts ? returnViewOfFacts(facts, request) : null
}

/**
 * The views of a shopper's orders (/user/orders), by order id. An old order whose window ended
 * without a request shows nothing in the list (every past order saying 'o prazo terminou' is
 * noise); its own page still says why.
 */
export async function returnViewsOf(orderIds: readonly string[]): Promise<Record<string, ReturnView | null>> {
	const requests = await latestRequestsOf(orderIds)
	const entries = await Promise.all(
		orderIds.map(async (id) => {
			const facts = await returnFactsOf(id)
			const view = facts ? await returnViewOfFacts(facts, requests.get(id) ?? null) : null
			const stale = view !== null && view.request === null && view.blockedText === RETURN_MESSAGES.expired
			return [id, stale ? null : view] as const
		}),
	)
	return Object.fromEntries(entries)
}
