import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { ORDER_STATUSES, type OrderStatus, type PaymentMethod, type PaymentMode } from '~/db/schema/orders'
import { queryRows } from '~/server/db.server'
import { userText } from '~/utils/text-schema'

/**
 * Back-office reads of orders: the /admin/pedidos list and its CSV export share the filters
 * (status, free text over reference, name and e-mail), so the export is exactly what the
 * owner is looking at, without the pagination.
 */
export const ORDERS_PAGE_SIZE = 20

export const orderFiltersSchema = z.object({
	status: z.enum(ORDER_STATUSES).optional().catch(undefined),
	q: userText().trim().max(100).optional().catch(undefined),
	page: z.coerce.number().int().min(1).max(100_000).catch(1),
})
export type OrderFilters = z.infer<typeof orderFiltersSchema>

/** Reads the filters from a URL; anything malformed is ignored rather than an error page. */
export function readOrderFilters(url: URL): OrderFilters {
	return orderFiltersSchema.parse({
		status: url.searchParams.get('status') || undefined,
		q: url.searchParams.get('q') || undefined,
		page: url.searchParams.get('page') ?? 1,
	})
}

function whereClause(filters: Pick<OrderFilters, 'status' | 'q'>): SQL {
	const parts: SQL[] = [sql`true`]
	if (filters.status) parts.push(sql`status = ${filters.status}`)
	if (filters.q) {
		// ILIKE with the user's text as a literal: %, _ and \ are escaped.
		const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
		parts.push(sql`(reference ilike ${pattern} or customer_name ilike ${pattern} or email ilike ${pattern})`)
	}
	return sql.join(parts, sql` and `)
}

export type AdminOrderRow = {
	id: string
	reference: string
	status: OrderStatus
	customer_name: string
	email: string
	total_cents: number
	payment_method: PaymentMethod
	payment_mode: PaymentMode | null
	created_at: string | Date
}

export async function listOrders(filters: OrderFilters): Promise<{ rows: AdminOrderRow[]; total: number }> {
	const where = whereClause(filters)
	const [rows, [count]] = await Promise.all([
		queryRows<AdminOrderRow>(
			sql`select id, reference, status, customer_name, email, total_cents, payment_method, payment_mode, created_at
				from orders where ${where} order by created_at desc, id desc
				limit ${ORDERS_PAGE_SIZE} offset ${(filters.page - 1) * ORDERS_PAGE_SIZE}`,
		),
		queryRows<{ n: number }>(sql`select count(*)::int as n from orders where ${where}`),
	])
	return { rows, total: count?.n ?? 0 }
}

export type ExportOrderRow = AdminOrderRow & {
	cpf: string
	phone: string
	city: string
	uf: string
	subtotal_cents: number
	shipping_cents: number
	discount_cents: number
	coupon_code: string | null
	tracking_code: string | null
	paid_at: string | Date | null
}

/** At most this many rows per export: a bigger shop filters first. */
export const EXPORT_LIMIT = 50_000

export async function exportOrders(filters: Pick<OrderFilters, 'status' | 'q'>): Promise<ExportOrderRow[]> {
	return queryRows<ExportOrderRow>(
		sql`select id, reference, status, customer_name, email, cpf, phone, city, uf, subtotal_cents, shipping_cents,
				discount_cents, total_cents, coupon_code, payment_method, tracking_code, paid_at, created_at
			from orders where ${whereClause(filters)} order by created_at desc, id desc limit ${EXPORT_LIMIT}`,
	)
}
