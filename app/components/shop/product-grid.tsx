import { ProductCard, type ProductCardData } from '~/components/shop/product-card'
import { Skeleton } from '~/components/ui/skeleton'
import { cn } from '~/utils/cn'

// Columns: 2 on phones, 3 from md, 4 from lg (PRODUCT_CARD_IMAGE_SIZES follows these).
const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-6'
// The widest first row: its images are above the fold, so they are not lazy.
const FIRST_ROW = 4

type ProductGridProps = {
	products: ProductCardData[]
	headingLevel?: 'h2' | 'h3'
	className?: string
	/** Whether the grid starts near the top of the page (first row loads eagerly). */
	aboveTheFold?: boolean
}

export function ProductGrid({ products, headingLevel = 'h2', className, aboveTheFold = true }: ProductGridProps) {
	return (
		<ul className={cn(GRID_CLASSES, className)}>
			{products.map((product, index) => (
				<li key={product.id} className="flex">
					<ProductCard product={product} headingLevel={headingLevel} priority={aboveTheFold && index < FIRST_ROW} />
				</li>
			))}
		</ul>
	)
}

/** Placeholder cards with the real cards' shape while a list loads. */
export function ProductGridSkeleton({ count = 8, className }: { count?: number; className?: string }) {
	return (
		<div className={cn(GRID_CLASSES, className)} aria-busy="true" aria-live="polite">
			<span className="sr-only">Carregando produtos...</span>
			{Array.from({ length: count }, (_, index) => (
				<div key={index} data-testid="product-card-skeleton" className="overflow-hidden rounded-xl border bg-card">
					<Skeleton className="aspect-square rounded-none" />
					<div className="space-y-2 p-3 sm:p-4">
						<Skeleton className="h-4 w-3/4" />
						<Skeleton className="h-5 w-1/3" />
						<Skeleton className="h-3 w-1/2" />
					</div>
				</div>
			))}
		</div>
	)
}
