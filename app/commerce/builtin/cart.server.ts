import { sql } from 'drizzle-orm'
import { shopperAddIssue } from '../internal-products'
import { isAddonLine } from '../rules/line-groups'
import { z } from 'zod'
import { type Executor, type Transaction, db, queryRows } from '~/server/db.server'
import { COMMERCE_MESSAGES, CommerceError } from '../errors'
import { addonKeyOfHandle, lineAttributesIssue } from '../rules/add-on-lines'
import { cartFromLines } from '../rules/cart-from-lines'
import {
	type Cart,
	type CartLine,
	type CartLineInput,
	type CartLineUpdateInput,
	type Checkout,
	type LineAttribute,
	brl,
} from '../types'
import { isVariantSellable, toAttributes, toImage, toVariant } from './mappers.server'
import { idList } from './product-loader.server'
import {
	MAX_CART_LINES,
	MAX_LINE_QUANTITY,
	canonicalAttributes,
	cartLineInputSchema,
	cartLineUpdateSchema,
	isUuid,
	parseInput,
} from './validation.server'
import { userText } from '~/utils/text-schema'
import { type WholesaleType, loadWholesaleTiers, wholesaleTypeOf, wholesaleUnitPrice } from './wholesale-pricing.server'
import type { WholesaleTier } from '../rules/wholesale-tiers'
import { belowLineMinimum } from '../rules/line-minimum'

/** A subscription line is one year: 12 × the monthly price (document 000 §9, decision 6). */
export const SUBSCRIPTION_MONTHS = 12

/** Decision 6: the subscription page adds ONE line for 12 months; more of it is not sold. */
export const SUBSCRIPTION_QUANTITY_MESSAGE = 'A assinatura já cobre 12 meses: a quantidade é sempre 1.'

/** Our own checkout page (decision 4: same tab). */
export const BUILTIN_CHECKOUT_URL = '/checkout'

/** A line as the provider's own code adds it; gift and subscription flags are set only by server rules. */
export type InternalLineInput = {
	variantId: string
	quantity: number
	attributes: LineAttribute[]
	isGift?: boolean
	isSubscription?: boolean
}

/**
 * Who wrote a line's attributes: 'shopper' lines hold only the product page's keys, where they
 * belong (lineAttributesIssue); 'server' lines were built by the shop's own rules (a
 * personalized bandana's colour, art and reference), whose values were validated there.
 */
export type LineAuthor = 'shopper' | 'server'

type CartLineRow = {
	id: string
	quantity: number
	is_gift: boolean
	is_subscription: boolean
	attributes: unknown
	variant_id: string
	variant_title: string
	price_cents: number
	compare_at_price_cents: number | null
	stock: number | null
	available: boolean
	selected_options: { name: string; value: string }[]
	product_id: string
	handle: string
	product_title: string
	product_type: string
	tags: string[]
	status: string
	image_url: string | null
	image_alt_text: string | null
	image_width: number | null
	image_height: number | null
}

const addLinesSchema = z
	.array(cartLineInputSchema.extend({ quantity: cartLineInputSchema.shape.quantity.min(1, 'Quantidade inválida.') }), COMMERCE_MESSAGES.invalidInput)
	.min(1, COMMERCE_MESSAGES.invalidInput)
	.max(MAX_CART_LINES, COMMERCE_MESSAGES.cartLineLimit)
const updateLinesSchema = z
	.array(cartLineUpdateSchema, COMMERCE_MESSAGES.invalidInput)
	.max(MAX_CART_LINES, COMMERCE_MESSAGES.invalidInput)
const lineIdsSchema = z.array(userText(), COMMERCE_MESSAGES.invalidInput).max(MAX_CART_LINES, COMMERCE_MESSAGES.invalidInput)

function cartNotFound(cartId: string): CommerceError {
	return new CommerceError('cart_not_found', COMMERCE_MESSAGES.cartNotFound, { detail: `cart ${cartId} not found` })
}

function toCartLine(row: CartLineRow, tiers: Map<WholesaleType, WholesaleTier[]>): CartLine {
	const variant = toVariant(
		{
			id: row.variant_id,
			product_id: row.product_id,
			title: row.variant_title,
			price_cents: row.price_cents,
			compare_at_price_cents: row.compare_at_price_cents,
			stock: row.stock,
			available: row.available,
			selected_options: row.selected_options,
		},
		row.status,
	)
	// Gift lines are free (document 000 §4); a subscription line is 12 months of the monthly
	// price (decision 6); every other price is the variant's current one.
	// A wholesale base line is priced by its quantity's tier (decision 10, issue 9).
	const wholesaleType = wholesaleTypeOf(row.handle)
	const unitPriceCents = row.is_gift
		? 0
		: row.is_subscription
			? row.price_cents * SUBSCRIPTION_MONTHS
			: wholesaleType
				? wholesaleUnitPrice(tiers.get(wholesaleType), row.quantity, row.price_cents)
				: row.price_cents
	return {
		id: row.id,
		merchandise: {
			...variant,
			product: {
				id: row.product_id,
				handle: row.handle,
				title: row.product_title,
				productType: row.product_type,
				tags: [...row.tags],
				featuredImage:
					row.image_url === null
						? null
						: toImage({ url: row.image_url, alt_text: row.image_alt_text, width: row.image_width, height: row.image_height }),
			},
		},
		quantity: row.quantity,
		isGift: row.is_gift,
		isSubscription: row.is_subscription,
		attributes: toAttributes(row.attributes),
		cost: { unitPrice: brl(unitPriceCents), total: brl(unitPriceCents * row.quantity) },
		unavailable: !variant.availableForSale,
	}
}

/** The cart as seen by `executor` (inside a transaction: with its uncommitted changes). */
export async function loadCart(cartId: string, executor: Executor = db): Promise<Cart | null> {
	const [cart] = await queryRows<{ id: string }>(sql`select id from carts where id = ${cartId}::uuid`, executor)
	if (!cart) return null
	const rows = await queryRows<CartLineRow>(
		sql`
		select l.id, l.quantity, l.is_gift, l.is_subscription, l.attributes,
			v.id as variant_id, v.title as variant_title, v.price_cents, v.compare_at_price_cents, v.stock, v.available,
			v.selected_options, p.id as product_id, p.handle, p.title as product_title, p.product_type, p.tags, p.status,
			img.url as image_url, img.alt_text as image_alt_text, img.width as image_width, img.height as image_height
		from cart_lines l
		join product_variants v on v.id = l.variant_id
		join products p on p.id = v.product_id
		left join lateral (
			-- The variant's own picture when it has one (issue 13, defect 4), else the product's first:
			-- the drawer, checkout and the order then show the colour chosen.
			select i.url, i.alt_text, i.width, i.height from product_images i
			where i.product_id = p.id order by (i.id = v.image_id) desc nulls last, i.position, i.id limit 1
		) img on true
		where l.cart_id = ${cartId}::uuid
		-- the lines in the order they were added, the gift always last
		order by l.is_gift, l.created_at, l.seq`,
		executor,
	)
	const wholesaleTypes = rows.flatMap((row) => wholesaleTypeOf(row.handle) ?? [])
	const tiers = await loadWholesaleTiers(wholesaleTypes, executor)
	return cartFromLines(
		cart.id,
		rows.map((row) => toCartLine(row, tiers)),
		BUILTIN_CHECKOUT_URL,
	)
}

/** Serialises concurrent changes to one cart (two tabs, double clicks) on its row lock. */
export async function withLockedCart<T>(cartId: string, change: (tx: Transaction) => Promise<T>): Promise<T> {
	if (!isUuid(cartId)) throw cartNotFound(cartId)
	return db.transaction(async (tx) => {
		const [locked] = await queryRows<{ id: string }>(sql`select id from carts where id = ${cartId}::uuid for update`, tx)
		if (!locked) throw cartNotFound(cartId)
		const result = await change(tx)
		await tx.execute(sql`update carts set updated_at = now() where id = ${cartId}::uuid`)
		return result
	})
}

/** Tracked stock must cover every line of the variant in this cart (any attributes). */
async function assertStockCovers(tx: Transaction, cartId: string, variantIds: string[]): Promise<void> {
	if (variantIds.length === 0) return
	const rows = await queryRows<{ stock: number; wanted: number }>(
		sql`
		select v.stock, sum(l.quantity)::int as wanted
		from cart_lines l join product_variants v on v.id = l.variant_id
		where l.cart_id = ${cartId}::uuid and l.variant_id in (${idList(variantIds)}) and v.stock is not null
		group by v.id, v.stock
		having sum(l.quantity) > v.stock`,
		tx,
	)
	const short = rows[0]
	if (short) {
		throw new CommerceError('insufficient_stock', COMMERCE_MESSAGES.insufficientStock(short.stock), {
			detail: `stock ${short.stock} < ${short.wanted}`,
		})
	}
}

async function assertLineLimit(tx: Transaction, cartId: string): Promise<void> {
	const [row] = await queryRows<{ count: number }>(
		sql`select count(*)::int as count from cart_lines where cart_id = ${cartId}::uuid`,
		tx,
	)
	if ((row?.count ?? 0) > MAX_CART_LINES) {
		throw new CommerceError('cart_line_limit', COMMERCE_MESSAGES.cartLineLimit)
	}
}

/**
 * Adds lines inside the caller's transaction (the cart row must be locked). Exported for
 * the server rules (gift, subscription) of later modules; shoppers go through addCartLines.
 * Prices are never an input: they are read from product_variants when the cart is shown.
 */
export async function insertOrIncrementLines(
	tx: Transaction,
	cartId: string,
	lines: InternalLineInput[],
	author: LineAuthor = 'shopper',
): Promise<void> {
	if (lines.length === 0) return
	const variantIds = [...new Set(lines.map((l) => l.variantId))]
	if (!variantIds.every(isUuid)) {
		throw new CommerceError('variant_not_found', COMMERCE_MESSAGES.productUnavailable, { detail: 'malformed variant id' })
	}
	const variants = await queryRows<{ id: string; stock: number | null; available: boolean; status: string; handle: string; tags: string[] }>(
		sql`select v.id, v.stock, v.available, p.status, p.handle, p.tags from product_variants v join products p on p.id = v.product_id
			where v.id in (${idList(variantIds)})`,
		tx,
	)
	const byId = new Map(variants.map((v) => [v.id, v]))
	for (const id of variantIds) {
		const variant = byId.get(id)
		if (!variant || variant.status !== 'active') {
			throw new CommerceError('variant_not_found', COMMERCE_MESSAGES.productUnavailable, { detail: `variant ${id}` })
		}
		if (!isVariantSellable(variant, variant.status)) {
			throw new CommerceError('variant_unavailable', COMMERCE_MESSAGES.variantUnavailable, { detail: `variant ${id}` })
		}
	}
	// Personalisation only on the paid line that embroiders it (document 000 §9): checked
	// before anything is written, so a refused request changes nothing.
	for (const line of author === 'shopper' ? lines : []) {
		const product = byId.get(line.variantId) ?? { handle: '', tags: [] }
		const addon = addonKeyOfHandle(product.handle)
		// Internal and wholesale products only through their builders or as a product page's add-on (issue 28).
		// The gift line is the server's own rule (isGift is never set from a request).
		const refused = line.isGift ? null : shopperAddIssue(product, { isAddonLine: isAddonLine(line), productPageAddon: addon !== null })
		if (refused) throw new CommerceError('invalid_input', refused, { detail: `shopper add of ${product.handle}` })
		const issue = lineAttributesIssue(line.attributes, addon)
		if (issue) throw new CommerceError('invalid_input', issue, { detail: `attributes not allowed on variant ${line.variantId}` })
	}
	for (const line of lines) {
		// A subscription line is one plan for 12 months (decision 6): adding it again keeps 1.
		const quantity = line.isSubscription ? 1 : line.quantity
		const [row] = await queryRows<{ quantity: number }>(
			sql`
			insert into cart_lines (cart_id, variant_id, quantity, is_gift, is_subscription, attributes)
			values (${cartId}::uuid, ${line.variantId}::uuid, ${quantity}, ${line.isGift ?? false},
				${line.isSubscription ?? false}, ${JSON.stringify(canonicalAttributes(line.attributes))}::jsonb)
			on conflict (cart_id, variant_id, is_gift, is_subscription, md5((attributes)::text))
			do update set quantity = case when cart_lines.is_subscription then 1 else cart_lines.quantity + excluded.quantity end
			returning quantity`,
			tx,
		)
		if (row && row.quantity > MAX_LINE_QUANTITY) {
			throw new CommerceError('invalid_input', COMMERCE_MESSAGES.quantityTooLarge(MAX_LINE_QUANTITY))
		}
		// document 001 §5: a wholesale line holds at least 10 units (the /atacado page sends 10+).
		const below = row ? belowLineMinimum(byId.get(line.variantId)?.handle ?? '', row.quantity) : null
		if (below) throw new CommerceError('invalid_input', below.message, { detail: `line of ${row?.quantity} below its minimum` })
	}
	await assertLineLimit(tx, cartId)
	await assertStockCovers(tx, cartId, variantIds)
}

/**
 * Lines moved from another cart of the same shopper (the sign-in merge), kept as they were
 * when a normal add refuses them: a variant that can no longer be sold stays visible and
 * flagged 'Indisponível' (as it was in the cart it came from), a quantity the stock no longer
 * covers stays for the shopper to lower (checkout refuses it with the stock message), old
 * attributes stay as they were bought. The quantity cap, one subscription and the line limit
 * still hold. Inside the caller's transaction, cart row locked.
 */
export async function keepMovedLines(tx: Transaction, cartId: string, lines: InternalLineInput[]): Promise<void> {
	if (lines.length === 0) return
	if (!lines.every((l) => isUuid(l.variantId) && Number.isInteger(l.quantity) && l.quantity >= 1)) {
		throw new CommerceError('invalid_input', COMMERCE_MESSAGES.invalidInput, { detail: 'malformed moved line' })
	}
	for (const line of lines) {
		const quantity = line.isSubscription ? 1 : Math.min(line.quantity, MAX_LINE_QUANTITY)
		await tx.execute(sql`
			insert into cart_lines (cart_id, variant_id, quantity, is_gift, is_subscription, attributes)
			values (${cartId}::uuid, ${line.variantId}::uuid, ${quantity}, ${line.isGift ?? false},
				${line.isSubscription ?? false}, ${JSON.stringify(canonicalAttributes(line.attributes))}::jsonb)
			on conflict (cart_id, variant_id, is_gift, is_subscription, md5((attributes)::text))
			do update set quantity = case when cart_lines.is_subscription then 1
				else least(cart_lines.quantity + excluded.quantity, ${MAX_LINE_QUANTITY}) end`)
	}
	await assertLineLimit(tx, cartId)
}

export async function getCart(cartId: string): Promise<Cart | null> {
	if (!isUuid(cartId)) return null
	return loadCart(cartId)
}

/** Validates what a shopper sends (no flags, no price) into lines the provider can insert. */
export function shopperLines(lines: CartLineInput[]): InternalLineInput[] {
	return parseInput(addLinesSchema, lines).map((line) => ({
		variantId: line.variantId,
		quantity: line.quantity,
		attributes: canonicalAttributes(line.attributes),
	}))
}

export async function createCart(input?: { lines?: CartLineInput[] }): Promise<Cart> {
	const lines = input?.lines?.length ? shopperLines(input.lines) : []
	const cartId = await db.transaction(async (tx) => {
		const [created] = await queryRows<{ id: string }>(sql`insert into carts default values returning id`, tx)
		if (!created) throw new Error('cart insert returned no row')
		await insertOrIncrementLines(tx, created.id, lines)
		return created.id
	})
	return (await loadCart(cartId)) as Cart
}

export async function addCartLines(cartId: string, lines: CartLineInput[]): Promise<Cart> {
	const parsed = shopperLines(lines)
	await withLockedCart(cartId, (tx) => insertOrIncrementLines(tx, cartId, parsed))
	return (await loadCart(cartId)) as Cart
}

/** Sets quantities inside the caller's transaction (cart row locked); quantity ≤ 0 removes. */
export async function applyLineUpdates(tx: Transaction, cartId: string, updates: CartLineUpdateInput[]): Promise<void> {
	const parsed = parseInput(updateLinesSchema, updates)
	if (parsed.length === 0) return
	if (!parsed.every((u) => isUuid(u.lineId))) {
		throw new CommerceError('line_not_found', COMMERCE_MESSAGES.lineNotFound, { detail: 'malformed line id' })
	}
	const current = await queryRows<{
		id: string
		quantity: number
		variant_id: string
		stock: number | null
		available: boolean
		status: string
		is_subscription: boolean
		handle: string
	}>(
		sql`
		select l.id, l.quantity, l.variant_id, l.is_subscription, v.stock, v.available, p.status, p.handle
		from cart_lines l join product_variants v on v.id = l.variant_id join products p on p.id = v.product_id
		where l.cart_id = ${cartId}::uuid and l.id in (${idList(parsed.map((u) => u.lineId))})`,
		tx,
	)
	const byId = new Map(current.map((l) => [l.id, l]))
	const touchedVariants = new Set<string>()
	for (const update of parsed) {
		const line = byId.get(update.lineId)
		if (!line) throw new CommerceError('line_not_found', COMMERCE_MESSAGES.lineNotFound)
		if (update.quantity <= 0) {
			await tx.execute(sql`delete from cart_lines where id = ${line.id}::uuid`)
			continue
		}
		// The drawer's minus stops at 10 on a wholesale line (document 001 §5); removing it is allowed.
		const below = belowLineMinimum(line.handle, update.quantity)
		if (below) throw new CommerceError('invalid_input', below.message, { detail: `line ${line.id} below its minimum` })
		if (line.is_subscription && update.quantity > 1) {
			throw new CommerceError('invalid_input', SUBSCRIPTION_QUANTITY_MESSAGE, { detail: `subscription line ${line.id}` })
		}
		// Lowering the quantity of a line that can no longer be sold is allowed; raising it is not.
		if (update.quantity > line.quantity && !isVariantSellable(line, line.status)) {
			throw new CommerceError('variant_unavailable', COMMERCE_MESSAGES.variantUnavailable)
		}
		await tx.execute(sql`update cart_lines set quantity = ${update.quantity} where id = ${line.id}::uuid`)
		if (update.quantity > line.quantity) touchedVariants.add(line.variant_id)
	}
	await assertStockCovers(tx, cartId, [...touchedVariants])
}

export async function updateCartLines(cartId: string, updates: CartLineUpdateInput[]): Promise<Cart> {
	await withLockedCart(cartId, (tx) => applyLineUpdates(tx, cartId, updates))
	return (await loadCart(cartId)) as Cart
}

/** Deletes lines inside the caller's transaction; ids already gone (or malformed) are ignored. */
export async function applyLineRemovals(tx: Transaction, cartId: string, lineIds: string[]): Promise<void> {
	const ids = parseInput(lineIdsSchema, lineIds).filter(isUuid)
	if (ids.length === 0) return
	await tx.execute(sql`delete from cart_lines where cart_id = ${cartId}::uuid and id in (${idList(ids)})`)
}

/** Removing a line that is already gone is not an error (double clicks, two tabs). */
export async function removeCartLines(cartId: string, lineIds: string[]): Promise<Cart> {
	await withLockedCart(cartId, (tx) => applyLineRemovals(tx, cartId, lineIds))
	return (await loadCart(cartId)) as Cart
}

/**
 * The built-in checkout is our own page; order creation, shipping, coupons and the gift
 * rule live with it. Here we only refuse a cart with nothing that can be bought.
 */
export async function createCheckout(cartId: string): Promise<Checkout> {
	const cart = await getCart(cartId)
	if (!cart) throw cartNotFound(cartId)
	if (!cart.lines.some((line) => !line.unavailable)) {
		throw new CommerceError('cart_empty', COMMERCE_MESSAGES.cartEmpty)
	}
	return { checkoutUrl: BUILTIN_CHECKOUT_URL, external: false }
}
