import { sql } from 'drizzle-orm'
import {
	bigint,
	boolean,
	check,
	index,
	integer,
	pgTable,
	text,
	timestamp,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core'
import { jsonb } from './jsonb-column'
import { COUPON_KINDS, type CouponKind } from '../../commerce/rules/coupon-kinds'
import { users } from './auth'
import { type SelectedOption, productVariants, products } from './catalog'

/** A free-form key/value a cart or order line carries, e.g. { key: 'Nome do pet', value: 'Thor' }. */
export type LineAttribute = { key: string; value: string }

export const ORDER_STATUSES = ['aguardando_pagamento', 'pago', 'em_producao', 'enviado', 'entregue', 'cancelado'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const PAYMENT_METHODS = ['pix', 'card'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
/** Whether a card was charged by the test provider (no money moved) or a real one (decision 019). */
export const PAYMENT_MODES = ['test', 'live'] as const
export type PaymentMode = (typeof PAYMENT_MODES)[number]
export { COUPON_KINDS, type CouponKind } from '../../commerce/rules/coupon-kinds'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * Server-side carts (decision 3). The id is the opaque value of the httpOnly cart cookie;
 * user_id is set once the cart belongs to a signed-in customer.
 */
export const carts = pgTable(
	'carts',
	{
		id: uuid().primaryKey().defaultRandom(),
		userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	// One cart per customer: sign-in merges into it (decision 3), so two sign-ins at once must
	// not leave the customer with two. Anonymous carts (null) are not constrained.
	(t) => [uniqueIndex('carts_user_key').on(t.userId), index('carts_updated_idx').on(t.updatedAt)],
)

/**
 * One line per (variant, gift, subscription, attributes): adding the same variant with the
 * same attributes raises the quantity (document 000 §4) instead of appending a line. The
 * unique index over md5(attributes::text) is what `on conflict` targets; jsonb's text form is
 * canonical for objects and the app sorts attribute arrays by key before storing them.
 * Prices are never stored here: they are read from product_variants every time (decision 3).
 */
export const cartLines = pgTable(
	'cart_lines',
	{
		id: uuid().primaryKey().defaultRandom(),
		cartId: uuid()
			.notNull()
			.references(() => carts.id, { onDelete: 'cascade' }),
		// A variant the owner deletes disappears from carts; one merely switched off stays,
		// flagged unavailable.
		variantId: uuid()
			.notNull()
			.references(() => productVariants.id, { onDelete: 'cascade' }),
		quantity: integer().notNull(),
		isGift: boolean().notNull().default(false),
		isSubscription: boolean().notNull().default(false),
		attributes: jsonb().$type<LineAttribute[]>().notNull().default([]),
		// clock_timestamp(), not now(): lines written in one transaction (a bandana and its
		// extras, a line and the gift) still get distinct, increasing times, so the drawer
		// lists them in the order they were added.
		createdAt: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
		/**
		 * Insertion order, the tie-break after created_at: PGlite's clock has millisecond
		 * resolution, so a bandana's extras written in one go could share a time and come back
		 * in random (uuid) order.
		 */
		seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
	},
	(t) => [
		uniqueIndex('cart_lines_merge_key').on(
			t.cartId,
			t.variantId,
			t.isGift,
			t.isSubscription,
			sql`md5((${t.attributes})::text)`,
		),
		index('cart_lines_variant_idx').on(t.variantId),
		check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
	],
)

/**
 * The cart's lines when the catalogue is a hosted store (COMMERCE_PROVIDER=storefront, decision
 * 046): the same cart on our server, but the variant is the store's id (a Shopify gid), so
 * there is no foreign key to product_variants; prices and availability are read from the store
 * when the cart is shown, and a variant the store no longer sells shows as unavailable.
 */
export const remoteCartLines = pgTable(
	'remote_cart_lines',
	{
		id: uuid().primaryKey().defaultRandom(),
		cartId: uuid()
			.notNull()
			.references(() => carts.id, { onDelete: 'cascade' }),
		variantId: text().notNull(),
		quantity: integer().notNull(),
		isGift: boolean().notNull().default(false),
		isSubscription: boolean().notNull().default(false),
		attributes: jsonb().$type<LineAttribute[]>().notNull().default([]),
		// As cart_lines: distinct increasing times and an insertion order for the drawer.
		createdAt: timestamp({ withTimezone: true })
			.notNull()
			.default(sql`clock_timestamp()`),
		seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
	},
	(t) => [
		uniqueIndex('remote_cart_lines_merge_key').on(t.cartId, t.variantId, t.isGift, t.isSubscription, sql`md5((${t.attributes})::text)`),
		check('remote_cart_lines_quantity_positive', sql`${t.quantity} > 0`),
		check('remote_cart_lines_variant_id_length', sql`length(${t.variantId}) between 1 and 200`),
	],
)

/** Orders of the built-in checkout (decision 5). Amounts are integer cents. */
export const orders = pgTable(
	'orders',
	{
		id: uuid().primaryKey().defaultRandom(),
		/** Human-friendly, shown to the customer and used as the PIX reference, e.g. 'PET-7K3M9Q'. */
		reference: text().notNull(),
		userId: uuid().references(() => users.id, { onDelete: 'set null' }),
		cartId: uuid().references(() => carts.id, { onDelete: 'set null' }),
		/** SHA-256 of a random token given to an anonymous buyer so they can reopen their order. */
		sessionTokenHash: text(),
		/**
		 * Opens this order from its e-mail links on any device (`/pedido/REF?acesso=…`,
		 * app/server/orders/order-link.server.ts): 64 hex characters from two random UUIDs.
		 */
		accessToken: text()
			.notNull()
			.default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
		/** Sent with the checkout form; a repeated submission returns the same order. */
		idempotencyKey: text().notNull(),
		status: text().$type<OrderStatus>().notNull().default('aguardando_pagamento'),
		customerName: text().notNull(),
		email: text().notNull(),
		cpf: text().notNull(),
		phone: text().notNull(),
		cep: text().notNull(),
		street: text().notNull(),
		number: text().notNull(),
		complement: text(),
		district: text().notNull(),
		city: text().notNull(),
		uf: text().notNull(),
		shippingCents: integer().notNull(),
		subtotalCents: integer().notNull(),
		discountCents: integer().notNull().default(0),
		/** Issue 13: what paying by PIX took off the products (the store's PIX discount); 0 otherwise. */
		pixDiscountCents: integer().notNull().default(0),
		totalCents: integer().notNull(),
		/** Issue 13: the delivery window quoted for the CEP's region, in business days. */
		deliveryMinDays: integer(),
		deliveryMaxDays: integer(),
		/**
		 * Issue 32 (decision 087): the shipping option chosen, as quoted again on the server when the
		 * order was placed: Melhor Envio's service id (null: the regional table), its carrier and name
		 * ('Correios', 'SEDEX'), and the quote (every option offered then, prices before the
		 * free-shipping rule) for the label and for support.
		 */
		shippingServiceId: integer(),
		shippingCarrier: text(),
		shippingService: text(),
		shippingQuote: jsonb().$type<Record<string, unknown>>(),
		couponCode: text(),
		paymentMethod: text().$type<PaymentMethod>().notNull(),
		paymentProvider: text(),
		paymentReference: text(),
		/**
		 * The mode of the card charge (test provider or live), set when the charge starts; null
		 * for PIX. Orders charged in 'test' are marked 'Teste' wherever they are shown.
		 */
		paymentMode: text().$type<PaymentMode>(),
		/**
		 * Issue 29 (decision 075): the API Pix charge of a PIX order, when PIX_PROVIDER=api-pix: its txid
		 * (derived from the order id, so every attempt names the same charge) and the dynamic BR Code
		 * the PSP returned, shown on the order page without asking the PSP again.
		 */
		pixTxid: text(),
		pixCopiaECola: text(),
		installments: integer().notNull().default(1),
		/**
		 * What the shopper pays in all on the card when her instalments carry the provider's interest
		 * (above the shop's 'sem juros' count, decision 077): the quote she chose. Null: the order's
		 * total (PIX, one payment, or instalments the shop absorbs). Shown on the order pages only:
		 * the shop receives total_cents either way.
		 */
		cardTotalCents: integer(),
		trackingCode: text(),
		paidAt: timestamp({ withTimezone: true }),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('orders_reference_unique').on(t.reference),
		uniqueIndex('orders_idempotency_key_unique').on(t.idempotencyKey),
		index('orders_user_idx').on(t.userId, t.createdAt),
		index('orders_status_idx').on(t.status, t.createdAt),
		index('orders_created_idx').on(t.createdAt),
		index('orders_payment_reference_idx').on(t.paymentProvider, t.paymentReference),
		uniqueIndex('orders_pix_txid_unique').on(t.pixTxid),
		// One cart, one open card order (decision 019): while a card order of a cart awaits its
		// charge, every other submission of that cart (another tab, render or retry) reuses it.
		// PIX orders empty the cart as they are placed, so they never hold it.
		uniqueIndex('orders_open_card_order_per_cart')
			.on(t.cartId)
			.where(sql`${t.status} = 'aguardando_pagamento' and ${t.paymentMethod} = 'card' and ${t.cartId} is not null`),
		check('orders_status_valid', sql`${t.status} in (${inList(ORDER_STATUSES)})`),
		check('orders_payment_method_valid', sql`${t.paymentMethod} in (${inList(PAYMENT_METHODS)})`),
		check('orders_payment_mode_valid', sql`${t.paymentMode} is null or ${t.paymentMode} in (${inList(PAYMENT_MODES)})`),
		check(
			'orders_amounts_nonnegative',
			sql`${t.shippingCents} >= 0 and ${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.pixDiscountCents} >= 0 and ${t.totalCents} >= 0`,
		),
		// The total is always derived, never entered: a bug elsewhere cannot store a wrong sum.
		check(
			'orders_total_consistent',
			sql`${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents} - ${t.discountCents} - ${t.pixDiscountCents}`,
		),
		check('orders_installments_range', sql`${t.installments} between 1 and 6`),
		check('orders_uf_format', sql`${t.uf} ~ '^[A-Z]{2}$'`),
		check('orders_cep_format', sql`${t.cep} ~ '^[0-9]{8}$'`),
		check('orders_cpf_format', sql`${t.cpf} ~ '^[0-9]{11}$'`),
	],
)

/**
 * A snapshot of what was bought: titles, options and prices are copied so later catalogue
 * edits never change a past order. product/variant ids are kept only as links.
 */
export const orderLines = pgTable(
	'order_lines',
	{
		id: uuid().primaryKey().defaultRandom(),
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		productId: uuid().references(() => products.id, { onDelete: 'set null' }),
		variantId: uuid().references(() => productVariants.id, { onDelete: 'set null' }),
		productHandle: text().notNull(),
		productTitle: text().notNull(),
		variantTitle: text().notNull(),
		imageUrl: text(),
		selectedOptions: jsonb().$type<SelectedOption[]>().notNull().default([]),
		attributes: jsonb().$type<LineAttribute[]>().notNull().default([]),
		unitPriceCents: integer().notNull(),
		quantity: integer().notNull(),
		isGift: boolean().notNull().default(false),
		isSubscription: boolean().notNull().default(false),
		lineTotalCents: integer().notNull(),
	},
	(t) => [
		index('order_lines_order_idx').on(t.orderId),
		index('order_lines_variant_idx').on(t.variantId),
		check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
		check('order_lines_unit_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
		check('order_lines_total_consistent', sql`${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity}`),
	],
)

/** Every status change, who made it and why (from_status is null for the creation). */
export const orderStatusHistory = pgTable(
	'order_status_history',
	{
		id: uuid().primaryKey().defaultRandom(),
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		fromStatus: text().$type<OrderStatus>(),
		toStatus: text().$type<OrderStatus>().notNull(),
		changedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
		note: text(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('order_status_history_order_idx').on(t.orderId, t.createdAt),
		check(
			'order_status_history_from_valid',
			sql`${t.fromStatus} is null or ${t.fromStatus} in (${inList(ORDER_STATUSES)})`,
		),
		check('order_status_history_to_valid', sql`${t.toStatus} in (${inList(ORDER_STATUSES)})`),
	],
)

/**
 * Coupons (decision 13). value is a percent (1-100) for 'percentage', cents for 'fixed'
 * and ignored (0) for 'free_shipping'. used_count never passes usage_limit: redeeming is an
 * `update … set used_count = used_count + 1` that this check turns into an error at the limit.
 */
export const coupons = pgTable(
	'coupons',
	{
		id: uuid().primaryKey().defaultRandom(),
		code: text().notNull(),
		kind: text().$type<CouponKind>().notNull(),
		value: integer().notNull().default(0),
		minSubtotalCents: integer().notNull().default(0),
		usageLimit: integer(),
		usedCount: integer().notNull().default(0),
		startsAt: timestamp({ withTimezone: true }),
		endsAt: timestamp({ withTimezone: true }),
		active: boolean().notNull().default(true),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('coupons_code_unique').on(t.code),
		check('coupons_code_format', sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 50`),
		check('coupons_kind_valid', sql`${t.kind} in (${inList(COUPON_KINDS)})`),
		check(
			'coupons_value_valid',
			sql`(${t.kind} = 'percentage' and ${t.value} between 1 and 100)
				or (${t.kind} = 'fixed' and ${t.value} > 0)
				or (${t.kind} = 'free_shipping' and ${t.value} = 0)`,
		),
		check('coupons_min_subtotal_nonnegative', sql`${t.minSubtotalCents} >= 0`),
		check(
			'coupons_usage_valid',
			sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or (${t.usageLimit} > 0 and ${t.usedCount} <= ${t.usageLimit}))`,
		),
		check('coupons_window_valid', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
	],
)

/** One redemption per order; the coupon cannot be deleted while redemptions point at it. */
export const couponRedemptions = pgTable(
	'coupon_redemptions',
	{
		id: uuid().primaryKey().defaultRandom(),
		couponId: uuid()
			.notNull()
			.references(() => coupons.id, { onDelete: 'restrict' }),
		orderId: uuid()
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [uniqueIndex('coupon_redemptions_order_unique').on(t.orderId), index('coupon_redemptions_coupon_idx').on(t.couponId)],
)
