import { ArrowLeftIcon, PackageXIcon } from '~/components/icons/lucide'
import { isRouteErrorResponse, Link, redirect, useRouteError } from 'react-router'
import { isUnavailableError, logBoundaryErrorInBrowser } from '~/components/shop/error-kinds'
import { ErrorPageSlot } from '~/components/shop/error-page-slot'
import { INTERNAL_TAG, WHOLESALE_BASE_HANDLES } from '~/commerce/internal-products'
import { PRODUCT_ADDON_HANDLES, PRODUCT_ADDON_KEYS } from '~/commerce/rules/add-on-lines'
import { useRecordProductView } from '~/components/engagement/use-record-view'
import { productJsonLd, serializeJsonLd } from '~/components/product/product-json-ld'
import { detectProductKind } from '~/components/product/product-kind'
import { type AddonForPage, StandardProduct } from '~/components/product/standard-product'
import { loadOptionalParts, OPTIONAL_PARTS_DRAWN } from '~/components/product/optional-parts'
import { loadSubscriptionProduct, SUBSCRIPTION_DRAWN, SubscriptionProductSlot } from '~/components/product/subscription-slot'
import { loadProductReviews } from '~/components/reviews/product-reviews-slot'
import { loadShippingCalculator } from '~/components/shipping/shipping-calculator-slot'
import { loadPartsDrawnByServer } from '~/components/ui/preloaded-part'
import { SUBSCRIPTION_COLLECTION } from '~/utils/plan-price'
import { Button } from '~/components/ui/button'
import { pageTitle, shareMeta } from '~/utils/meta'
import { useInnerHtml } from '~/utils/inner-html'
import { productHandleParam } from '~/server/route-params.server'
import type { Route } from './+types/product'

/*
 * /produto/:handle (document 000 §2 'Product page'), server-rendered on the commerce provider.
 * The loader answers 404 for unknown (or internal) handles, then reads the reviews and, for
 * bandanas, resolves the extras' add-on products by their fixed handles: their prices and
 * variant ids come from the server, never from the browser.
 */

// The parts only some products draw (subscription layout, restock alert, extras): their code before
// React hydrates the page, where the server drew them (components/ui/preloaded-part.tsx, decision 146).
await loadPartsDrawnByServer([{ selector: SUBSCRIPTION_DRAWN, load: loadSubscriptionProduct }, ...OPTIONAL_PARTS_DRAWN])

export const PRODUCT_NOT_FOUND = 'Produto não encontrado'
export const PRODUCT_LOAD_ERROR = 'Erro ao carregar produto'
const DESCRIPTION_MAX = 160

async function notFound(request: Request): Promise<never> {
	const { logger } = await import('~/server/logger.server')
	logger.warn({ path: new URL(request.url).pathname }, '404: produto não encontrado')
	throw new Response(PRODUCT_NOT_FOUND, { status: 404 })
}

function shorten(text: string, max: number): string {
	const flat = text.replace(/\s+/g, ' ').trim()
	if (flat.length <= max) return flat
	return `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`
}

export async function loader({ request, params }: Route.LoaderArgs) {
	const handle = productHandleParam(params)
	if (!handle) return notFound(request)

	const [{ getCommerce }, { absoluteUrl }, reviewsModule, { sanitizeProductHtml }, { getStoreSettings }, { getEnv }] = await Promise.all([
		import('~/commerce/index.server'),
		import('~/server/seo.server'),
		import('~/server/reviews.server'),
		import('~/server/sanitize-html.server'),
		import('~/server/settings.server'),
		import('~/server/env.server'),
	])
	const commerce = getCommerce()
	// Provider failures propagate to the ErrorBoundary ('Erro ao carregar produto').
	const product = await commerce.getProductByHandle(handle)
	if (!product) {
		// A renamed product's old address answers 301 to the new one (issue 11).
		const { currentHandleFor } = await import('~/server/product-redirects.server')
		const current = await currentHandleFor(handle)
		if (current) throw redirect(`/produto/${current}`, 301)
		return notFound(request)
	}
	// Add-ons, bases and the gift exist for the cart, not for browsing.
	if (product.tags.includes(INTERNAL_TAG)) return notFound(request)
	// Wholesale is ordered on its own page, with the colour, quantity tiers and design (issue 28):
	// the cart refuses a wholesale product added on its own.
	if (WHOLESALE_BASE_HANDLES[product.handle]) throw redirect('/atacado', 301)

	const isSubscription = product.collections.some((c) => c.handle === SUBSCRIPTION_COLLECTION)
	const kind = detectProductKind(product)
	const offersExtras = !isSubscription && kind.bandana
	// Nothing here depends on who is asking: the page is shared (and cached) for every shopper; her
	// pets' size suggestions come after load with /resources/visitor (decision 055).
	const [reviews, reviewSummary, addonProducts, settings] = await Promise.all([
		reviewsModule.listApprovedReviews(product.id),
		reviewsModule.getReviewSummary(product.id),
		offersExtras ? commerce.getProductsByHandles(PRODUCT_ADDON_KEYS.map((key) => PRODUCT_ADDON_HANDLES[key])) : Promise.resolve([]),
		getStoreSettings(),
		// The parts whose code is not in the page's first load, so that the server draws them (decision 146):
		// the subscription layout, the reviews, 'Calcular frete'; the restock alert and the extras below.
		isSubscription ? loadSubscriptionProduct() : undefined,
		loadProductReviews(),
		loadShippingCalculator(),
	])

	const addons: AddonForPage[] = []
	for (const key of PRODUCT_ADDON_KEYS) {
		const addon = addonProducts.find((p) => p.handle === PRODUCT_ADDON_HANDLES[key])
		const variant = addon?.variants.find((v) => v.availableForSale)
		if (variant) addons.push({ key, variantId: variant.id, priceCents: variant.price.amountCents })
	}

	const canonicalUrl = absoluteUrl(`/produto/${product.handle}`)
	const imageUrls = product.images.map((image) => absoluteUrl(image.url))
	const description =
		shorten(product.description, DESCRIPTION_MAX) ||
		`${product.title}: produção em 4 dias úteis, envio para todo o Brasil e parcelamento em até 6x sem juros.`
	const firstVariant = product.variants.find((v) => v.availableForSale) ?? product.variants[0]

	// 'Avise-me quando chegar' (decision 120) watches the built-in catalogue's stock; a hosted store keeps its own.
	const restockAlerts = getEnv().COMMERCE_PROVIDER === 'builtin'
	await loadOptionalParts({ product, isSubscription, addons, restockAlerts })

	return {
		product: { ...product, descriptionHtml: sanitizeProductHtml(product.descriptionHtml) },
		isSubscription,
		reviews,
		reviewSummary,
		addons,
		restockAlerts,
		seo: {
			canonicalUrl,
			imageUrl: imageUrls[0] ?? null,
			imageAlt: product.images[0]?.altText ?? product.title,
			description,
			priceCents: firstVariant?.price.amountCents ?? product.priceRange.minVariantPrice.amountCents,
			available: product.availableForSale,
			jsonLd: serializeJsonLd(productJsonLd({ product, url: canonicalUrl, imageUrls, brand: settings.storeName, reviewSummary })),
		},
	}
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
	if (!loaderData) {
		const missing = isRouteErrorResponse(error) && error.status === 404
		return [{ title: pageTitle(missing ? PRODUCT_NOT_FOUND : PRODUCT_LOAD_ERROR, matches) }, { name: 'robots', content: 'noindex' }]
	}
	const title = pageTitle(loaderData.product.title, matches)
	const { canonicalUrl, imageUrl, imageAlt, description, priceCents } = loaderData.seo
	return [
		{ title },
		...shareMeta({ title, description, url: canonicalUrl, type: 'product', imageUrl, imageAlt }, matches),
		// Meta wants a decimal string; cents → reais only for display here, never for arithmetic.
		{ property: 'product:price:amount', content: (priceCents / 100).toFixed(2) },
		{ property: 'product:price:currency', content: 'BRL' },
	]
}

/**
 * A client navigation to a product: the code of the parts the page draws (reviews, 'Calcular frete',
 * and what this product needs: its subscription layout, restock alert or extras) before the page
 * renders, so that all are drawn at once. A part whose load fails loads when drawn.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
	const [data] = await Promise.all([
		serverLoader(),
		loadProductReviews().catch(() => undefined),
		loadShippingCalculator().catch(() => undefined),
	])
	await Promise.all([
		data.isSubscription ? loadSubscriptionProduct().catch(() => undefined) : undefined,
		loadOptionalParts(data).catch(() => undefined),
	])
	return data
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
	const { product, isSubscription, reviews, reviewSummary, addons, restockAlerts, seo } = loaderData
	useRecordProductView(product.id)
	return (
		<main>
			{/*
			 * A data block, never executed, so the CSP's script-src (and its nonce) does not apply;
			 * serializeJsonLd escapes '<' so the content cannot close the element.
			 */}
			<script type="application/ld+json" dangerouslySetInnerHTML={useInnerHtml(seo.jsonLd)} />
			{isSubscription ? (
				<SubscriptionProductSlot product={product} reviewSummary={reviewSummary} reviews={reviews} />
			) : (
				// key: a client navigation to another product starts with fresh choices.
				<StandardProduct
					key={product.id}
					product={product}
					reviewSummary={reviewSummary}
					reviews={reviews}
					addons={addons}
					restockAlerts={restockAlerts}
				/>
			)}
		</main>
	)
}

export function ErrorBoundary() {
	const error = useRouteError()
	const missing = isRouteErrorResponse(error) && error.status === 404
	logBoundaryErrorInBrowser(error)
	if (isUnavailableError(error)) return <ErrorPageSlot>{(pages) => <pages.UnavailableContent />}</ErrorPageSlot>
	return (
		<main className="mx-auto flex min-h-[50vh] w-full max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
			<PackageXIcon className="size-12 text-muted-foreground" aria-hidden="true" />
			<h1 className="text-2xl font-bold">{missing ? PRODUCT_NOT_FOUND : PRODUCT_LOAD_ERROR}</h1>
			<p className="text-muted-foreground">
				{missing
					? 'O produto que você procura não existe ou não está mais à venda.'
					: 'Não foi possível carregar este produto agora. Tente novamente em instantes.'}
			</p>
			<div className="flex flex-wrap justify-center gap-3">
				<Button asChild size="lg">
					<Link to="/">
						<ArrowLeftIcon aria-hidden="true" />
						Voltar para a loja
					</Link>
				</Button>
				{missing ? null : (
					<Button asChild size="lg" variant="outline">
						{/* A full reload: the point is to retry everything. */}
						<a href="">Tentar Novamente</a>
					</Button>
				)}
			</div>
		</main>
	)
}
