import { ProductGridSkeleton } from '~/components/shop/product-grid-skeleton'

/** Document 001 §2 'Meus Favoritos': three loading placeholders while the list loads. */
export const FAVORITES_SKELETON_CARDS = 3

export function FavoritesPageSkeleton() {
	return (
		<main className="mx-auto w-full max-w-6xl p-4 md:p-8" aria-busy="true" data-testid="favorites-page-skeleton">
			<h1 className="text-2xl font-bold md:text-3xl">Meus Favoritos</h1>
			<ProductGridSkeleton count={FAVORITES_SKELETON_CARDS} className="mt-6" />
		</main>
	)
}

/** Customer-area route ids (app/routes.ts) → the skeleton shown while one of them loads. */
export const ACCOUNT_PENDING_SKELETONS: Readonly<Record<string, React.ComponentType>> = {
	'routes/account/favorites': FavoritesPageSkeleton,
}
