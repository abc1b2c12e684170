import { parseWithZod } from '@conform-to/zod/v4'
import { applyCouponSchema, checkoutSchema } from '~/utils/checkout-schema'

/**
 * The checkout form's validation in the browser: the server's own schema, so the messages are the
 * action's. zod, its conform adapter and the schema were ~17 KB gzip of the page's first load, so
 * this module is not in it: use-checkout-validation.ts loads it once the page has been used and is idle, or the
 * shopper reaches the form.
 */
export function validateCheckout(formData: FormData) {
	// 'Aplicar' checks only the coupon (the cast: conform types one schema per form).
	const schema = formData.get('intent') === 'apply-coupon' ? (applyCouponSchema as unknown as typeof checkoutSchema) : checkoutSchema
	return parseWithZod(formData, { schema })
}
