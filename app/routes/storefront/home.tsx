import { lazy, type ReactNode, Suspense, useEffect } from 'react'
import { Await, useLocation } from 'react-router'
import { AppDownloadBanner } from '~/components/home/app-download-banner'
import { CategoryCarousel } from '~/components/home/category-carousel'
import { CategoryRow, CategoryRowSkeleton } from '~/components/home/category-row'
import { FeaturedProductsSkeleton } from '~/components/home/featured-frame'
import { type RowProducts, rowProductsRequestFor } from '~/components/home/row-products'
import { useFeaturedProducts } from '~/components/home/use-featured-products'
import { Hero } from '~/components/home/hero'
import { InstagramShowcase } from '~/components/home/instagram-showcase'
import { PersonalizationPromo } from '~/components/home/personalization-promo'
import { ReviewsSection, ReviewsSkeleton } from '~/components/home/reviews-section'
import { SubscriptionPromo } from '~/components/home/subscription-promo'
import { scrollToSectionSoon } from '~/components/shop/navigation'
import { useRootData } from '~/components/shop/use-root-data'
import { loadCategoryRows, loadCollectionCounts, loadHomeReviews, loadHomeVideos } from '~/server/home.server'
import { readyOrDeferred, valueOrPromise } from '~/server/ready-or-deferred.server'
import { absoluteUrl } from '~/server/seo.server'
import {
	HOME_CATEGORY_ROWS,
	HOME_FEATURED_SECTIONS,
	HOME_SHARE_IMAGE,
	type CategoryRowConfig,
	categoryCardSubtitles,
} from '~/utils/home-sections'
import { pageTitle, shareMeta } from '~/utils/meta'
import type { Route } from './+types/home'

const DESCRIPTION =
	'Acessórios personalizados que fazem a diferença: bandanas, colares, lacinhos, gravatas e mimos para seu pet. Produção em 4 dias úteis, envio para todo o Brasil e até 6x sem juros.'

/**
 * document 000 §2 'Home page'. What the first screen needs (category counts, videos) is
 * awaited; the category rows and reviews are returned as promises and stream into the same
 * response behind skeletons. Of each row only its number of products is in the page: the browser
 * asks for the cards when the first row comes near (decision 139). Nothing here depends on who
 * asks (the page is cached for everyone, decision 049): 'Produtos em Destaque', which shows the
 * visitor's recently viewed products, is asked for by the browser (useFeaturedProducts).
 */
export async function loader() {
	// Started before the awaited reads, so everything runs in parallel. One read for every row; a row not read by then streams in behind its own skeleton.
	const allRows = loadCategoryRows(HOME_CATEGORY_ROWS.map((row) => row.handle))
	const reviews = loadHomeReviews()

	const [counts, videos] = await Promise.all([loadCollectionCounts(), loadHomeVideos()])
	// Rows and reviews already read by now (the catalogue cache) are rendered in place, without skeletons (decision 058).
	const [readyRows, readyReviews] = await Promise.all([readyOrDeferred(allRows), readyOrDeferred(reviews)])
	const countOf = (found: Map<string, unknown[]>, handle: string) => found.get(handle)?.length ?? 0
	const rowOf = (handle: string) =>
		readyRows.ready ? countOf(readyRows.value, handle) : readyRows.promise.then((found) => countOf(found, handle))
	return {
		categories: categoryCardSubtitles(counts),
		videos,
		rows: Object.fromEntries(HOME_CATEGORY_ROWS.map((row) => [row.handle, rowOf(row.handle)])),
		reviews: valueOrPromise(readyReviews),
		canonicalUrl: absoluteUrl('/'),
		shareImageUrl: absoluteUrl(HOME_SHARE_IMAGE),
	}
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
	const title = pageTitle('Estilo Exclusivo Para Seu Pet', matches)
	if (!loaderData) return [{ title }, { name: 'description', content: DESCRIPTION }]
	// The hero's scene at the 1200 × 630 link previews ask for (summary_large_image).
	return [
		{ title },
		...shareMeta({ title, description: DESCRIPTION, url: loaderData.canonicalUrl, imageUrl: loaderData.shareImageUrl }, matches),
		{ property: 'og:image:width', content: '1200' },
		{ property: 'og:image:height', content: '630' },
	]
}

/**
 * document 000 §2: '/#produtos' and '/#categorias' are reached by navigating to / and
 * smooth-scrolling after about 100 ms. The header's links do it on click; this covers
 * arriving from elsewhere (a typed address, another site, a full reload).
 */
function useScrollToHashSection() {
	const { hash } = useLocation()
	useEffect(() => {
		if (hash) scrollToSectionSoon(`/${hash}`)
	}, [hash])
}

/**
 * A section's data: drawn at once when the loader already had it (decision 058), else streamed
 * behind `fallback`. Either way the section is a boundary of its own, so that the browser hydrates
 * it as a separate unit that yields to the shopper's input, not as part of one long task over the
 * whole page (decision 060); entry.server's progressiveChunkSize keeps React from sending a
 * section that is ready after its fallback.
 */
function ReadyOrStreamed<T>({
	data,
	fallback,
	children,
}: {
	data: T | Promise<T>
	fallback: ReactNode
	children: (value: T) => ReactNode
}) {
	return (
		<Suspense fallback={fallback}>
			{data instanceof Promise ? (
				<Await resolve={data} errorElement={null}>
					{children}
				</Await>
			) : (
				children(data)
			)}
		</Suspense>
	)
}

function DeferredRow({
	row,
	count,
	requestProducts,
}: {
	row: CategoryRowConfig
	count: Route.ComponentProps['loaderData']['rows'][string]
	requestProducts: () => Promise<RowProducts | null>
}) {
	// The anchor ('/#bandanas', '/#colares'…) is there even while the row streams in.
	const anchor = row.href.split('/').pop()
	return (
		<div id={anchor} className="[contain-intrinsic-size:auto_480px] [content-visibility:auto]">
			<ReadyOrStreamed data={count} fallback={<CategoryRowSkeleton row={row} />}>
				{(resolved) => <CategoryRow row={row} count={resolved} requestProducts={requestProducts} />}
			</ReadyOrStreamed>
		</div>
	)
}

/*
 * 'Produtos em Destaque' is drawn in the browser only (the visitor's products, asked for after
 * load), so its cards, their suggestions button and the product card are not in the page's first JavaScript
 * (issue 34, decision 137): their module loads beside the visitor's request, behind the skeleton
 * the server drew.
 */
const loadFeaturedProducts = () => import('~/components/home/featured-products')
const FeaturedProducts = lazy(() => loadFeaturedProducts().then((module) => ({ default: module.FeaturedProducts })))

/**
 * The visitor's own section, asked for after load: its state lives here, so its arrival re-renders
 * this section and not the whole page (decision 065).
 */
function FeaturedSection() {
	const featured = useFeaturedProducts()
	// The cards' code is asked for with the visitor's products, so both arrive together.
	useEffect(() => void loadFeaturedProducts().catch(() => undefined), [])
	return featured ? (
		<Suspense fallback={<FeaturedProductsSkeleton />}>
			<FeaturedProducts featured={featured} />
		</Suspense>
	) : (
		<FeaturedProductsSkeleton />
	)
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const { categories, videos, rows, reviews } = loaderData
	const root = useRootData()
	useScrollToHashSection()
	// One request for every row's cards, per loader answer (row-products.ts).
	const requestRowProducts = rowProductsRequestFor(rows)
	return (
		<main>
			<Hero videoUrl={videos.hero} posterUrl={videos.posters.hero} />
			<CategoryCarousel cards={categories} />
			<PersonalizationPromo videoUrl={videos.personalization} posterUrl={videos.posters.personalization} />
			<div id="produtos">
				{HOME_FEATURED_SECTIONS.map((section) => {
					switch (section.kind) {
						case 'featured':
							return <FeaturedSection key="featured" />
						case 'row': {
							const count = rows[section.handle]
							return count === undefined ? null : (
								<DeferredRow key={section.handle} row={section} count={count} requestProducts={requestRowProducts} />
							)
						}
						case 'subscription-promo':
							return <SubscriptionPromo key="subscription" videoUrl={videos.subscriptionCta} posterUrl={videos.posters.subscriptionCta} />
						case 'reviews':
							return (
								<ReadyOrStreamed key="reviews" data={reviews} fallback={<ReviewsSkeleton />}>
									{(resolved) => <ReviewsSection data={resolved} />}
								</ReadyOrStreamed>
							)
						case 'instagram':
							return <InstagramShowcase key="instagram" instagramUrl={root?.settings.instagramUrl ?? null} />
						case 'app-download':
							return (
								<AppDownloadBanner
									key="app"
									appStoreUrl={root?.settings.appStoreUrl ?? null}
									playStoreUrl={root?.settings.playStoreUrl ?? null}
								/>
							)
					}
				})}
			</div>
		</main>
	)
}
