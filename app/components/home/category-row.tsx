import type { ProductCardData } from '~/components/shop/product-card'
import { ProductGrid } from '~/components/shop/product-grid'
import { Skeleton } from '~/components/ui/skeleton'
import type { CategoryRowConfig } from '~/utils/home-sections'
import { type RefObject, useEffect, useRef, useState } from 'react'
import { RowArrows } from './row-arrows'
import { SectionHeading } from './section-heading'

/*
 * A horizontal row of up to 20 product cards: the shared grid turned into a scroll-snap
 * track (about two cards visible on phones, four on desktops), so ten rows of twenty do not
 * make the page endless. The cards' image `sizes` (50vw / 33vw / 25vw) fit these widths.
 */
const ROW_TRACK =
	'grid-flow-col grid-cols-none md:grid-cols-none lg:grid-cols-none auto-cols-[46%] md:auto-cols-[31%] lg:auto-cols-[23.5%] overflow-x-auto snap-x snap-mandatory pb-3 [scrollbar-width:thin] [&>li]:snap-start'

/**
 * Cards the server renders per row (decision 058): the most any screen shows before the row is
 * scrolled (a phone ~2, a desktop ~4¼). The rest of the row (up to 20) is drawn in the browser when
 * the row comes within a screen of the viewport, or when the shopper reaches it by keyboard or
 * mouse — ten rows of twenty cards were most of the home page's rendering work on every request.
 */
export const SERVER_RENDERED_ROW_CARDS = 5

/**
 * Whether the row is near: false on the server and at hydration, true once the row comes within a
 * screen of the viewport (or is reached by pointer or keyboard). Until then the row draws only its
 * first cards and its arrows do not measure it: reading a row's geometry makes the browser lay out
 * a row it would otherwise skip (content-visibility, home.tsx).
 */
function useRowNear(section: RefObject<HTMLElement | null>): [boolean, () => void] {
	const [near, setNear] = useState(false)
	useEffect(() => {
		const element = section.current
		if (near || !element) return
		// Every browser the shop supports has it; without it the row still draws the rest on pointer or focus.
		if (typeof IntersectionObserver === 'undefined') return
		const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
			rootMargin: '100% 0px 100% 0px',
		})
		observer.observe(element)
		return () => observer.disconnect()
	}, [section, near])
	return [near, () => setNear(true)]
}

function titleId(row: CategoryRowConfig) {
	return `linha-${row.handle}-title`
}

/** document 000 §2: a category row shows only when it has products; 'Ver Todos' goes to its category page. */
export function CategoryRow({ row, products }: { row: CategoryRowConfig; products: ProductCardData[] | null }) {
	const section = useRef<HTMLElement>(null)
	const track = useRef<HTMLDivElement>(null)
	const count = products?.length ?? 0
	const [near, drawAll] = useRowNear(section)
	if (!products || count === 0) return null
	const shown = near ? products : products.slice(0, SERVER_RENDERED_ROW_CARDS)
	return (
		<section
			ref={section}
			aria-labelledby={titleId(row)}
			className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-8"
			data-testid="home-category-row"
			onFocus={near ? undefined : drawAll}
			onPointerEnter={near ? undefined : drawAll}
		>
			<SectionHeading
				id={titleId(row)}
				title={row.title}
				viewAllHref={row.href}
				actions={<RowArrows container={track} label={row.title} itemCount={shown.length} measure={near} />}
			/>
			<div ref={track}>
				<ProductGrid products={shown} headingLevel="h3" aboveTheFold={false} className={ROW_TRACK} />
			</div>
		</section>
	)
}

/** While a row streams in: its title and four card placeholders (no 'Ver Todos' until it has products). */
export function CategoryRowSkeleton({ row }: { row: CategoryRowConfig }) {
	return (
		<div className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-8" aria-busy="true">
			<p className="mb-4 text-2xl font-bold tracking-tight text-muted-foreground sm:mb-6 sm:text-3xl">{row.title}</p>
			<div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-6">
				{Array.from({ length: 4 }, (_, index) => (
					<div
						key={index}
						data-testid="product-card-skeleton"
						className={index === 3 ? 'hidden lg:block' : index === 2 ? 'hidden md:block' : undefined}
					>
						<Skeleton className="aspect-square rounded-xl" />
						<Skeleton className="mt-3 h-4 w-3/4" />
						<Skeleton className="mt-2 h-5 w-1/3" />
					</div>
				))}
			</div>
		</div>
	)
}
