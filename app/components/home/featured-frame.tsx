import { drawnLater } from '~/components/drawn-later'
import { ProductGridSkeleton } from '~/components/shop/product-grid-skeleton'
import { SUGGESTION_COUNT } from '~/utils/home-sections'
import { SectionHeading } from './section-heading'

/*
 * The frame of 'Produtos em Destaque' and its skeleton: what the server draws and hydration meets. The cards,
 * their suggestions button and the product card's code (featured-products.tsx) load after the page's first
 * JavaScript, with the visitor's products (issue 34; home.tsx).
 */

// Six cards: 2 × 3 on phones, 3 × 2 on tablets, one row of six on desktops.
export const FEATURED_GRID = 'lg:grid-cols-6 lg:gap-4'

const TITLE_ID = 'destaque-title'

export function FeaturedFrame({ description, children, action }: { description?: string; children: React.ReactNode; action?: React.ReactNode }) {
	return (
		<section aria-labelledby={TITLE_ID} className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-12" data-testid="home-featured" {...drawnLater('product-cards')}>
			<div className="flex flex-wrap items-end justify-between gap-x-4">
				<SectionHeading id={TITLE_ID} title="Produtos em Destaque" description={description} />
				{action}
			</div>
			{children}
		</section>
	)
}

/**
 * document 000 §2 'Featured states': loading skeleton with 6 placeholders. Still: below the fold on a
 * phone, it waits for the page's first JavaScript, and a pulse nobody sees costs a style pass per frame.
 */
export function FeaturedProductsSkeleton() {
	return (
		<FeaturedFrame>
			<ProductGridSkeleton count={SUGGESTION_COUNT} className={FEATURED_GRID} pulse={false} />
		</FeaturedFrame>
	)
}
