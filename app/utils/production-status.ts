import type { OrderStatus } from '~/db/schema/orders'

/**
 * The production of a custom piece (issue 30, decision 090), from the owner's queue to the
 * shopper's 'Meus Pedidos': 'Na fila' → 'Em produção' → 'Pronto', then the shop order's own
 * 'Enviado' (and 'Entregue'). Only the first three belong to the piece; the last two are read
 * from the shop order, so a piece never says 'Enviado' while its order does not.
 *
 * Pure rules, used by the server (which enforces them) and by the pages (which only offer
 * the moves they allow).
 */

/**
 * Which custom orders a list of the queue page holds (decision 090):
 * - 'pagos' (the production queue, the default): placed and paid (or further: shipped, delivered);
 * - 'nao-pagos': placed, still awaiting payment, or cancelled;
 * - 'abandonados': configurations added to a cart and never checked out.
 * The three never overlap: a row is in exactly one of them.
 */
export const QUEUE_VIEWS = ['pagos', 'nao-pagos', 'abandonados'] as const
export type QueueView = (typeof QUEUE_VIEWS)[number]

/** The stages the owner moves a piece through, stored as production_started_at / order_completed. */
export const PRODUCTION_STAGES = ['na_fila', 'em_producao', 'pronto'] as const
export type ProductionStage = (typeof PRODUCTION_STAGES)[number]
/** What a placed, paid piece shows: its own stage, or its shop order's once shipped. */
export type WorkStage = ProductionStage | 'enviado' | 'entregue'

export const WORK_STAGE_LABELS: Record<WorkStage, string> = {
	na_fila: 'Na fila',
	em_producao: 'Em produção',
	pronto: 'Pronto',
	enviado: 'Enviado',
	entregue: 'Entregue',
}

/** Shop order statuses in which a piece is (still) produced: paid, not shipped, not cancelled. */
export const PRODUCIBLE_ORDER_STATUSES: readonly OrderStatus[] = ['pago', 'em_producao']
/** Shop order statuses that mean the piece was paid for (the queue's default view). */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = ['pago', 'em_producao', 'enviado', 'entregue']

export type PieceState = { started: boolean; completed: boolean; orderStatus: OrderStatus | null }

/**
 * The stage a piece shows, or null when it has none yet: never checked out, not paid, or its
 * order cancelled.
 */
export function workStageOf(piece: PieceState): WorkStage | null {
	if (!piece.orderStatus || !PAID_ORDER_STATUSES.includes(piece.orderStatus)) return null
	if (piece.orderStatus === 'enviado' || piece.orderStatus === 'entregue') return piece.orderStatus
	if (piece.completed) return 'pronto'
	return piece.started ? 'em_producao' : 'na_fila'
}

/** One tap forward, or one step back to undo a mistaken tap. */
const MOVES: Record<ProductionStage, readonly ProductionStage[]> = {
	na_fila: ['em_producao'],
	em_producao: ['pronto', 'na_fila'],
	pronto: ['em_producao'],
}

/** The step the owner's main button takes from each stage. */
export const NEXT_STAGE: Partial<Record<WorkStage, ProductionStage>> = { na_fila: 'em_producao', em_producao: 'pronto' }
/** The undo step from each stage. */
export const PREVIOUS_STAGE: Partial<Record<WorkStage, ProductionStage>> = { em_producao: 'na_fila', pronto: 'em_producao' }

export const PRODUCTION_MESSAGES = {
	moved: (to: ProductionStage) => `Produção: "${WORK_STAGE_LABELS[to]}"`,
	notPaid: 'Só é possível produzir peças de pedidos pagos.',
	shipped: 'O pedido desta peça já foi enviado.',
	cancelled: 'O pedido desta peça foi cancelado.',
	same: (stage: WorkStage) => `A peça já está "${WORK_STAGE_LABELS[stage]}".`,
	invalid: (from: WorkStage, to: ProductionStage) =>
		`Não é possível mudar a peça de "${WORK_STAGE_LABELS[from]}" para "${WORK_STAGE_LABELS[to]}".`,
	changed: 'Esta peça mudou enquanto você a via. Atualize a página e tente de novo.',
	piecesPending: 'Ainda há peças deste pedido que não estão prontas.',
	shipNotReady: 'Marque a peça como pronta antes de enviar o pedido.',
	shipped_ok: 'Pedido marcado como enviado',
	failed: 'Erro ao atualizar pedido',
} as const

export type MoveCheck = { ok: true } | { ok: false; message: string }

/** Whether the owner may move a piece to `to` (server-enforced; the page offers only these). */
export function checkProductionMove(piece: PieceState, to: ProductionStage): MoveCheck {
	if (piece.orderStatus === 'cancelado') return { ok: false, message: PRODUCTION_MESSAGES.cancelled }
	const from = workStageOf(piece)
	if (from === null) return { ok: false, message: PRODUCTION_MESSAGES.notPaid }
	if (from === 'enviado' || from === 'entregue') return { ok: false, message: PRODUCTION_MESSAGES.shipped }
	if (from === to) return { ok: false, message: PRODUCTION_MESSAGES.same(from) }
	if (!MOVES[from].includes(to)) return { ok: false, message: PRODUCTION_MESSAGES.invalid(from, to) }
	return { ok: true }
}

/**
 * Whether the shop order of a piece may be marked 'Enviado' from the queue: this piece is
 * 'Pronto' and so is every other custom piece of the same order.
 */
export function checkShip(piece: PieceState, otherPiecesNotReady: number): MoveCheck {
	if (piece.orderStatus === 'cancelado') return { ok: false, message: PRODUCTION_MESSAGES.cancelled }
	const stage = workStageOf(piece)
	if (stage === null) return { ok: false, message: PRODUCTION_MESSAGES.notPaid }
	if (stage === 'enviado' || stage === 'entregue') return { ok: false, message: PRODUCTION_MESSAGES.shipped }
	if (stage !== 'pronto') return { ok: false, message: PRODUCTION_MESSAGES.shipNotReady }
	if (otherPiecesNotReady > 0) return { ok: false, message: PRODUCTION_MESSAGES.piecesPending }
	return { ok: true }
}
