import { sql } from 'drizzle-orm'
import {
	applyLineRemovals,
	applyLineUpdates,
	createCheckout,
	getCart,
	insertOrIncrementLines,
	keepMovedLines,
	loadCart,
	shopperLines,
	withLockedCart,
} from '~/commerce/builtin/cart.server'
import { idList } from '~/commerce/builtin/product-loader.server'
import { canonicalAttributes, isUuid } from '~/commerce/builtin/validation.server'
import type { Cart, CartLineUpdateInput, Checkout, LineAttribute } from '~/commerce/types'
import { getEnv } from '~/server/env.server'
import { storefrontCartBackend } from './storefront-backend.server'
import { type Executor, type Transaction, db, queryRows } from '~/server/db.server'

/**
 * What the cart service (./cart.server.ts) needs from whoever stores carts. The shopper's
 * rules (gift, subscription lines, merge at sign-in, who may see which cart) live in the
 * service and are the same for every provider; a backend only stores lines, prices them and
 * serialises changes to one cart. The built-in one keeps carts in our database; a hosted
 * storefront provider would keep the cart here too (document 000 §3: the cart is kept on
 * the shop's side and the remote cart is created only at checkout).
 */

/** A line the server's rules add: flags are set only here, never from the browser. */
export type RuleLineInput = {
	variantId: string
	quantity: number
	attributes?: LineAttribute[]
	isGift?: boolean
	isSubscription?: boolean
}

/** Work on one cart while it is locked; everything commits together or not at all. */
export interface CartSession {
	/** The cart with this session's changes so far. */
	read(): Promise<Cart>
	/** Shopper lines (validated like any shopper input) keeping the rule flags given here. */
	addLines(lines: RuleLineInput[]): Promise<void>
	/**
	 * Lines the server's own rules built (personalization, wholesale): variants, stock, quantity
	 * and line limits are checked as for any line, but their attributes were written and
	 * validated by the server, so the product page's attribute allow-list does not apply.
	 */
	addServerLines(lines: RuleLineInput[]): Promise<void>
	/**
	 * Lines moved from the shopper's other cart at sign-in that a normal add refuses (sold
	 * out, stock short): kept as they were, unavailable ones flagged by the cart, never
	 * dropped silently. Still refused over the line limit.
	 */
	keepLines(lines: RuleLineInput[]): Promise<void>
	/** quantity ≤ 0 removes. Unknown line ids are refused. */
	updateLines(updates: CartLineUpdateInput[]): Promise<void>
	/** Unknown line ids are ignored. */
	removeLines(lineIds: string[]): Promise<void>
	/** The first variant of the gift product, or null when the product is not on sale. */
	giftVariantId(handle: string): Promise<string | null>
	/** Runs `work` so that its failure undoes only its own changes (a savepoint), then rethrows. */
	attempt<T>(work: (session: CartSession) => Promise<T>): Promise<T>
}

export interface CartBackend {
	getCart(cartId: string): Promise<Cart | null>
	/** undefined: no such cart; null: anonymous; else the owner's user id. */
	ownerOf(cartId: string): Promise<string | null | undefined>
	/** The customer's cart (one per customer), if any. */
	userCartId(userId: string): Promise<string | null>
	/** A new empty cart; for a customer who already has one, that one. */
	createCart(userId: string | null): Promise<string>
	/** Makes an anonymous cart the customer's; false when it is not anonymous or they already have one. */
	claimCart(cartId: string, userId: string): Promise<boolean>
	deleteCart(cartId: string): Promise<void>
	change<T>(cartId: string, work: (session: CartSession) => Promise<T>): Promise<T>
	/** Which of these variants belong to products of the 'assinatura' collection. */
	subscriptionVariantIds(variantIds: string[]): Promise<Set<string>>
	createCheckout(cartId: string): Promise<Checkout>
}

/** document 000 §2: products of this collection are subscriptions. */
export const SUBSCRIPTION_COLLECTION = 'assinatura'

async function firstVariantOf(handle: string, executor: Executor): Promise<string | null> {
	const [row] = await queryRows<{ id: string }>(
		sql`select v.id from product_variants v join products p on p.id = v.product_id
			where p.handle = ${handle} and p.status = 'active'
			order by v.position, v.id limit 1`,
		executor,
	)
	return row?.id ?? null
}

function builtinSession(tx: Transaction, cartId: string): CartSession {
	return {
		async read() {
			const cart = await loadCart(cartId, tx)
			if (!cart) throw new Error(`cart ${cartId} vanished inside its own lock`)
			return cart
		},
		async addLines(lines) {
			const parsed = shopperLines(lines.map(({ variantId, quantity, attributes }) => ({ variantId, quantity, attributes })))
			// shopperLines keeps the order, so the flags line up by index.
			await insertOrIncrementLines(
				tx,
				cartId,
				parsed.map((line, i) => ({ ...line, isGift: lines[i]?.isGift ?? false, isSubscription: lines[i]?.isSubscription ?? false })),
			)
		},
		addServerLines: (lines) =>
			insertOrIncrementLines(
				tx,
				cartId,
				lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity, attributes: canonicalAttributes(l.attributes), isGift: false })),
				'server',
			),
		keepLines: (lines) =>
			keepMovedLines(
				tx,
				cartId,
				lines.map((l) => ({ ...l, attributes: l.attributes ?? [], isGift: false })),
			),
		updateLines: (updates) => applyLineUpdates(tx, cartId, updates),
		removeLines: (lineIds) => applyLineRemovals(tx, cartId, lineIds),
		// Inside the transaction: on PGlite (one connection) a query outside it would wait for it forever.
		giftVariantId: (handle) => firstVariantOf(handle, tx),
		attempt: (work) => tx.transaction((savepoint) => work(builtinSession(savepoint, cartId))),
	}
}

export const builtinCartBackend: CartBackend = {
	getCart,
	async ownerOf(cartId) {
		if (!isUuid(cartId)) return undefined
		const [row] = await queryRows<{ user_id: string | null }>(sql`select user_id from carts where id = ${cartId}::uuid`)
		return row ? row.user_id : undefined
	},
	async userCartId(userId) {
		if (!isUuid(userId)) return null
		const [row] = await queryRows<{ id: string }>(sql`select id from carts where user_id = ${userId}::uuid`)
		return row?.id ?? null
	},
	async createCart(userId) {
		if (userId === null) {
			const [row] = await queryRows<{ id: string }>(sql`insert into carts default values returning id`)
			if (!row) throw new Error('cart insert returned no row')
			return row.id
		}
		// One cart per customer (unique index): a concurrent request may have made it first.
		const [row] = await queryRows<{ id: string }>(
			sql`insert into carts (user_id) values (${userId}::uuid) on conflict (user_id) do nothing returning id`,
		)
		if (row) return row.id
		const existing = await this.userCartId(userId)
		if (!existing) throw new Error('customer cart neither inserted nor found')
		return existing
	},
	async claimCart(cartId, userId) {
		try {
			const rows = await queryRows<{ id: string }>(
				sql`update carts set user_id = ${userId}::uuid, updated_at = now()
					where id = ${cartId}::uuid and user_id is null returning id`,
			)
			return rows.length === 1
		} catch {
			// The customer got a cart in the meantime (unique index): the caller merges instead.
			return false
		}
	},
	async deleteCart(cartId) {
		if (!isUuid(cartId)) return
		await db.execute(sql`delete from carts where id = ${cartId}::uuid`)
	},
	change: (cartId, work) => withLockedCart(cartId, (tx) => work(builtinSession(tx, cartId))),
	async subscriptionVariantIds(variantIds) {
		const ids = [...new Set(variantIds)].filter(isUuid)
		if (ids.length === 0) return new Set()
		const rows = await queryRows<{ id: string }>(
			sql`select v.id from product_variants v
				join collection_products cp on cp.product_id = v.product_id
				join collections c on c.id = cp.collection_id
				where c.handle = ${SUBSCRIPTION_COLLECTION} and v.id in (${idList(ids)})`,
		)
		return new Set(rows.map((r) => r.id))
	},
	createCheckout,
}

/** The backend of the configured commerce provider (decision 1). */
export function getCartBackend(): CartBackend {
	switch (getEnv().COMMERCE_PROVIDER) {
		case 'builtin':
			return builtinCartBackend
		case 'storefront':
			// Our cart holding the store's variant ids (decision 046).
			return storefrontCartBackend
	}
}
