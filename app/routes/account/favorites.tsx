import { ExternalLinkIcon, HeartIcon } from '~/components/icons/lucide'
import { Link } from 'react-router'
import { RemoveFavoriteButton } from '~/components/account/remove-favorite-button'
import { ProductCard, type ProductCardData, toProductCardData } from '~/components/shop/product-card'
import { Button } from '~/components/ui/button'
import { requireUser } from '~/server/auth/guards.server'
import { type FavoriteItem, listFavorites } from '~/server/favorites.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/favorites'

/*
 * /user/favorites — 'Meus Favoritos' (document 001 §2; decision 8: the header heart opens it).
 * The person's favourites newest first, as product cards with their heart, plus 'Remover' and
 * 'Ver'. Live refresh needs nothing here: the root's LiveUpdates revalidates on any change to
 * the person's favourites (another tab, another device), which reruns this loader.
 */

export const FAVORITES_PAGE_TITLE = 'Meus Favoritos'

export const meta: Route.MetaFunction = ({ matches }) => [
	{ title: pageTitle(FAVORITES_PAGE_TITLE, matches) },
	{ name: 'robots', content: 'noindex' },
]

/** The stored copy, when the catalogue cannot tell more (product withdrawn, provider down). */
function fromSnapshot(item: FavoriteItem, inCatalogue: boolean): ProductCardData {
	return {
		id: item.productId,
		handle: item.productHandle,
		title: item.productTitle,
		priceCents: item.productPriceCents,
		image: item.productImageUrl ? { url: item.productImageUrl, altText: null, width: null, height: null } : null,
		availableForSale: inCatalogue,
		isSubscription: false,
	}
}

export async function loader({ request }: Route.LoaderArgs) {
	// Every loader checks for itself; the layout's check is not relied upon.
	const user = await requireUser(request)
	const favorites = await listFavorites(user.id)
	if (favorites.length === 0) return { favorites: [] as ProductCardData[] }

	const [{ getCommerce }, { logger }] = await Promise.all([import('~/commerce/index.server'), import('~/server/logger.server')])
	// Today's price, picture and availability come from the catalogue, by the favourite's product id
	// (decision 051: the built-in uuid or the store's gid; any number of favourites, a renamed
	// product still found), which stays the card's id: the hearts and the endpoint know it.
	const current = await getCommerce()
		.getProductsByIds(favorites.map((item) => item.productId))
		.catch((error: unknown) => {
			logger.error({ err: error }, 'favoritos: catálogo indisponível, usando os dados salvos')
			return null
		})
	return {
		favorites: favorites.map((item) => {
			if (!current) return fromSnapshot(item, true)
			const product = current.find((p) => p.id === item.productId)
			return product ? { ...toProductCardData(product), id: item.productId } : fromSnapshot(item, false)
		}),
	}
}

export default function AccountFavorites({ loaderData }: Route.ComponentProps) {
	const { favorites } = loaderData
	return (
		<main className="mx-auto w-full max-w-6xl p-4 md:p-8">
			<h1 className="text-2xl font-bold md:text-3xl">{FAVORITES_PAGE_TITLE}</h1>
			{favorites.length === 0 ? (
				<div className="mt-8 flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-16 text-center">
					<HeartIcon className="size-12 text-muted-foreground" aria-hidden="true" />
					<p className="text-lg font-medium">Nenhum favorito ainda</p>
					<Button asChild>
						<Link to="/">Explorar Produtos</Link>
					</Button>
				</div>
			) : (
				<ul className="mt-6 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
					{favorites.map((product, index) => (
						<li key={product.id} className="flex flex-col gap-2">
							<ProductCard product={product} headingLevel="h2" priority={index < 2} />
							<div className="flex gap-2">
								<RemoveFavoriteButton product={product} />
								<Button asChild size="sm" className="flex-1">
									<Link to={`/produto/${product.handle}`} aria-label={`Ver ${product.title}`}>
										<ExternalLinkIcon aria-hidden="true" />
										Ver
									</Link>
								</Button>
							</div>
						</li>
					))}
				</ul>
			)}
		</main>
	)
}
