import { sql } from 'drizzle-orm'
import { shopperAddIssue } from '~/commerce/internal-products'
import { isAddonLine } from '~/commerce/rules/line-groups'
import { z } from 'zod'
import {
	MAX_CART_LINES,
	MAX_LINE_QUANTITY,
	canonicalAttributes,
	cartLineUpdateSchema,
	isUuid,
	parseInput,
} from '~/commerce/builtin/validation.server'
import { SUBSCRIPTION_MONTHS, SUBSCRIPTION_QUANTITY_MESSAGE, shopperLines, withLockedCart } from '~/commerce/builtin/cart.server'
import { type WholesaleType, loadWholesaleTiers, wholesaleTypeOf, wholesaleUnitPrice } from '~/commerce/builtin/wholesale-pricing.server'
import { toAttributes } from '~/commerce/builtin/mappers.server'
import { COMMERCE_MESSAGES, CommerceError } from '~/commerce/errors'
import { addonKeyOfHandle, lineAttributesIssue } from '~/commerce/rules/add-on-lines'
import type { WholesaleTier } from '~/commerce/rules/wholesale-tiers'
import { belowLineMinimum } from '~/commerce/rules/line-minimum'
import { StorefrontError } from '~/commerce/storefront/client.server'
import type { StoreVariant } from '~/commerce/storefront/mappers.server'
import { type StorefrontProvider, getStorefrontProvider } from '~/commerce/storefront/provider.server'
import { cartFromLines } from '~/commerce/rules/cart-from-lines'
import { type Cart, type CartLine, type CartLineMerchandise, type LineAttribute, brl } from '~/commerce/types'
import { type Executor, type Transaction, db, queryRows } from '~/server/db.server'
import { type CartBackend, type CartSession, type RuleLineInput, SUBSCRIPTION_COLLECTION, builtinCartBackend } from './backend.server'

/**
 * The cart on our server when the catalogue is a hosted store (COMMERCE_PROVIDER=storefront,
 * decision 046): the same carts table and rules as the built-in backend, lines in
 * remote_cart_lines holding the store's variant ids (gids). Prices, availability and stock
 * come from the store (`getVariantsByIds`, cached 30 s by the provider) every time the cart is
 * read, so the drawer shows the store's current price; a variant the store no longer sells
 * stays as an unavailable line. A store outage makes a read or a change fail with the
 * provider's error (502, Portuguese message) and changes nothing: the lines are ours and are
 * still there when the store is back.
 */

type Variants = Map<string, StoreVariant>

type RemoteLineRow = {
	id: string
	variant_id: string
	quantity: number
	is_gift: boolean
	is_subscription: boolean
	attributes: unknown
}

const VARIANT_GID = /^gid:\/\/shopify\/ProductVariant\/[A-Za-z0-9_-]{1,100}$/

const updateLinesSchema = z.array(cartLineUpdateSchema, COMMERCE_MESSAGES.invalidInput).max(MAX_CART_LINES, COMMERCE_MESSAGES.invalidInput)
const lineIdsSchema = z.array(z.string().max(100), COMMERCE_MESSAGES.invalidInput).max(MAX_CART_LINES, COMMERCE_MESSAGES.invalidInput)

function cartNotFound(cartId: string): CommerceError {
	return new CommerceError('cart_not_found', COMMERCE_MESSAGES.cartNotFound, { detail: `cart ${cartId} not found` })
}

/** A line whose variant the store no longer sells (deleted, unpublished): shown, flagged, priced at nothing. */
function goneMerchandise(variantId: string): CartLineMerchandise {
	return {
		id: variantId,
		title: '',
		price: brl(0),
		compareAtPrice: null,
		availableForSale: false,
		selectedOptions: [],
		quantityAvailable: 0,
		product: { id: '', handle: '', title: COMMERCE_MESSAGES.productUnavailable, productType: '', tags: [], featuredImage: null },
	}
}

function toCartLine(row: RemoteLineRow, variants: Variants, tiers: Map<WholesaleType, WholesaleTier[]>): CartLine {
	const merchandise = variants.get(row.variant_id)?.merchandise ?? goneMerchandise(row.variant_id)
	const priceCents = merchandise.price.amountCents
	const wholesaleType = wholesaleTypeOf(merchandise.product.handle)
	// As the built-in cart: the gift is free, a subscription is 12 months of the monthly price,
	// a wholesale base is priced by its quantity's tier (our tiers, the store's unit price).
	const unitPriceCents = row.is_gift
		? 0
		: row.is_subscription
			? priceCents * SUBSCRIPTION_MONTHS
			: wholesaleType
				? wholesaleUnitPrice(tiers.get(wholesaleType), row.quantity, priceCents)
				: priceCents
	return {
		id: row.id,
		merchandise,
		quantity: row.quantity,
		isGift: row.is_gift,
		isSubscription: row.is_subscription,
		attributes: toAttributes(row.attributes),
		cost: { unitPrice: brl(unitPriceCents), total: brl(unitPriceCents * row.quantity) },
		unavailable: !merchandise.availableForSale,
	}
}

async function readLines(cartId: string, executor: Executor): Promise<RemoteLineRow[]> {
	return queryRows<RemoteLineRow>(
		sql`select id, variant_id, quantity, is_gift, is_subscription, attributes from remote_cart_lines
			where cart_id = ${cartId}::uuid
			-- the lines in the order they were added, the gift always last
			order by is_gift, created_at, seq`,
		executor,
	)
}

async function loadRemoteCart(provider: StorefrontProvider, cartId: string, executor: Executor): Promise<Cart | null> {
	if (!isUuid(cartId)) return null
	const [cart] = await queryRows<{ id: string }>(sql`select id from carts where id = ${cartId}::uuid`, executor)
	if (!cart) return null
	const rows = await readLines(cartId, executor)
	const variants = rows.length > 0 ? await provider.getVariantsByIds(rows.map((r) => r.variant_id)) : new Map()
	const wholesaleTypes = [...variants.values()].flatMap((v) => wholesaleTypeOf(v.merchandise.product.handle) ?? [])
	const tiers = await loadWholesaleTiers(wholesaleTypes, executor)
	// The hosted checkout's address exists only once createCheckout has made the store's cart.
	return cartFromLines(
		cart.id,
		rows.map((row) => toCartLine(row, variants, tiers)),
		'',
	)
}

type LineToWrite = { variantId: string; quantity: number; attributes: LineAttribute[]; isGift: boolean; isSubscription: boolean }

async function upsertLine(tx: Transaction, cartId: string, line: LineToWrite, mode: 'add' | 'keep'): Promise<number> {
	const quantity = line.isSubscription ? 1 : mode === 'keep' ? Math.min(line.quantity, MAX_LINE_QUANTITY) : line.quantity
	const merged =
		mode === 'keep'
			? sql`least(remote_cart_lines.quantity + excluded.quantity, ${MAX_LINE_QUANTITY})`
			: sql`remote_cart_lines.quantity + excluded.quantity`
	const [row] = await queryRows<{ quantity: number }>(
		sql`insert into remote_cart_lines (cart_id, variant_id, quantity, is_gift, is_subscription, attributes)
			values (${cartId}::uuid, ${line.variantId}, ${quantity}, ${line.isGift}, ${line.isSubscription},
				${JSON.stringify(canonicalAttributes(line.attributes))}::jsonb)
			on conflict (cart_id, variant_id, is_gift, is_subscription, md5((attributes)::text))
			do update set quantity = case when remote_cart_lines.is_subscription then 1 else ${merged} end
			returning quantity`,
		tx,
	)
	return row?.quantity ?? quantity
}

async function assertLineLimit(tx: Transaction, cartId: string): Promise<void> {
	const [row] = await queryRows<{ count: number }>(
		sql`select count(*)::int as count from remote_cart_lines where cart_id = ${cartId}::uuid`,
		tx,
	)
	if ((row?.count ?? 0) > MAX_CART_LINES) throw new CommerceError('cart_line_limit', COMMERCE_MESSAGES.cartLineLimit)
}

/** The store's stock (quantityAvailable; null = not limited) must cover every line of the variant in this cart. */
async function assertStockCovers(tx: Transaction, cartId: string, variantIds: string[], variants: Variants): Promise<void> {
	if (variantIds.length === 0) return
	const rows = await queryRows<{ variant_id: string; wanted: number }>(
		sql`select variant_id, sum(quantity)::int as wanted from remote_cart_lines
			where cart_id = ${cartId}::uuid and variant_id = any(array[${sql.join(
				variantIds.map((id) => sql`${id}`),
				sql`, `,
			)}]::text[])
			group by variant_id`,
		tx,
	)
	for (const row of rows) {
		const stock = variants.get(row.variant_id)?.merchandise.quantityAvailable ?? null
		if (stock !== null && row.wanted > stock) {
			throw new CommerceError('insufficient_stock', COMMERCE_MESSAGES.insufficientStock(stock), {
				detail: `stock ${stock} < ${row.wanted}`,
			})
		}
	}
}

/** The variants of these lines on the store; each must exist and be on sale (a normal add). */
async function sellableVariants(provider: StorefrontProvider, variantIds: string[]): Promise<Variants> {
	const ids = [...new Set(variantIds)]
	if (!ids.every((id) => VARIANT_GID.test(id))) {
		throw new CommerceError('variant_not_found', COMMERCE_MESSAGES.productUnavailable, { detail: 'malformed variant id' })
	}
	const variants = await provider.getVariantsByIds(ids)
	for (const id of ids) {
		const variant = variants.get(id)
		if (!variant) throw new CommerceError('variant_not_found', COMMERCE_MESSAGES.productUnavailable, { detail: `variant ${id}` })
		if (!variant.merchandise.availableForSale) {
			throw new CommerceError('variant_unavailable', COMMERCE_MESSAGES.variantUnavailable, { detail: `variant ${id}` })
		}
	}
	return variants
}

async function addLines(
	provider: StorefrontProvider,
	tx: Transaction,
	cartId: string,
	lines: LineToWrite[],
	author: 'shopper' | 'server',
): Promise<void> {
	if (lines.length === 0) return
	const variants = await sellableVariants(
		provider,
		lines.map((l) => l.variantId),
	)
	const handleOf = (id: string) => variants.get(id)?.merchandise.product.handle ?? ''
	// Personalisation only on the paid line that embroiders it (document 000 §9), checked first.
	for (const line of author === 'shopper' ? lines : []) {
		const product = variants.get(line.variantId)?.merchandise.product ?? { handle: '', tags: [] }
		const addon = addonKeyOfHandle(product.handle)
		// Internal and wholesale products only through their builders or as a product page's add-on (issue 28).
		// The gift line is the server's own rule (isGift is never set from a request).
		const refused = line.isGift ? null : shopperAddIssue(product, { isAddonLine: isAddonLine(line), productPageAddon: addon !== null })
		if (refused) throw new CommerceError('invalid_input', refused, { detail: `shopper add of ${product.handle}` })
		const issue = lineAttributesIssue(line.attributes, addon)
		if (issue) throw new CommerceError('invalid_input', issue, { detail: `attributes not allowed on variant ${line.variantId}` })
	}
	for (const line of lines) {
		const quantity = await upsertLine(tx, cartId, line, 'add')
		if (quantity > MAX_LINE_QUANTITY) throw new CommerceError('invalid_input', COMMERCE_MESSAGES.quantityTooLarge(MAX_LINE_QUANTITY))
		const below = belowLineMinimum(handleOf(line.variantId), quantity)
		if (below) throw new CommerceError('invalid_input', below.message, { detail: `line of ${quantity} below its minimum` })
	}
	await assertLineLimit(tx, cartId)
	await assertStockCovers(tx, cartId, [...variants.keys()], variants)
}

async function updateLines(
	provider: StorefrontProvider,
	tx: Transaction,
	cartId: string,
	updates: { lineId: string; quantity: number }[],
): Promise<void> {
	const parsed = parseInput(updateLinesSchema, updates)
	if (parsed.length === 0) return
	if (!parsed.every((u) => isUuid(u.lineId))) {
		throw new CommerceError('line_not_found', COMMERCE_MESSAGES.lineNotFound, { detail: 'malformed line id' })
	}
	const rows = (await readLines(cartId, tx)).filter((row) => parsed.some((u) => u.lineId === row.id))
	const byId = new Map(rows.map((row) => [row.id, row]))
	const variants = await provider.getVariantsByIds(rows.map((r) => r.variant_id))
	const raised = new Set<string>()
	for (const update of parsed) {
		const line = byId.get(update.lineId)
		if (!line) throw new CommerceError('line_not_found', COMMERCE_MESSAGES.lineNotFound)
		if (update.quantity <= 0) {
			await tx.execute(sql`delete from remote_cart_lines where id = ${line.id}::uuid`)
			continue
		}
		const variant = variants.get(line.variant_id)?.merchandise
		const below = belowLineMinimum(variant?.product.handle ?? '', update.quantity)
		if (below) throw new CommerceError('invalid_input', below.message, { detail: `line ${line.id} below its minimum` })
		if (line.is_subscription && update.quantity > 1) {
			throw new CommerceError('invalid_input', SUBSCRIPTION_QUANTITY_MESSAGE, { detail: `subscription line ${line.id}` })
		}
		// Lowering the quantity of a line that can no longer be sold is allowed; raising it is not.
		if (update.quantity > line.quantity && !variant?.availableForSale) {
			throw new CommerceError('variant_unavailable', COMMERCE_MESSAGES.variantUnavailable)
		}
		await tx.execute(sql`update remote_cart_lines set quantity = ${update.quantity} where id = ${line.id}::uuid`)
		if (update.quantity > line.quantity) raised.add(line.variant_id)
	}
	await assertStockCovers(tx, cartId, [...raised], variants)
}

function storefrontSession(provider: StorefrontProvider, tx: Transaction, cartId: string): CartSession {
	const flagged = (lines: RuleLineInput[], attributes: (l: RuleLineInput, i: number) => LineAttribute[]): LineToWrite[] =>
		lines.map((l, i) => ({
			variantId: l.variantId,
			quantity: l.quantity,
			attributes: attributes(l, i),
			isGift: l.isGift ?? false,
			isSubscription: l.isSubscription ?? false,
		}))
	return {
		async read() {
			const cart = await loadRemoteCart(provider, cartId, tx)
			if (!cart) throw new Error(`cart ${cartId} vanished inside its own lock`)
			return cart
		},
		async addLines(lines) {
			// Validated like any shopper input; shopperLines keeps the order, so the flags line up by index.
			const parsed = shopperLines(lines.map(({ variantId, quantity, attributes }) => ({ variantId, quantity, attributes })))
			await addLines(
				provider,
				tx,
				cartId,
				flagged(lines, (_l, i) => parsed[i]?.attributes ?? []),
				'shopper',
			)
		},
		addServerLines: (lines) =>
			addLines(
				provider,
				tx,
				cartId,
				flagged(lines, (l) => canonicalAttributes(l.attributes)).map((l) => ({ ...l, isGift: false })),
				'server',
			),
		async keepLines(lines) {
			if (!lines.every((l) => VARIANT_GID.test(l.variantId) && Number.isInteger(l.quantity) && l.quantity >= 1)) {
				throw new CommerceError('invalid_input', COMMERCE_MESSAGES.invalidInput, { detail: 'malformed moved line' })
			}
			for (const line of flagged(lines, (l) => canonicalAttributes(l.attributes))) {
				await upsertLine(tx, cartId, { ...line, isGift: false }, 'keep')
			}
			await assertLineLimit(tx, cartId)
		},
		updateLines: (updates) => updateLines(provider, tx, cartId, updates),
		async removeLines(lineIds) {
			const ids = parseInput(lineIdsSchema, lineIds).filter(isUuid)
			if (ids.length === 0) return
			await tx.execute(
				sql`delete from remote_cart_lines where cart_id = ${cartId}::uuid
					and id = any(array[${sql.join(
						ids.map((id) => sql`${id}`),
						sql`, `,
					)}]::uuid[])`,
			)
		},
		async giftVariantId(handle) {
			const product = await provider.getProductByHandle(handle)
			return product?.variants[0]?.id ?? null
		},
		attempt: (work) => tx.transaction((savepoint) => work(storefrontSession(provider, savepoint, cartId))),
	}
}

/**
 * What the store's cart line carries: the shopper's attributes (the pet's name…) and, for the
 * lines our rules priced, a marker the store's own discount or selling plan can match (keys
 * starting with '_' are not shown at the hosted checkout). The hosted checkout prices every
 * line itself (decision 046): the free gift is free there only if the store has the matching
 * automatic discount.
 */
function remoteAttributes(line: CartLine): LineAttribute[] {
	const marker = line.isGift
		? [{ key: REMOTE_GIFT_ATTRIBUTE, value: 'sim' }]
		: line.isSubscription
			? [{ key: REMOTE_SUBSCRIPTION_ATTRIBUTE, value: `${SUBSCRIPTION_MONTHS} meses` }]
			: []
	return [...line.attributes, ...marker]
}

/**
 * A subscription line is 12 months of the monthly price, paid at once (spec decision 6). At the
 * hosted checkout that is the store's prepaid selling plan whose checkout charge is exactly what
 * our cart shows (decision 052); without one the store would charge one month, so the checkout is
 * refused and the owner reads which variant needs the plan in the log.
 */
export function prepaidPlanOf(line: CartLine, variants: Map<string, StoreVariant>): { id: string } {
	const plans = variants.get(line.merchandise.id)?.sellingPlans ?? []
	const plan = plans.find((p) => p.checkoutChargeCents === line.cost.total.amountCents)
	if (plan) return plan
	throw new StorefrontError(
		'no_selling_plan',
		`No selling plan charging ${line.cost.total.amountCents} cents for subscription variant ${line.merchandise.id}`,
		{ userMessage: COMMERCE_MESSAGES.checkoutFailed },
	)
}

export const REMOTE_GIFT_ATTRIBUTE = '_brinde'
export const REMOTE_SUBSCRIPTION_ATTRIBUTE = '_assinatura'

/** The signed-in owner's e-mail prefills the hosted checkout; an anonymous cart sends none. */
async function buyerIdentityOf(cartId: string): Promise<{ email: string; countryCode: 'BR' } | undefined> {
	const [row] = await queryRows<{ email: string }>(
		sql`select u.email from carts c join users u on u.id = c.user_id where c.id = ${cartId}::uuid`,
	)
	return row ? { email: row.email, countryCode: 'BR' } : undefined
}

/** The backend for a provider; `provider` is read at each call (the configured store, or a test's). */
export function createStorefrontCartBackend(provider: () => StorefrontProvider = getStorefrontProvider): CartBackend {
	return {
		getCart: (cartId) => loadRemoteCart(provider(), cartId, db),
		// The carts table is the built-in one: who owns a cart does not depend on the catalogue.
		ownerOf: (cartId) => builtinCartBackend.ownerOf(cartId),
		userCartId: (userId) => builtinCartBackend.userCartId(userId),
		createCart: (userId) => builtinCartBackend.createCart(userId),
		claimCart: (cartId, userId) => builtinCartBackend.claimCart(cartId, userId),
		deleteCart: (cartId) => builtinCartBackend.deleteCart(cartId),
		change: (cartId, work) => withLockedCart(cartId, (tx) => work(storefrontSession(provider(), tx, cartId))),
		async subscriptionVariantIds(variantIds) {
			const ids = [...new Set(variantIds)].filter((id) => VARIANT_GID.test(id))
			if (ids.length === 0) return new Set()
			const variants = await provider().getVariantsByIds(ids)
			return new Set(ids.filter((id) => variants.get(id)?.collectionHandles.includes(SUBSCRIPTION_COLLECTION)))
		},
		async createCheckout(cartId) {
			const store = provider()
			const cart = await loadRemoteCart(store, cartId, db)
			if (!cart) throw cartNotFound(cartId)
			const lines = cart.lines.filter((l) => !l.unavailable)
			if (lines.length === 0) throw new CommerceError('cart_empty', COMMERCE_MESSAGES.cartEmpty)
			// Read again for the subscriptions' selling plans: answered from the client's 30 s cache.
			const variants = lines.some((l) => l.isSubscription) ? await store.getVariantsByIds(lines.map((l) => l.merchandise.id)) : new Map()
			const remote = await store.createRemoteCheckout(
				lines.map((l) => ({
					variantId: l.merchandise.id,
					quantity: l.quantity,
					attributes: remoteAttributes(l),
					...(l.isSubscription ? { sellingPlanId: prepaidPlanOf(l, variants).id } : {}),
				})),
				await buyerIdentityOf(cartId),
			)
			return { checkoutUrl: remote.checkoutUrl, external: true }
		},
	}
}

export const storefrontCartBackend: CartBackend = createStorefrontCartBackend()
