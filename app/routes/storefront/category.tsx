import { ArrowLeftIcon, PackageSearchIcon } from '~/components/icons/lucide'
import { isRouteErrorResponse, Link, redirect, useRouteError } from 'react-router'
import { isUnavailableError, logBoundaryErrorInBrowser } from '~/components/shop/error-kinds'
import { ErrorPageSlot } from '~/components/shop/error-page-slot'
import { ProductGrid } from '~/components/shop/product-grid'
import { BrowseControls, BrowsePagination } from '~/components/shop/browse-controls'
import { hasFilters, parseBrowseParams } from '~/commerce/rules/browse'
import { toProductCardData } from '~/components/shop/product-card'
import { Button } from '~/components/ui/button'
import { pageTitle, shareMeta } from '~/utils/meta'
import { collectionHandleParam } from '~/server/route-params.server'
import type { Route } from './+types/category'

/*
 * One module, two routes (document 000 §2, decision 19): `/categoria/:handle` shows the
 * collection's own title; `/:handle` is the short form the footer and old links use, with
 * the documented titles. Both declare `/categoria/{real handle}` as canonical.
 */

/** Document 000 §2: 50 products per category page. */
export const CATEGORY_PAGE_SIZE = 50

/** Short handles used by links that name a collection by another handle. */
const HANDLE_ALIASES: Readonly<Record<string, string>> = { bandanas: 'bandana', colares: 'colar', box: 'shinebox' }

/** Titles of the `/{handle}` form (document 000 §2 route table); other handles show the handle itself. */
const SHORT_FORM_TITLES: Readonly<Record<string, string>> = {
	bandanas: 'Bandanas',
	colares: 'Colares',
	lacinhos: 'Lacinhos',
	gravatas: 'Gravatas',
	box: 'Box de Produtos',
}


async function notFound(request: Request): Promise<never> {
	const { logger } = await import('~/server/logger.server')
	logger.warn({ path: new URL(request.url).pathname }, '404: página não encontrada')
	throw new Response('Not Found', { status: 404 })
}

export async function loader({ request, params }: Route.LoaderArgs) {
	const requested = collectionHandleParam(params)
	if (!requested) return notFound(request)
	const shortForm = !new URL(request.url).pathname.startsWith('/categoria/')
	const handle = HANDLE_ALIASES[requested] ?? requested
	// The wholesale collection is sold through its own page (tiers, minimum of 10), never as a
	// generic category whose one-unit add the cart would refuse.
	if (handle === 'atacado') throw redirect('/atacado', 301)

	const [{ getCommerce }, { absoluteUrl }] = await Promise.all([
		import('~/commerce/index.server'),
		import('~/server/seo.server'),
	])
	// Sort, filters and page from the URL (issue 13); the server renders the filtered page.
	const browseParams = parseBrowseParams(new URL(request.url).searchParams)
	// Provider failures propagate to the ErrorBoundary ('Erro ao carregar produtos da categoria').
	const commerce = getCommerce()
	const [result, browsed] = await Promise.all([
		commerce.getCollectionByHandle(handle, { first: 1 }),
		commerce.browseProducts({ collectionHandle: handle, params: browseParams, pageSize: CATEGORY_PAGE_SIZE }),
	])
	if (!result || !browsed) return notFound(request)
	const { collection } = result
	const products = browsed.products

	const title = shortForm ? (SHORT_FORM_TITLES[requested] ?? requested) : collection.title
	const firstImage = products.find((p) => p.images[0])?.images[0]
	return {
		title,
		collection: { handle: collection.handle, productCount: collection.productCount },
		products: products.map(toProductCardData),
		browse: { params: { ...browseParams, page: browsed.page }, facets: browsed.facets, total: browsed.total, pageCount: browsed.pageCount },
		seo: {
			canonicalUrl: absoluteUrl(`/categoria/${collection.handle}`),
			imageUrl: firstImage ? absoluteUrl(firstImage.url) : null,
			description:
				collection.description.trim() ||
				`${title}: acessórios para pets com produção em 4 dias úteis, envio para todo o Brasil e parcelamento em até 6x sem juros.`,
		},
	}
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
	if (!loaderData) {
		const notFound = isRouteErrorResponse(error) && error.status === 404
		return [
			{ title: pageTitle(notFound ? 'Página não encontrada' : 'Erro ao carregar produtos da categoria', matches) },
			{ name: 'robots', content: 'noindex' },
		]
	}
	const title = pageTitle(loaderData.title, matches)
	const { canonicalUrl, imageUrl, description } = loaderData.seo
	return [{ title }, ...shareMeta({ title, description, url: canonicalUrl, imageUrl }, matches)]
}

function BackButton() {
	return (
		<Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
			<Link to="/">
				<ArrowLeftIcon aria-hidden="true" />
				Voltar
			</Link>
		</Button>
	)
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
	const { title, products, collection, browse } = loaderData
	const filtered = hasFilters(browse.params.filters)
	return (
		<main className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-10">
			<div className="mb-6 flex flex-col gap-3">
				<BackButton />
				<div className="flex flex-wrap items-baseline justify-between gap-2">
					<h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
					{collection.productCount > 0 ? (
						<p className="text-sm text-muted-foreground" data-testid="contagem">
							{filtered ? `${browse.total} de ${collection.productCount}` : browse.total}{' '}
							{(filtered ? collection.productCount : browse.total) === 1 ? 'produto' : 'produtos'}
						</p>
					) : null}
				</div>
			</div>
			{/* While another category loads, the shop shell shows its skeleton (page-skeletons.tsx). */}
			{collection.productCount === 0 ? (
				<div className="flex flex-col items-center gap-4 py-16 text-center">
					<PackageSearchIcon className="size-12 text-muted-foreground" aria-hidden="true" />
					<p className="text-lg font-medium">Nenhum produto encontrado</p>
					<Button asChild>
						<Link to="/">Voltar para a loja</Link>
					</Button>
				</div>
			) : (
				<div className="grid gap-6 lg:grid-cols-[220px_1fr]">
					<aside>
						<BrowseControls params={browse.params} facets={browse.facets} />
					</aside>
					<div>
						{products.length === 0 ? (
							<div className="flex flex-col items-center gap-3 py-16 text-center">
								<PackageSearchIcon className="size-12 text-muted-foreground" aria-hidden="true" />
								<p className="text-lg font-medium">Nenhum produto encontrado</p>
								<p className="text-sm text-muted-foreground">Tente outros filtros.</p>
							</div>
						) : (
							<ProductGrid products={products} className="lg:grid-cols-3" />
						)}
						<BrowsePagination params={browse.params} page={browse.params.page} pageCount={browse.pageCount} />
					</div>
				</div>
			)}
		</main>
	)
}

export function ErrorBoundary() {
	const error = useRouteError()
	if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPageSlot>{(pages) => <pages.NotFoundContent />}</ErrorPageSlot>
	logBoundaryErrorInBrowser(error)
	if (isUnavailableError(error)) return <ErrorPageSlot>{(pages) => <pages.UnavailableContent />}</ErrorPageSlot>
	return (
		<main className="mx-auto flex min-h-[50vh] w-full max-w-7xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
			<BackButton />
			<h1 className="text-xl font-semibold">Erro ao carregar produtos da categoria</h1>
			<Button asChild size="lg">
				{/* A full reload (document 000: 'Tentar Novamente' reloads the page). */}
				<a href="">Tentar Novamente</a>
			</Button>
		</main>
	)
}
