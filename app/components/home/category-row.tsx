import type { ProductCardData } from '~/components/shop/product-card'
import { ProductGrid } from '~/components/shop/product-grid'
import { Skeleton } from '~/components/ui/skeleton'
import type { CategoryRowConfig } from '~/utils/home-sections'
import { useRef } from 'react'
import { RowArrows } from './row-arrows'
import { SectionHeading } from './section-heading'

/*
 * A horizontal row of up to 20 product cards: the shared grid turned into a scroll-snap
 * track (about two cards visible on phones, four on desktops), so ten rows of twenty do not
 * make the page endless. The cards' image `sizes` (50vw / 33vw / 25vw) fit these widths.
 */
const ROW_TRACK =
	'grid-flow-col grid-cols-none md:grid-cols-none lg:grid-cols-none auto-cols-[46%] md:auto-cols-[31%] lg:auto-cols-[23.5%] overflow-x-auto snap-x snap-mandatory pb-3 [scrollbar-width:thin] [&>li]:snap-start'

function titleId(row: CategoryRowConfig) {
	return `linha-${row.handle}-title`
}

/** document 000 §2: a category row shows only when it has products; 'Ver Todos' goes to its category page. */
export function CategoryRow({ row, products }: { row: CategoryRowConfig; products: ProductCardData[] | null }) {
	const track = useRef<HTMLDivElement>(null)
	if (!products || products.length === 0) return null
	return (
		<section aria-labelledby={titleId(row)} className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-8" data-testid="home-category-row">
			<SectionHeading
				id={titleId(row)}
				title={row.title}
				viewAllHref={row.href}
				actions={<RowArrows container={track} label={row.title} />}
			/>
			<div ref={track}>
				<ProductGrid products={products} headingLevel="h3" aboveTheFold={false} className={ROW_TRACK} />
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
