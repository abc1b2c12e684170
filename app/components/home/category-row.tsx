import { Skeleton } from '~/components/ui/skeleton'
import type { CategoryRowConfig } from '~/utils/home-sections'
import { lazy, Suspense, use, useEffect, useRef, useState } from 'react'
import type { RowProducts } from './row-products'
import { SectionHeading } from './section-heading'
import { useNear } from './use-near'

/*
 * A horizontal row of up to 20 product cards: the shared grid turned into a scroll-snap
 * track (about two cards visible on phones, four on desktops), so ten rows of twenty do not
 * make the page endless. The cards' image `sizes` (50vw / 33vw / 25vw) fit these widths.
 */
const ROW_TRACK =
	'grid-flow-col grid-cols-none md:grid-cols-none lg:grid-cols-none auto-cols-[46%] md:auto-cols-[31%] lg:auto-cols-[23.5%] overflow-x-auto snap-x snap-mandatory pb-3 [scrollbar-width:thin] [&>li]:snap-start'

/**
 * The row's cards are drawn in the browser when the row comes within a screen of the viewport, or
 * when the shopper reaches it by keyboard or mouse (decisions 058 and 089). The HTML holds the
 * row's title, its 'Ver Todos' link and a placeholder of the cards' size: ten rows of cards were
 * half of the home page's bytes and elements, parsed and hydrated on every phone before the
 * shopper had scrolled to any of them. The cards' data is not in the page either: the first row
 * that comes near asks for every row's (decision 139). The desktop's arrows come with the cards:
 * without them they had nothing to scroll, and they were a tenth of the page's HTML.
 */
/**
 * The cards' code (the product card with its favourite button and prices) loads with the first row
 * that comes near, not in the page's first JavaScript (issue 34, decision 137): the placeholder
 * holds their place meanwhile.
 */
const ProductGrid = lazy(() => import('~/components/shop/product-grid').then((module) => ({ default: module.ProductGrid })))
// The desktop's arrows come with the cards, and so does their code: asked for with the cards' data.
const loadRowArrows = () => import('./row-arrows')
const RowArrows = lazy(() => loadRowArrows().then((module) => ({ default: module.RowArrows })))

function titleId(row: CategoryRowConfig) {
	return `linha-${row.handle}-title`
}

/**
 * document 000 §2: a category row shows only when it has products (`count`, from the page's
 * loader); 'Ver Todos' goes to its category page. `requestProducts` is the page's one request for
 * every row's cards (row-products.ts).
 */
export function CategoryRow({
	row,
	count,
	requestProducts,
}: {
	row: CategoryRowConfig
	count: number
	requestProducts: () => Promise<RowProducts | null>
}) {
	const section = useRef<HTMLElement>(null)
	const track = useRef<HTMLDivElement>(null)
	const [near, drawAll] = useNear(section)
	// How many cards are in the page (their data and code have come): the arrows show and measure then.
	const [drawn, setDrawn] = useState(0)
	if (!count) return null
	return (
		<section
			ref={section}
			aria-labelledby={titleId(row)}
			className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-8"
			data-testid="home-category-row"
			onFocus={near ? undefined : drawAll}
			onPointerEnter={near ? undefined : drawAll}
		>
			<SectionHeading
				id={titleId(row)}
				title={row.title}
				viewAllHref={row.href}
				actions={
					drawn > 0 ? (
						<Suspense fallback={null}>
							<RowArrows container={track} label={row.title} itemCount={drawn} />
						</Suspense>
					) : null
				}
			/>
			<div ref={track}>
				{near ? (
					<Suspense fallback={<RowCardsPlaceholder loading />}>
						<RowCards products={requestProducts()} handle={row.handle} onDrawn={setDrawn} />
					</Suspense>
				) : (
					<RowCardsPlaceholder />
				)}
			</div>
		</section>
	)
}

/** The row's cards once the request for them has answered (the placeholder stays if it failed). */
function RowCards({
	products,
	handle,
	onDrawn,
}: {
	products: Promise<RowProducts | null>
	handle: string
	onDrawn: (count: number) => void
}) {
	// Started before waiting for the cards: the arrows' code arrives meanwhile (a repeated import is free).
	void loadRowArrows().catch(() => undefined)
	const cards = use(products)?.[handle] ?? []
	if (cards.length === 0) return <RowCardsPlaceholder />
	return (
		<>
			<ProductGrid products={cards} headingLevel="h3" aboveTheFold={false} className={ROW_TRACK} />
			<WhenDrawn count={cards.length} onDrawn={onDrawn} />
		</>
	)
}

/** Tells the row how many cards were committed (rendered inside the same Suspense boundary, after them). */
function WhenDrawn({ count, onDrawn }: { count: number; onDrawn: (count: number) => void }) {
	useEffect(() => onDrawn(count), [count, onDrawn])
	return null
}

/**
 * The cards' place until the row is near: the track's height on every width (a card's square
 * picture, title and price), so nothing moves when the cards come. It pulses only while they load
 * (`loading`, the row near): before, nothing is loading, and it is out of sight (decision 153).
 */
function RowCardsPlaceholder({ loading = false }: { loading?: boolean }) {
	// One block per card (picture, title, price and instalments: about 3:5): a card is a dozen elements, its place one.
	return (
		<div
			aria-hidden="true"
			className="grid grid-cols-2 gap-3 pb-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-6"
			data-testid="row-cards-placeholder"
		>
			<Skeleton pulse={loading} className="aspect-[3/5] rounded-xl" />
			<Skeleton pulse={loading} className="aspect-[3/5] rounded-xl" />
			<Skeleton pulse={loading} className="hidden aspect-[3/5] rounded-xl md:block" />
			<Skeleton pulse={loading} className="hidden aspect-[3/5] rounded-xl lg:block" />
		</div>
	)
}

/** While a row streams in: its title and four card placeholders (no 'Ver Todos' until it has products). */
export function CategoryRowSkeleton({ row }: { row: CategoryRowConfig }) {
	return (
		<div className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-8" aria-busy="true">
			<p className="mb-4 text-2xl font-bold tracking-tight text-muted-foreground sm:mb-6 sm:text-3xl">{row.title}</p>
			<div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-6">
				{Array.from({ length: 4 }, (_, index) => (
					<div
						key={index}
						data-testid="product-card-skeleton"
						className={index === 3 ? 'hidden lg:block' : index === 2 ? 'hidden md:block' : undefined}
					>
						<Skeleton className="aspect-square rounded-xl" />
						<Skeleton className="mt-3 h-4 w-3/4" />
						<Skeleton className="mt-2 h-5 w-1/3" />
					</div>
				))}
			</div>
		</div>
	)
}
