import { Skeleton } from '~/components/ui/skeleton'
import { cn } from '~/utils/cn'

/*
 * The grid's placeholder without the cards' code (issue 34): the shell's pending-page skeletons and
 * the home's 'Produtos em Destaque' show it on every page, and importing it from product-grid.tsx
 * put the product card (favourites, prices, instalments) in every page's first load.
 */

// Columns: 2 on phones, 3 from md, 4 from lg (PRODUCT_CARD_IMAGE_SIZES follows these).
export const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-6'

/** Placeholder cards with the real cards' shape while a list loads (`pulse`: see Skeleton). */
export function ProductGridSkeleton({ count = 8, className, pulse = true }: { count?: number; className?: string; pulse?: boolean }) {
	return (
		<div className={cn(GRID_CLASSES, className)} aria-busy="true" aria-live="polite">
			<span className="sr-only">Carregando produtos...</span>
			{Array.from({ length: count }, (_, index) => (
				<div key={index} data-testid="product-card-skeleton" className="overflow-hidden rounded-xl border bg-card">
					<Skeleton pulse={pulse} className="aspect-square rounded-none" />
					<div className="space-y-2 p-3 sm:p-4">
						<Skeleton pulse={pulse} className="h-4 w-3/4" />
						<Skeleton pulse={pulse} className="h-5 w-1/3" />
						<Skeleton pulse={pulse} className="h-3 w-1/2" />
					</div>
				</div>
			))}
		</div>
	)
}
