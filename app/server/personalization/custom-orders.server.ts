import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { OrderStatus } from '~/db/schema/orders'
import { nowMs } from '~/server/clock.server'
import { queryRows } from '~/server/db.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'
import { type Bucket, parseUploadUrl } from '~/server/storage.server'
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
	quantity: number
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
	notes: string | null
	customerEmail: string | null
	files: { field: CustomOrderFileField; label: string }[]
	order: { id: string; reference: string; status: OrderStatus } | null
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
	admin_notes: string | null
	pet_face_file_url: string | null
	exclusive_art_file_url: string | null
	design_file_url: string | null
	email: string | null
	order_id: string | null
	reference: string | null
	status: OrderStatus | null
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
	return {
		id: row.id,
		createdAt: iso(row.created_at),
		productType: row.product_type,
		wholesale: row.wholesale,
		quantity: row.quantity,
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
		notes: row.admin_notes,
		customerEmail: row.email,
		files,
		order: row.order_id && row.reference && row.status ? { id: row.order_id, reference: row.reference, status: row.status } : null,
	}
}

const SELECT = sql`
	select p.*, u.email, o.id as order_id, o.reference, o.status
	from personalization_orders p
	left join users u on u.id = p.user_id
	left join orders o on o.id = p.order_id`

export async function customOrderCounts(): Promise<{ total: number; pending: number; completed: number }> {
	const [row] = await queryRows<{ total: number; pending: number; completed: number }>(sql`
		select count(*)::int as total,
			count(*) filter (where not order_completed)::int as pending,
			count(*) filter (where order_completed)::int as completed
		from personalization_orders`)
	return row ?? { total: 0, pending: 0, completed: 0 }
}

/** One section (pending or completed), newest first, 50 per page. */
export async function listCustomOrders(options: { completed: boolean; page: number }): Promise<CustomOrderRow[]> {
	const offset = (Math.max(1, options.page) - 1) * CUSTOM_ORDERS_PAGE_SIZE
	const rows = await queryRows<DbRow>(sql`${SELECT}
		where p.order_completed = ${options.completed}
		order by p.created_at desc, p.id desc
		limit ${CUSTOM_ORDERS_PAGE_SIZE} offset ${offset}`)
	return rows.map(toRow)
}

/** The dashboard's 5 most recent custom orders (document 001 §2). */
export async function latestCustomOrders(limit = 5): Promise<CustomOrderRow[]> {
	const rows = await queryRows<DbRow>(sql`${SELECT} order by p.created_at desc, p.id desc limit ${limit}`)
	return rows.map(toRow)
}

/** The customer area's list (issue 10): only this customer's rows, newest first. */
export async function customOrdersOfUser(userId: string): Promise<CustomOrderRow[]> {
	const rows = await queryRows<DbRow>(sql`${SELECT} where p.user_id = ${userId}::uuid order by p.created_at desc, p.id desc limit 200`)
	return rows.map(toRow)
}

function announce(id: string) {
	publish('admin:orders', { type: 'changed', id }).catch((error: unknown) =>
		logger.error({ error: String(error) }, 'aviso de pedido personalizado falhou'),
	)
}

export type CustomOrderResult = { ok: true; message: string } | { ok: false; message: string }

/** document 001 §4: done sets the completion time; back to pending clears it. */
export async function setCustomOrderCompleted(id: string, completed: boolean): Promise<CustomOrderResult> {
	const at = completed ? new Date(nowMs()).toISOString() : null
	const rows = await queryRows<{ id: string }>(sql`
		update personalization_orders set order_completed = ${completed}, order_completed_at = ${at}
		where id = ${id}::uuid returning id`)
	if (rows.length === 0) return { ok: false, message: CUSTOM_ORDER_MESSAGES.notFound }
	announce(id)
	return { ok: true, message: completed ? CUSTOM_ORDER_MESSAGES.markedDone : CUSTOM_ORDER_MESSAGES.markedPending }
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
