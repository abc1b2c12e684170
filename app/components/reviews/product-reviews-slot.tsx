import type * as ProductReviewsModule from './product-reviews'
import { DeferredPart } from '~/components/ui/deferred-part'
import { loadOnce } from '~/utils/load-once'

/*
 * The reviews section (summary, list and form) out of the product page's first load (issue 34,
 * decisions 138 and 146): it sits at the bottom of the page, and only its form does anything. Its
 * code loads when it comes near the viewport; until then the server's HTML is kept, and a star
 * clicked or a comment typed there is read back when the code comes (components/ui/deferred-part.tsx).
 * 'Enviar Avaliação' stays disabled in the server's form (no star on the server), so nothing is
 * sent unchecked.
 */

/** Loads the section's module once (a failed load may be tried again). */
const productReviews = loadOnce(() => import('./product-reviews'))
export const loadProductReviews = productReviews.load

export function ProductReviewsSlot(props: Omit<ProductReviewsModule.ProductReviewsProps, 'initialForm'>) {
	return (
		<DeferredPart
			part={productReviews}
			when="near"
			restore={(module, server) => module.readReviewForm(server)}
			render={(module, initialForm) => <module.ProductReviews {...props} initialForm={initialForm} />}
		/>
	)
}
