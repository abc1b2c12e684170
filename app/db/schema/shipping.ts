import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { orders } from './orders'

/**
 * Issue 32 (decision 115): the Melhor Envio label of an order, one per order, written step by
 * step (cart → paid → generated → printed → done) so that a run stopped half-way (no balance, the
 * carrier down, a crash) resumes where it stopped and never pays twice: the Melhor Envio order id
 * (`me_order_id`, the cart item) is kept and reused; a new cart item is made only when there is none.
 * `running_until` is a claim: one run at a time per order, across app servers, without holding a
 * transaction open during the HTTP calls.
 */
export const LABEL_STEPS = ['new', 'cart', 'paid', 'generated', 'printed', 'done'] as const
export type LabelStep = (typeof LABEL_STEPS)[number]

export const shippingLabels = pgTable(
	'shipping_labels',
	{
		orderId: uuid()
			.primaryKey()
			.references(() => orders.id, { onDelete: 'cascade' }),
		step: text().$type<LabelStep>().notNull().default('new'),
		/** Melhor Envio's id of the shipment (returned by POST /me/cart, used by every later call). */
		meOrderId: text(),
		/** Melhor Envio's protocol ('ORD-2026…'), for support. */
		protocol: text(),
		trackingCode: text(),
		/** The PDF to print (POST /me/shipment/print). */
		printUrl: text(),
		/** The last failure, in Portuguese, as the admin saw it. */
		lastError: text(),
		runningUntil: timestamp({ withTimezone: true }),
		/** The last time the tracking job asked about it. */
		trackedAt: timestamp({ withTimezone: true }),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('shipping_labels_me_order_unique').on(t.meOrderId),
		check('shipping_labels_step_valid', sql`${t.step} in ('new', 'cart', 'paid', 'generated', 'printed', 'done')`),
	],
)

/**
 * The tracking timeline (decision 115): one row per kind of event Melhor Envio reports for the
 * shipment (paid, generated, posted, delivered…), with when it happened. Unique per order and kind,
 * so the polling job can write what it reads every time and keep each event once.
 */
export const shippingTrackingEvents = pgTable(
	'shipping_tracking_events',
	{
		id: uuid().primaryKey().defaultRandom(),
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		kind: text().notNull(),
		occurredAt: timestamp({ withTimezone: true }).notNull(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [uniqueIndex('shipping_tracking_events_order_kind_unique').on(t.orderId, t.kind), index('shipping_tracking_events_order_idx').on(t.orderId, t.occurredAt)],
)
