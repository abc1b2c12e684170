import { MessageCircleIcon, PackageSearchIcon, SearchIcon } from '~/components/icons/lucide'
import { data, Form, Link } from 'react-router'
import { hasFilters, NO_FILTERS, parseBrowseParams } from '~/commerce/rules/browse'
import { FOOTER_CATEGORIES } from '~/components/shop/navigation'
import { useShopUi } from '~/components/shop/shop-ui'
import { BrowseControls, BrowsePagination } from '~/components/shop/browse-controls'
import { type ProductCardData, toProductCardData } from '~/components/shop/product-card'
import { ProductGrid } from '~/components/shop/product-grid'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import type { CommerceProvider } from '~/commerce/provider'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/search-results'

/** Document 000 §5: search runs from 2 trimmed characters; the panel's field takes 100. */
const MIN_QUERY = 2
const MAX_QUERY = 100
/** The search panel's words for the same failure (resources/search.ts). */
export const SEARCH_FAILED = 'Não foi possível buscar produtos agora. Tente novamente.'

/**
 * /busca?q= — the whole result list of a search (issue 13): Enter in the header's search panel
 * opens it; the panel stays for suggestions. Same ranking as the panel, with the category
 * pages' sort, filters and paging, all in the URL and rendered on the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const query = (url.searchParams.get('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY)
	const params = parseBrowseParams(url.searchParams)
	if (query.length < MIN_QUERY) return { query, result: null }
	const [{ getCommerce }, { isCommerceError }, { logger }] = await Promise.all([
		import('~/commerce/index.server'),
		import('~/commerce/errors'),
		import('~/server/logger.server'),
	])
	let browsed
	try {
		browsed = await getCommerce().browseProducts({ query, params })
	} catch (error) {
		if (!isCommerceError(error) || error.code !== 'provider_error') throw error
		// document 000 §8: a failed search empties the results and is logged; the page says the
		// search failed (not "nothing found") and keeps its form, with the upstream's status.
		logger.error({ err: error, query }, 'falha na busca de produtos')
		return data({ query, result: null, failed: true as const }, { status: error.status, headers: { 'Cache-Control': 'no-store' } })
	}
	if (!browsed) return { query, result: null }
	// Issue 31: a search that finds nothing still offers something to buy.
	const bestSellers =
		browsed.total === 0 && !hasFilters(params.filters)
			? await loadBestSellers(getCommerce()).catch((error: unknown) => {
					logger.warn({ err: error }, 'busca sem resultados: mais vendidos indisponíveis')
					return []
				})
			: []
	return {
		query,
		bestSellers: bestSellers.map(toProductCardData),
		result: {
			products: browsed.products.map(toProductCardData),
			total: browsed.total,
			pageCount: browsed.pageCount,
			params: { ...params, page: browsed.page },
			facets: browsed.facets,
		},
	}
}

/** The collections the zero-results page takes its best-sellers from: the best-selling product of each. */
const BEST_SELLER_COLLECTIONS = ['bandana', 'colar', 'lacinhos', 'gravatas'] as const

async function loadBestSellers(commerce: CommerceProvider) {
	const pages = await Promise.all(
		BEST_SELLER_COLLECTIONS.map((collectionHandle) =>
			commerce
				.browseProducts({ collectionHandle, params: { sort: 'mais-vendidos', filters: NO_FILTERS, page: 1 }, pageSize: 1 })
				.catch(() => null),
		),
	)
	return pages.flatMap((page) => page?.products ?? [])
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
	{ title: pageTitle(loaderData?.query ? `Busca: ${loaderData.query}` : 'Busca', matches) },
	// Result pages are endless variations of the catalogue: not for search engines.
	{ name: 'robots', content: 'noindex, follow' },
]

export default function SearchResultsPage({ loaderData }: Route.ComponentProps) {
	const { query, result } = loaderData
	const failed = 'failed' in loaderData && loaderData.failed
	const keep = { q: query }
	return (
		<main className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-10">
			<div className="mb-6 flex flex-col gap-4">
				<h1 className="text-2xl font-bold sm:text-3xl">{query ? `Resultados para "${query}"` : 'Buscar produtos'}</h1>
				<Form method="get" role="search" className="flex max-w-xl gap-2">
					<label htmlFor="busca-q" className="sr-only">
						Buscar na loja
					</label>
					{/* Keyed by the query: a new search from the header shows its own words here, not the last ones. */}
					<Input key={query} id="busca-q" type="search" name="q" defaultValue={query} maxLength={MAX_QUERY} placeholder="Buscar produtos..." />
					<Button type="submit">
						<SearchIcon aria-hidden="true" />
						Buscar
					</Button>
				</Form>
				{result ? (
					<p className="text-sm text-muted-foreground" data-testid="contagem">
						{result.total} {result.total === 1 ? 'produto encontrado' : 'produtos encontrados'}
					</p>
				) : null}
			</div>
			{failed ? (
				<div className="flex flex-col items-center gap-3 py-16 text-center" role="alert">
					<PackageSearchIcon className="size-12 text-muted-foreground" aria-hidden="true" />
					<p className="text-lg font-medium">{SEARCH_FAILED}</p>
					<Button asChild variant="outline">
						{/* A full reload: the point is to ask the store again. */}
						<a href="">Tentar Novamente</a>
					</Button>
				</div>
			) : !result ? (
				<p className="text-muted-foreground">Digite pelo menos {MIN_QUERY} letras para buscar.</p>
			) : result.total === 0 && !hasFilters(result.params.filters) ? (
				<div className="flex flex-col items-center gap-3 py-16 text-center">
					<PackageSearchIcon className="size-12 text-muted-foreground" aria-hidden="true" />
					<p className="text-lg font-medium">{`Nenhum produto encontrado para "${query}"`}</p>
					<p className="text-sm text-muted-foreground">Confira a ortografia ou tente uma palavra mais simples, como "bandana" ou "coleira".</p>
					<NothingFound bestSellers={'bestSellers' in loaderData ? loaderData.bestSellers : []} />
				</div>
			) : (
				<div className="grid gap-6 lg:grid-cols-[220px_1fr]">
					<aside>
						<BrowseControls params={result.params} facets={result.facets} keep={keep} />
					</aside>
					<div>
						{result.products.length === 0 ? (
							<div className="flex flex-col items-center gap-3 py-16 text-center">
								<PackageSearchIcon className="size-12 text-muted-foreground" aria-hidden="true" />
								<p className="text-lg font-medium">{`Nenhum produto encontrado para "${query}"`}</p>
								<p className="text-sm text-muted-foreground">Tente outros filtros.</p>
							</div>
						) : (
							<ProductGrid products={result.products} className="lg:grid-cols-3" />
						)}
						<BrowsePagination params={result.params} page={result.params.page} pageCount={result.pageCount} keep={keep} />
					</div>
				</div>
			)}
		</main>
	)
}

/**
 * Issue 31: a search that found nothing offers the best-sellers, the categories and the
 * assistant, who can understand what the shopper meant.
 */
function NothingFound({ bestSellers }: { bestSellers: ProductCardData[] }) {
	const { setChatOpen } = useShopUi()
	return (
		<div className="mt-4 flex w-full flex-col items-center gap-8">
			<Button type="button" variant="outline" onClick={() => setChatOpen(true)}>
				<MessageCircleIcon aria-hidden="true" />
				Pergunte à Aria
			</Button>
			<nav aria-label="Categorias" className="flex flex-col items-center gap-3">
				<h2 className="text-base font-semibold">Categorias</h2>
				<ul className="flex flex-wrap justify-center gap-2">
					{FOOTER_CATEGORIES.map((category) => (
						<li key={category.to}>
							<Link to={category.to} className="inline-block rounded-full border px-4 py-1.5 text-sm hover:bg-muted">
								{category.label}
							</Link>
						</li>
					))}
				</ul>
			</nav>
			{bestSellers.length > 0 ? (
				<section aria-labelledby="mais-vendidos" className="w-full text-left">
					<h2 id="mais-vendidos" className="mb-4 text-center text-base font-semibold">
						Mais vendidos
					</h2>
					<ProductGrid products={bestSellers} className="lg:grid-cols-4" />
				</section>
			) : null}
		</div>
	)
}
