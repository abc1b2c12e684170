import { lineMinimumOf } from '~/commerce/rules/line-minimum'
import { createHash } from 'node:crypto'
import type { CartView, CartViewLine } from '~/components/cart/cart-view'
import { EMPTY_CART_VIEW } from '~/components/cart/cart-view'
import { freeShippingProgress, giftProgress, nonGiftSubtotalCents, showGiftProgress } from '~/commerce/rules/totals'
import { countProducts, isHiddenAttribute, productsWithAddons } from '~/commerce/rules/line-groups'
import type { Cart, CartLine } from '~/commerce/types'
import type { StoreSettings } from '~/server/settings.server'

/** document 000 §4: the gift line shows the variant title 'Único'. */
export const GIFT_VARIANT_LABEL = 'Único'

type ViewSettings = Pick<StoreSettings, 'freeShippingThresholdCents' | 'giftThresholdCents' | 'giftProductHandle'>

function optionsLabel(line: CartLine): string {
	if (line.isGift) return GIFT_VARIANT_LABEL
	const values = line.merchandise.selectedOptions.map((o) => o.value).filter(Boolean)
	if (values.length > 0) return values.join(' • ')
	// A variant without options is the product itself: its title ('Único', 'Default Title') says nothing.
	return ''
}

function toViewLine(line: CartLine, addonOf: string | null): CartViewLine {
	const image = line.merchandise.product.featuredImage
	return {
		id: line.id,
		productTitle: line.merchandise.product.title,
		productHandle: line.merchandise.product.handle,
		image: image ? { url: image.url, altText: image.altText ?? line.merchandise.product.title } : null,
		optionsLabel: optionsLabel(line),
		// Hidden attributes (the add-on group key) are the shop's, not the shopper's.
		attributes: line.attributes.filter((a) => !isHiddenAttribute(a.key)).map((a) => ({ key: a.key, value: a.value })),
		quantity: line.quantity,
		unitPriceCents: line.cost.unitPrice.amountCents,
		totalCents: line.cost.total.amountCents,
		isGift: line.isGift,
		isSubscription: line.isSubscription,
		unavailable: line.unavailable,
		addonOf,
		// document 001 §5 and issue 31: wholesale and personalised collar lines hold at least 10
		// units; the drawer's minus stops there.
		minQuantity: lineMinimumOf(line.merchandise.product.handle)?.quantity ?? 1,
	}
}

/**
 * The lines in drawer order, each add-on right after the product line it follows (issue 13,
 * defect 3), with that line's id.
 */
function orderedViewLines(lines: readonly CartLine[]): CartViewLine[] {
	return productsWithAddons(lines, (line) => line).map(({ line, addonOf }) => toViewLine(line, addonOf?.id ?? null))
}

/**
 * A cart id must not reach the page's scripts (the cookie is httpOnly for a reason), but the
 * live-update subscription must restart when the cart changes (sign-in switches carts): a
 * one-way digest of the id tells carts apart without revealing them.
 */
export function cartLiveKey(cartId: string): string {
	return createHash('sha256').update(`cart-live:${cartId}`).digest('base64url').slice(0, 16)
}

/** The non-gift subtotal of the lines that can be bought: what the gift and shipping rules read. */
export function ruleSubtotalCents(cart: Cart): number {
	return nonGiftSubtotalCents(
		cart.lines
			.filter((l) => !l.unavailable)
			.map((l) => ({
				unitPriceCents: l.cost.unitPrice.amountCents,
				quantity: l.quantity,
				isGift: l.isGift,
				isSubscription: l.isSubscription,
			})),
	)
}

export function toCartView(cart: Cart | null, settings: ViewSettings): CartView {
	if (!cart) return EMPTY_CART_VIEW
	const subtotalCents = ruleSubtotalCents(cart)
	const isSubscription = cart.lines.some((l) => l.isSubscription && !l.unavailable)
	const shipping = freeShippingProgress(subtotalCents, settings.freeShippingThresholdCents)
	const gift = giftProgress(subtotalCents, settings.giftThresholdCents)
	return {
		lines: orderedViewLines(cart.lines),
		// Issue 31: products, not lines: add-ons go with their product.
		itemCount: countProducts(cart.lines),
		subtotalCents,
		totalCents: cart.cost.total.amountCents,
		isSubscription,
		// Subscriptions ship free (decision 6).
		freeShipping: isSubscription ? { remainingCents: 0, percent: 100, reached: true } : shipping,
		gift: {
			...gift,
			show: showGiftProgress({
				isSubscriptionCart: isSubscription,
				remainingCents: gift.remainingCents,
				giftConfigured: settings.giftProductHandle !== null,
			}),
		},
		liveKey: cartLiveKey(cart.id),
	}
}
