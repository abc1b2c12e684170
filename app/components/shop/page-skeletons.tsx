import { ProductGridSkeleton } from '~/components/shop/product-grid-skeleton'
import { Skeleton } from '~/components/ui/skeleton'

/*
 * What a storefront page looks like while it loads (document 000 §2: category '8 skeleton
 * cards while loading'; product page 'Loader, then product'). Shown by the shop shell in place
 * of the page being left; each has the real page's layout so nothing jumps when it arrives.
 */

/** Document 000 §2: a category loads behind 8 placeholder cards. */
export const CATEGORY_SKELETON_CARDS = 8

export function CategoryPageSkeleton() {
	return (
		<main className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-10" aria-busy="true" data-testid="category-page-skeleton">
			<div className="mb-6 flex flex-col gap-3" aria-hidden="true">
				<Skeleton className="h-8 w-20" />
				<div className="flex flex-wrap items-baseline justify-between gap-2">
					<Skeleton className="h-8 w-48 sm:h-9" />
					<Skeleton className="h-4 w-20" />
				</div>
			</div>
			<ProductGridSkeleton count={CATEGORY_SKELETON_CARDS} />
		</main>
	)
}

export function ProductPageSkeleton() {
	return (
		<main aria-busy="true" data-testid="product-page-skeleton">
			<div className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 py-6 sm:py-10">
				<span className="sr-only">Carregando produto…</span>
				<div className="flex flex-col gap-3" aria-hidden="true">
					<Skeleton className="h-4 w-56" />
					<Skeleton className="h-8 w-20" />
				</div>
				<div className="grid items-start gap-8 md:grid-cols-2 lg:gap-12" aria-hidden="true">
					{/* Gallery: the main picture and a row of thumbnails. */}
					<div className="flex flex-col gap-3">
						<Skeleton className="aspect-square w-full rounded-xl" />
						<div className="flex gap-2">
							{Array.from({ length: 4 }, (_, index) => (
								<Skeleton key={index} className="size-16 rounded-md sm:size-20" />
							))}
						</div>
					</div>
					{/* Title, rating, price, instalments, then the buttons. */}
					<div className="flex flex-col gap-6">
						<div className="flex flex-col gap-3">
							<Skeleton className="h-8 w-4/5 sm:h-9" />
							<Skeleton className="h-4 w-40" />
							<Skeleton className="h-9 w-32" />
							<Skeleton className="h-4 w-56" />
						</div>
						<Skeleton className="h-10 w-full" />
						<Skeleton className="h-11 w-full" />
						<Skeleton className="h-11 w-full" />
					</div>
				</div>
			</div>
		</main>
	)
}

/**
 * Storefront route ids (app/routes.ts) → the skeleton shown while one of them loads. Both
 * category forms share one module; '/:handle' matches any short handle, so /higiene and
 * /cachecol get the skeleton like /bandanas.
 */
export const STOREFRONT_PENDING_SKELETONS: Readonly<Record<string, React.ComponentType>> = {
	category: CategoryPageSkeleton,
	'category-short': CategoryPageSkeleton,
	'routes/storefront/product': ProductPageSkeleton,
}
