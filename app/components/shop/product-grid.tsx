import { ProductCard, type ProductCardData } from '~/components/shop/product-card'
import { cn } from '~/utils/cn'
import { GRID_CLASSES } from './product-grid-skeleton'

export { ProductGridSkeleton } from './product-grid-skeleton'

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
