import { ArrowLeftIcon, PackageOpenIcon, TruckIcon } from '~/components/icons/lucide'
import { Link, useNavigation, useRouteError } from 'react-router'
import { isUnavailableError, logBoundaryErrorInBrowser } from '~/components/shop/error-kinds'
import { ErrorPageSlot } from '~/components/shop/error-page-slot'
import { ProductGrid, ProductGridSkeleton } from '~/components/shop/product-grid'
import { SUBSCRIPTION_COLLECTION, toProductCardData } from '~/components/shop/product-card'
import { scrollToSectionSoon } from '~/components/shop/navigation'
import { BenefitCards } from '~/components/subscriptions/benefit-cards'
import { FREE_SHIPPING_BANNER } from '~/components/subscriptions/plan'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { pageTitle, shareMeta } from '~/utils/meta'
import type { Route } from './+types/subscriptions'

/**
 * /assinaturas (document 000 §2 'Subscriptions page'): hero, the grid of the 'assinatura'
 * collection's products (50), empty and error states, and the page's own links back to the
 * shop's sections. Server-rendered: the plans are in the first HTML.
 */

/** Document 001 §7: the 'assinatura' collection is fetched 50 at a time. */
export const SUBSCRIPTIONS_PAGE_SIZE = 50

const PAGE_TITLE = 'Assinaturas'
const DESCRIPTION =
	'Assinaturas anuais de acessórios para pets: 12 meses de novidades com frete grátis e até 50% de desconto, em até 6x sem juros.'

/** Document 000 §2: the subscriptions page's footer links. */
export const SUBSCRIPTION_PAGE_LINKS = [
	{ label: 'Bandanas', to: '/#bandanas' },
	{ label: 'Colares', to: '/#colares' },
	{ label: 'Gravatas', to: '/#gravatas' },
	{ label: 'Assinaturas', to: '/#assinaturas' },
	{ label: 'Crie sua bandana', to: '/personalize' },
	{ label: 'Atacado', to: '/atacado' },
] as const

export async function loader() {
	const [{ getCommerce }, { absoluteUrl }] = await Promise.all([
		import('~/commerce/index.server'),
		import('~/server/seo.server'),
	])
	// Provider failures propagate to the ErrorBoundary ('Erro ao carregar produtos de assinatura').
	// No collection at all is the empty state, not a 404: the page itself always exists.
	const result = await getCommerce().getCollectionByHandle(SUBSCRIPTION_COLLECTION, { first: SUBSCRIPTIONS_PAGE_SIZE })
	const products = result?.products ?? []
	const firstImage = products.find((p) => p.images[0])?.images[0]
	return {
		products: products.map(toProductCardData),
		seo: {
			canonicalUrl: absoluteUrl('/assinaturas'),
			imageUrl: firstImage ? absoluteUrl(firstImage.url) : null,
		},
	}
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
	if (!loaderData) {
		return [{ title: pageTitle('Erro ao carregar produtos de assinatura', matches) }, { name: 'robots', content: 'noindex' }]
	}
	const title = pageTitle(PAGE_TITLE, matches)
	const { canonicalUrl, imageUrl } = loaderData.seo
	return [{ title }, ...shareMeta({ title, description: DESCRIPTION, url: canonicalUrl, imageUrl }, matches)]
}

function Hero() {
	return (
		<header className="flex flex-col items-center gap-4 rounded-2xl bg-primary/10 px-6 py-10 text-center sm:py-14">
			<Badge>Assinatura Anual</Badge>
			<h1 className="text-3xl font-bold sm:text-4xl">Assinaturas</h1>
			<p className="max-w-2xl text-muted-foreground">
				Mimos para o seu pet todos os meses, por 12 meses, com frete grátis e até 50% de desconto em relação à compra avulsa.
			</p>
			<p className="inline-flex items-center gap-2 text-sm font-medium">
				<TruckIcon className="size-4 text-primary" aria-hidden="true" />
				{FREE_SHIPPING_BANNER}
			</p>
		</header>
	)
}

function PageLinks() {
	return (
		<nav aria-label="Continue explorando" className="border-t pt-8">
			<ul className="flex flex-wrap justify-center gap-x-6 gap-y-3 text-sm">
				{SUBSCRIPTION_PAGE_LINKS.map((link) => (
					<li key={link.to}>
						<Link
							to={link.to}
							onClick={() => scrollToSectionSoon(link.to)}
							className="rounded-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring"
						>
							{link.label}
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}

/**
 * True while this page, already shown, loads its plans again (a link to itself, e.g. from the
 * header): the grid shows the skeleton instead of stale cards. Arriving from another page,
 * that page stays until the data is there, as everywhere in the shop.
 */
function useLoadingThisPage(): boolean {
	const navigation = useNavigation()
	return navigation.state === 'loading' && navigation.location.pathname === '/assinaturas'
}

export default function SubscriptionsPage({ loaderData }: Route.ComponentProps) {
	const { products } = loaderData
	const loading = useLoadingThisPage()
	return (
		<main className="mx-auto flex w-full max-w-7xl flex-col gap-12 px-4 py-6 sm:py-10">
			<Hero />
			<section aria-labelledby="planos" className="flex flex-col gap-6">
				<h2 id="planos" className="text-2xl font-bold">
					Escolha seu plano
				</h2>
				{loading ? (
					<ProductGridSkeleton count={4} />
				) : products.length === 0 ? (
					<div className="flex flex-col items-center gap-4 py-12 text-center">
						<PackageOpenIcon className="size-12 text-muted-foreground" aria-hidden="true" />
						<p className="text-lg font-medium">Nenhum plano disponível no momento</p>
						<Button asChild>
							<Link to="/">Voltar para a loja</Link>
						</Button>
					</div>
				) : (
					<ProductGrid products={products} headingLevel="h3" />
				)}
			</section>
			<BenefitCards headingId="beneficios" title="Por que assinar?" />
			<PageLinks />
		</main>
	)
}

export function ErrorBoundary() {
	const error = useRouteError()
	logBoundaryErrorInBrowser(error)
	if (isUnavailableError(error)) return <ErrorPageSlot>{(pages) => <pages.UnavailableContent />}</ErrorPageSlot>
	return (
		<main className="mx-auto flex min-h-[50vh] w-full max-w-7xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
			<Button asChild variant="ghost" size="sm">
				<Link to="/">
					<ArrowLeftIcon aria-hidden="true" />
					Voltar
				</Link>
			</Button>
			<h1 className="text-xl font-semibold">Erro ao carregar produtos de assinatura</h1>
			<Button asChild size="lg">
				{/* A full reload (as the other pages' 'Tentar Novamente'). */}
				<a href="">Tentar Novamente</a>
			</Button>
		</main>
	)
}
