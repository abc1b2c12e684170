import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { OrderStatus } from '~/db/schema/orders'
import { nowMs } from '~/server/clock.server'
import { type Transaction, db, queryRows } from '~/server/db.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'
import { type Bucket, parseUploadUrl } from '~/server/storage.server'
import { changeOrderStatus } from '~/server/orders/status.server'
import {
	PAID_ORDER_STATUSES,
	type QueueView,
	PRODUCTION_MESSAGES,
	type PieceState,
	type ProductionStage,
	type WorkStage,
	checkProductionMove,
	checkShip,
	workStageOf,
} from '~/utils/production-status'

export { QUEUE_VIEWS, type QueueView } from '~/utils/production-status'
import { userText } from '~/utils/text-schema'

/**
 * The custom orders back-office (document 001 §2 'Custom orders admin', §4): counts, the
 * pending and completed lists, notes, files and the completion toggle, with the shop order
 * each piece was bought in (decision 037).
 */

export const CUSTOM_ORDER_MESSAGES = {
	loadFailed: 'Erro ao carregar pedidos',
	notesSaved: 'Notas salvas com sucesso!',
	notesFailed: 'Erro ao salvar notas',
	notesTooLong: 'As notas devem ter no máximo 2000 caracteres.',
	markedDone: 'Pedido marcado como concluído',
	markedPending: 'Pedido marcado como pendente',
	updateFailed: 'Erro ao atualizar pedido',
	notFound: 'Pedido personalizado não encontrado.',
} as const

export const CUSTOM_ORDERS_PAGE_SIZE = 50
export const NOTES_MAX = 2000

/** The files a custom order may have, by the path segment the download route takes. */
export const CUSTOM_ORDER_FILES = {
	rosto: { column: 'pet_face_file_url', label: 'Rosto do pet' },
	arte: { column: 'exclusive_art_file_url', label: 'Arte exclusiva' },
	design: { column: 'design_file_url', label: 'Logo ou design' },
} as const
export type CustomOrderFileField = keyof typeof CUSTOM_ORDER_FILES

export type CustomOrderRow = {
	id: string
	createdAt: string
	productType: 'bandana' | 'collar'
	wholesale: boolean
	/** Units to make: the placed order line's quantity (the drawer may have changed it), else the row's. */
	quantity: number
	/** The base product's 'Tamanho' as bought (null: no size, e.g. collars, or never checked out). */
	size: string | null
	colour: string | null
	petName: string | null
	petInstagram: string | null
	sideName: string | null
	artTitle: string | null
	accessoryTitle: string | null
	extras: string[]
	totalCents: number
	completed: boolean
	completedAt: string | null
	productionStartedAt: string | null
	/** The production stage (null: not paid, cancelled or never checked out). */
	stage: WorkStage | null
	notes: string | null
	customerEmail: string | null
	files: { field: CustomOrderFileField; label: string }[]
	order: {
		id: string
		reference: string
		status: OrderStatus
		customerName: string
		paidAt: string | null
		trackingCode: string | null
		/** Other custom pieces of the same order that are not 'Pronto' yet. */
		otherPiecesNotReady: number
	} | null
}

type DbRow = {
	id: string
	created_at: string | Date
	product_type: 'bandana' | 'collar'
	wholesale: boolean
	quantity: number
	selected_color: string | null
	pet_name: string | null
	pet_instagram: string | null
	side_name: string | null
	selected_art_product_title: string | null
	selected_accessory_product_title: string | null
	include_extensor: boolean
	include_extra_button: boolean
	include_perfume: boolean
	include_rosto: boolean
	total_price_cents: number
	order_completed: boolean
	order_completed_at: string | Date | null
	production_started_at: string | Date | null
	admin_notes: string | null
	pet_face_file_url: string | null
	exclusive_art_file_url: string | null
	design_file_url: string | null
	email: string | null
	order_id: string | null
	reference: string | null
	status: OrderStatus | null
	order_email: string | null
	customer_name: string | null
	paid_at: string | Date | null
	tracking_code: string | null
	line_size: string | null
	line_quantity: number | null
	others_not_ready: number | null
}

const iso = (value: string | Date) => new Date(value).toISOString()

function toRow(row: DbRow): CustomOrderRow {
	const extras = [
		row.include_extensor ? 'Extensor' : null,
		row.include_extra_button ? 'Botão extra' : null,
		row.include_perfume ? 'Perfume' : null,
		row.include_rosto ? 'Rosto do pet' : null,
	].filter((x): x is string => x !== null)
	const files = (Object.keys(CUSTOM_ORDER_FILES) as CustomOrderFileField[])
		.filter((field) => row[CUSTOM_ORDER_FILES[field].column] !== null)
		.map((field) => ({ field, label: CUSTOM_ORDER_FILES[field].label }))
	const order =
		row.order_id && row.reference && row.status
			? {
					id: row.order_id,
					reference: row.reference,
					status: row.status,
					customerName: row.customer_name ?? '',
					paidAt: row.paid_at ? iso(row.paid_at) : null,
					trackingCode: row.tracking_code,
					otherPiecesNotReady: row.others_not_ready ?? 0,
				}
			: null
	return {
		id: row.id,
		createdAt: iso(row.created_at),
		productType: row.product_type,
		wholesale: row.wholesale,
		quantity: row.line_quantity ?? row.quantity,
		size: row.line_size,
		colour: row.selected_color,
		petName: row.pet_name,
		petInstagram: row.pet_instagram,
		sideName: row.side_name,
		artTitle: row.selected_art_product_title,
		accessoryTitle: row.selected_accessory_product_title,
		extras,
		totalCents: row.total_price_cents,
		completed: row.order_completed,
		completedAt: row.order_completed_at ? iso(row.order_completed_at) : null,
		productionStartedAt: row.production_started_at ? iso(row.production_started_at) : null,
		stage: workStageOf({ started: row.production_started_at !== null, completed: row.order_completed, orderStatus: order?.status ?? null }),
		notes: row.admin_notes,
		customerEmail: row.email ?? row.order_email,
		files,
		order,
	}
}

const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `)

/**
 * One row per personalization (never more: the order is joined by its key and the base line
 * is a lateral `limit 1`). The base line is the order line naming the row that is not an
 * add-on ('Para'): its size and quantity are what was bought.
 */
const SELECT = sql`
	select p.*, u.email, o.id as order_id, o.reference, o.status, o.email as order_email, o.customer_name,
		o.paid_at, o.tracking_code, base.size as line_size, base.quantity as line_quantity,
		(select count(*)::int from personalization_orders q
			where q.order_id = p.order_id and q.id <> p.id and not q.order_completed) as others_not_ready
	from personalization_orders p
	left join users u on u.id = p.user_id
	left join orders o on o.id = p.order_id
	left join lateral (
		select ol.quantity,
			(select so->>'value' from jsonb_array_elements(ol.selected_options) so where so->>'name' = 'Tamanho' limit 1) as size
		from order_lines ol
		where ol.order_id = p.order_id
			and ol.attributes @> jsonb_build_array(jsonb_build_object('key', '_personalizacao', 'value', p.id::text))
			and not ol.attributes @> '[{"key": "Para"}]'::jsonb
		order by ol.id
		limit 1
	) base on true`

function viewFilter(view: QueueView) {
	if (view === 'abandonados') return sql`p.order_id is null`
	if (view === 'nao-pagos') return sql`o.status in (${inList(UNPAID_ORDER_STATUSES)})`
	return sql`o.status in (${inList(PAID_ORDER_STATUSES)})`
}

/** Unpaid placed orders, and cancelled ones (an expired PIX): placed, but nothing to produce. */
const UNPAID_ORDER_STATUSES: readonly OrderStatus[] = ['aguardando_pagamento', 'cancelado']

export type CustomOrderCounts = { total: number; pending: number; completed: number; unpaid: number; abandoned: number }

/** Total, Pendentes, Concluídos (document 001 §2) of the production queue, and the other two views' sizes. */
export async function customOrderCounts(): Promise<CustomOrderCounts> {
	const [row] = await queryRows<CustomOrderCounts>(sql`
		select count(*) filter (where o.status in (${inList(PAID_ORDER_STATUSES)}))::int as total,
			count(*) filter (where o.status in (${inList(PAID_ORDER_STATUSES)}) and not p.order_completed)::int as pending,
			count(*) filter (where o.status in (${inList(PAID_ORDER_STATUSES)}) and p.order_completed)::int as completed,
			count(*) filter (where o.status in (${inList(UNPAID_ORDER_STATUSES)}))::int as unpaid,
			count(*) filter (where p.order_id is null)::int as abandoned
		from personalization_orders p left join orders o on o.id = p.order_id`)
	return row ?? { total: 0, pending: 0, completed: 0, unpaid: 0, abandoned: 0 }
}

/**
 * One list of a view, 50 per page. In the production queue, pieces to make come in the order
 * they were paid (first paid, first made); made ones list those still to ship first. The other
 * views, and `completed` left out, list everything newest first.
 */
export async function listCustomOrders(options: { view?: QueueView; completed?: boolean; page: number }): Promise<CustomOrderRow[]> {
	const view = options.view ?? 'pagos'
	const offset = (Math.max(1, options.page) - 1) * CUSTOM_ORDERS_PAGE_SIZE
	const completed = options.completed === undefined ? sql`` : sql`and p.order_completed = ${options.completed}`
	const order =
		view === 'pagos' && options.completed === false
			? sql`o.paid_at asc nulls last, p.created_at asc, p.id asc`
			: view === 'pagos' && options.completed === true
				? sql`(o.status in ('enviado', 'entregue')) asc, p.order_completed_at desc, p.id desc`
				: sql`p.created_at desc, p.id desc`
	const rows = await queryRows<DbRow>(sql`${SELECT}
		where ${viewFilter(view)} ${completed}
		order by ${order}
		limit ${CUSTOM_ORDERS_PAGE_SIZE} offset ${offset}`)
	return rows.map(toRow)
}

/** One custom order with everything its work-order sheet shows; null when unknown. */
export async function customOrderById(id: string): Promise<CustomOrderRow | null> {
	const [row] = await queryRows<DbRow>(sql`${SELECT} where p.id = ${id}::uuid`)
	return row ? toRow(row) : null
}

/** The dashboard's 5 most recently paid custom orders (document 001 §2; issue 30: the queue's, not carts'). */
export async function latestCustomOrders(limit = 5): Promise<CustomOrderRow[]> {
	const rows = await queryRows<DbRow>(sql`${SELECT}
		where ${viewFilter('pagos')}
		order by o.paid_at desc nulls last, p.created_at desc, p.id desc limit ${limit}`)
	return rows.map(toRow)
}

/**
 * The customer area's list (issue 10): only this customer's rows, newest first; issue 30: only
 * pieces they checked out (a configuration left in a cart is not an order).
 */
export async function customOrdersOfUser(userId: string): Promise<CustomOrderRow[]> {
	const rows = await queryRows<DbRow>(sql`${SELECT}
		where p.user_id = ${userId}::uuid and p.order_id is not null
		order by p.created_at desc, p.id desc limit 200`)
	return rows.map(toRow)
}

function announce(id: string) {
	publish('admin:orders', { type: 'changed', id }).catch((error: unknown) =>
		logger.error({ error: String(error) }, 'aviso de pedido personalizado falhou'),
	)
}

export type CustomOrderResult = { ok: true; message: string } | { ok: false; message: string }

type LockedPiece = { id: string; production_started_at: string | Date | null; order_completed: boolean; order_id: string | null; status: OrderStatus | null }

/** Thrown inside a status change's transaction when the piece is no longer where the check saw it. */
class PieceChanged extends Error {}

/**
 * Moves a piece one production step (issue 30, decision 090), enforcing checkProductionMove on
 * the rows as locked: the shop order first, then the piece, as every order change locks them.
 * Starting the first piece of a paid order moves the order to 'Em produção' in the same
 * transaction (changeOrderStatus: its history and live update). 'Pronto' is document 001 §4's
 * completion (order_completed and its time); back from it clears both.
 */
export async function moveCustomOrder(input: { id: string; to: ProductionStage; actorUserId: string | null }): Promise<CustomOrderResult> {
	const [current] = await queryRows<LockedPiece>(sql`
		select p.id, p.production_started_at, p.order_completed, p.order_id, o.status
		from personalization_orders p left join orders o on o.id = p.order_id where p.id = ${input.id}::uuid`)
	if (!current) return { ok: false, message: CUSTOM_ORDER_MESSAGES.notFound }
	const check = checkProductionMove(stateOf(current), input.to)
	if (!check.ok) return check
	const at = new Date(nowMs()).toISOString()

	const apply = async (tx: Transaction) => {
		const [piece] = await queryRows<LockedPiece>(
			sql`select p.id, p.production_started_at, p.order_completed, p.order_id, o.status
				from personalization_orders p left join orders o on o.id = p.order_id
				where p.id = ${input.id}::uuid for update of p`,
			tx,
		)
		if (!piece || !checkProductionMove(stateOf(piece), input.to).ok || piece.order_id !== current.order_id) throw new PieceChanged()
		const set =
			input.to === 'na_fila'
				? sql`production_started_at = null, order_completed = false, order_completed_at = null`
				: input.to === 'em_producao'
					? sql`production_started_at = coalesce(production_started_at, ${at}::timestamptz), order_completed = false, order_completed_at = null`
					: sql`order_completed = true, order_completed_at = ${at}::timestamptz`
		await tx.execute(sql`update personalization_orders set ${set} where id = ${input.id}::uuid`)
	}

	// The order's row first (as changeOrderStatus locks it), so a shipment or a cancellation at
	// the same time waits for this move, and this move sees it.
	const applyLocked = () =>
		db.transaction(async (tx) => {
			if (current.order_id) await tx.execute(sql`select id from orders where id = ${current.order_id}::uuid for update`)
			await apply(tx)
		})
	try {
		if (input.to === 'em_producao' && current.status === 'pago' && current.order_id) {
			const result = await changeOrderStatus({
				orderId: current.order_id,
				to: 'em_producao',
				onlyFrom: 'pago',
				actorUserId: input.actorUserId,
				actorLabel: 'Produção da peça personalizada iniciada',
				alsoInTransaction: (tx) => apply(tx),
			})
			// Another tab started a piece of this order a moment before: the order is already
			// 'Em produção' (or was cancelled: apply refuses then), so the piece moves on its own.
			if (!result.ok) await applyLocked()
		} else {
			await applyLocked()
		}
	} catch (error) {
		if (error instanceof PieceChanged) return { ok: false, message: PRODUCTION_MESSAGES.changed }
		throw error
	}
	announce(input.id)
	const message =
		input.to === 'pronto'
			? CUSTOM_ORDER_MESSAGES.markedDone
			: current.order_completed
				? CUSTOM_ORDER_MESSAGES.markedPending
				: PRODUCTION_MESSAGES.moved(input.to)
	return { ok: true, message }
}

/**
 * 'Enviado' from the queue: the shop order of a ready piece, once all its custom pieces are
 * ready, goes to 'Enviado' with its tracking code, through the order's own status change
 * (history, e-mail, the buyer's open pages).
 */
export async function shipCustomOrder(input: { id: string; trackingCode: string; actorUserId: string | null }): Promise<CustomOrderResult> {
	const row = await customOrderById(input.id)
	if (!row) return { ok: false, message: CUSTOM_ORDER_MESSAGES.notFound }
	const check = checkShip(
		{ started: row.productionStartedAt !== null, completed: row.completed, orderStatus: row.order?.status ?? null },
		row.order?.otherPiecesNotReady ?? 0,
	)
	if (!check.ok || !row.order) return check.ok ? { ok: false, message: PRODUCTION_MESSAGES.notPaid } : check
	if (row.order.status === 'pago') {
		// A piece made before the production stages existed: its order never went to 'Em produção'.
		const started = await changeOrderStatus({ orderId: row.order.id, to: 'em_producao', onlyFrom: 'pago', actorUserId: input.actorUserId })
		if (!started.ok) return started
	}
	const result = await changeOrderStatus({
		orderId: row.order.id,
		to: 'enviado',
		actorUserId: input.actorUserId,
		trackingCode: input.trackingCode,
	})
	if (!result.ok) return result
	announce(input.id)
	return { ok: true, message: PRODUCTION_MESSAGES.shipped_ok }
}

function stateOf(piece: LockedPiece): PieceState {
	return { started: piece.production_started_at !== null, completed: piece.order_completed, orderStatus: piece.status }
}

const notesSchema = userText().max(NOTES_MAX, CUSTOM_ORDER_MESSAGES.notesTooLong)

export async function saveCustomOrderNotes(id: string, notes: unknown): Promise<CustomOrderResult> {
	const parsed = notesSchema.safeParse(notes ?? '')
	if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? CUSTOM_ORDER_MESSAGES.notesFailed }
	const text = parsed.data.trim()
	const rows = await queryRows<{ id: string }>(sql`
		update personalization_orders set admin_notes = ${text === '' ? null : text} where id = ${id}::uuid returning id`)
	if (rows.length === 0) return { ok: false, message: CUSTOM_ORDER_MESSAGES.notFound }
	announce(id)
	return { ok: true, message: CUSTOM_ORDER_MESSAGES.notesSaved }
}

export const customOrderFileParams = z.object({
	id: z.uuid(),
	campo: z.enum(['rosto', 'arte', 'design']),
})

/** Where a custom order's file is stored, read from the row (never from a path the client sends). */
export async function customOrderFile(id: string, field: CustomOrderFileField): Promise<{ bucket: Bucket; key: string } | null> {
	const [row] = await queryRows<{ url: string | null }>(sql`
		select ${sql.raw(CUSTOM_ORDER_FILES[field].column)} as url from personalization_orders where id = ${id}::uuid`)
	return row?.url ? parseUploadUrl(row.url) : null
}
