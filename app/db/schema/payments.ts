import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { jsonb } from './jsonb-column'
import { orders } from './orders'

/**
 * Payment providers' side of an order (issue 29, decision 076), whatever the provider: PIX through
 * the API Pix today, cards (Mercado Pago) later on the same tables and the same timeline.
 */
export const PAYMENT_EVENT_KINDS = [
	'charge_created',
	'charge_fallback',
	'notification_received',
	'confirmed',
	'flag_amount_mismatch',
	'flag_paid_after_expiry',
	'flag_unknown_charge',
	'charge_removed',
	'refund_requested',
	'refund_completed',
	'refund_failed',
	/** Mercado Pago (decision 078): a pending card payment rejected after review. */
	'charge_declined',
	/** Mercado Pago (decision 078): the cardholder disputed the payment with the issuer. */
	'flag_charged_back',
] as const
export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number]

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * The payment timeline of an order (admin order page): charge created, notifications received,
 * confirmed, refunded, and the flags the owner must look at. `event_key` makes each event once:
 * the same notification delivered twice, or a confirmation reached by the webhook and by the
 * reconciliation job, writes one row (insert … on conflict do nothing).
 */
export const paymentEvents = pgTable(
	'payment_events',
	{
		id: uuid().primaryKey().defaultRandom(),
		/** Null for money the provider received for no order of ours (flag_unknown_charge). */
		orderId: uuid().references(() => orders.id, { onDelete: 'cascade' }),
		kind: text().$type<PaymentEventKind>().notNull(),
		/** 'api-pix', 'static', 'mercadopago'… */
		provider: text().notNull(),
		/** The provider's id of the charge/payment (PIX: the txid). */
		providerRef: text(),
		/** The provider's id of this event's money movement (PIX: the end-to-end id, or a refund's id). */
		providerEventId: text(),
		amountCents: integer(),
		/** A short description for the owner (Portuguese), never a secret. */
		detail: text(),
		eventKey: text().notNull(),
		createdAt: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
	},
	(t) => [
		uniqueIndex('payment_events_event_key').on(t.eventKey),
		index('payment_events_order_idx').on(t.orderId, t.createdAt),
		index('payment_events_flags_idx').on(t.createdAt).where(sql`${t.kind} like 'flag_%'`),
		check('payment_events_kind_valid', sql`${t.kind} in (${inList(PAYMENT_EVENT_KINDS)})`),
	],
)

/**
 * Notifications received from a provider, waiting to be processed (decision 076): the webhook
 * stores the body and answers at once; the payment job reads these rows, asks the provider what
 * really happened and acts. A row is processed once (processed_at set in the same transaction
 * as what it caused), retried on failure up to a limit.
 */
export const paymentInbox = pgTable(
	'payment_inbox',
	{
		id: uuid().primaryKey().defaultRandom(),
		provider: text().notNull(),
		payload: jsonb().$type<unknown>().notNull(),
		receivedAt: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
		processedAt: timestamp({ withTimezone: true }),
		/** A worker holds the row until then (a crashed worker's claim lapses). */
		claimedUntil: timestamp({ withTimezone: true }),
		attempts: integer().notNull().default(0),
		lastError: text(),
	},
	(t) => [index('payment_inbox_pending_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`)],
)
