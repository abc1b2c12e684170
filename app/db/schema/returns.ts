import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { orders } from './orders'
import { RETURN_MESSAGE_MAX, RETURN_REASONS, RETURN_TEXT_MAX, type ReturnReason } from '../../commerce/rules/return-reasons'

/**
 * Issue 31 (decision 117): a shopper's withdrawal from a purchase (direito de arrependimento,
 * CDC art. 49). One row per request; the owner approves (the money goes back through the provider
 * that took it, or is marked refunded by hand) or refuses it with a message to the shopper.
 */
export const RETURN_REQUEST_STATUSES = ['aberto', 'aprovado', 'recusado'] as const
export type ReturnRequestStatus = (typeof RETURN_REQUEST_STATUSES)[number]

/** The optional reasons of the form (the free text says the rest). */
export { RETURN_MESSAGE_MAX, RETURN_REASONS, RETURN_TEXT_MAX, type ReturnReason }

/** How the money went back: API Pix's PSP, Mercado Pago, or the owner by hand (no provider). */
export const RETURN_REFUND_METHODS = ['api-pix', 'mercadopago', 'manual'] as const
export type ReturnRefundMethod = (typeof RETURN_REFUND_METHODS)[number]


const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

export const returnRequests = pgTable(
	'return_requests',
	{
		id: uuid().primaryKey().defaultRandom(),
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		status: text().$type<ReturnRequestStatus>().notNull().default('aberto'),
		reason: text().$type<ReturnReason>(),
		reasonText: text(),
		/** The owner's words to the shopper (required when refusing). */
		adminMessage: text(),
		decidedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
		decidedAt: timestamp({ withTimezone: true }),
		refundMethod: text().$type<ReturnRefundMethod>(),
		refundCents: integer(),
		/** The provider's refund id (API Pix devolução id, Mercado Pago idempotency key); null by hand. */
		refundReference: text(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		// Idempotency: one open request per order; a double submit meets this index and reuses the row.
		uniqueIndex('return_requests_one_open_per_order').on(t.orderId).where(sql`${t.status} = 'aberto'`),
		index('return_requests_order_idx').on(t.orderId, t.createdAt),
		index('return_requests_status_idx').on(t.status, t.createdAt),
		check('return_requests_status_valid', sql`${t.status} in (${inList(RETURN_REQUEST_STATUSES)})`),
		check('return_requests_reason_valid', sql`${t.reason} is null or ${t.reason} in (${inList(RETURN_REASONS)})`),
		check('return_requests_refund_method_valid', sql`${t.refundMethod} is null or ${t.refundMethod} in (${inList(RETURN_REFUND_METHODS)})`),
		check('return_requests_reason_text_length', sql`${t.reasonText} is null or char_length(${t.reasonText}) <= ${sql.raw(String(RETURN_TEXT_MAX))}`),
		check('return_requests_message_length', sql`${t.adminMessage} is null or char_length(${t.adminMessage}) <= ${sql.raw(String(RETURN_MESSAGE_MAX))}`),
		check('return_requests_refund_nonnegative', sql`${t.refundCents} is null or ${t.refundCents} >= 0`),
		// A decided request says when; an approved one says how the money went back.
		check('return_requests_decided', sql`(${t.status} = 'aberto') = (${t.decidedAt} is null)`),
		check('return_requests_approved_refund', sql`${t.status} <> 'aprovado' or (${t.refundMethod} is not null and ${t.refundCents} is not null)`),
	],
)
