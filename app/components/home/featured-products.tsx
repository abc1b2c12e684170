import { PackageSearchIcon, PauseIcon, PlayIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { ProductCardData } from '~/components/shop/product-card'
import { ProductGrid } from '~/components/shop/product-grid'
import { Button } from '~/components/ui/button'
import type { FeaturedProducts as FeaturedData } from '~/server/home.server'
import { SUGGESTION_COUNT, sampleItems } from '~/utils/home-sections'
import { FEATURED_GRID, FeaturedFrame } from './featured-frame'
import { createSuggestionRotation, type SuggestionRotation } from './suggestion-rotation'
import { usePrefersReducedMotion } from './use-reduced-motion'
import { useHydrated } from '~/utils/use-hydrated'

// Without JavaScript nothing rotates, so the pause button appears only once hydrated (useHydrated).

/**
 * The section's products over time (document 000 §4): what the first paint showed, then at
 * 10 s a sample of suggestions (suggestion mode), then a new sample every 15 s, while not
 * paused. The clock lives in suggestion-rotation.ts; this keeps it in step with React.
 */
function useSuggestionRotation(initial: ProductCardData[], pool: ProductCardData[], enabled: boolean, paused: boolean) {
	const [products, setProducts] = useState(initial)
	const [suggesting, setSuggesting] = useState(false)
	const rotation = useRef<SuggestionRotation | null>(null)
	// A revalidated loader hands over new objects for the same pool: the clock keeps going.
	const poolKey = pool.map((product) => product.id).join(',')
	const latestPool = useRef(pool)
	useEffect(() => {
		latestPool.current = pool
	}, [pool])

	useEffect(() => {
		if (!enabled) return
		const created = createSuggestionRotation({
			paused: true,
			onStep: (step) => {
				if (step === 'switch') setSuggesting(true)
				setProducts(sampleItems(latestPool.current, SUGGESTION_COUNT))
			},
		})
		rotation.current = created
		return () => {
			created.dispose()
			rotation.current = null
		}
	}, [enabled, poolKey])

	// Declared after the clock, so it runs after a (re)created one and starts it if allowed.
	useEffect(() => {
		if (paused) rotation.current?.pause()
		else rotation.current?.resume()
	}, [paused, enabled, poolKey])

	return { products, suggesting }
}

type RotatingProps = { startMode: 'recently-viewed' | 'suggestions'; initial: ProductCardData[]; pool: ProductCardData[] }

/**
 * Recently viewed products or suggestions, switching to suggestion mode by themselves.
 * Auto-updating content needs a way to stop it (WCAG 2.2.2): a pause button, a pause while
 * the pointer or focus is inside the cards (nothing moves under the shopper's hand), and a
 * paused start for shoppers who prefer reduced motion (they may resume it). The switch is
 * announced politely; focus never moves.
 */
function RotatingFeatured({ startMode, initial, pool }: RotatingProps) {
	const hydrated = useHydrated()
	const reducedMotion = usePrefersReducedMotion()
	const [choice, setChoice] = useState<'paused' | 'running' | null>(null)
	const [hovered, setHovered] = useState(false)
	const [focused, setFocused] = useState(false)
	// Leaving the recently viewed products needs one suggestion; a reshuffle needs more than a screenful.
	const canRotate = startMode === 'recently-viewed' ? pool.length > 0 : pool.length > SUGGESTION_COUNT
	const stopped = choice === null ? reducedMotion : choice === 'paused'
	const { products, suggesting } = useSuggestionRotation(initial, pool, canRotate, stopped || hovered || focused)
	const showingSuggestions = suggesting || startMode === 'suggestions'
	return (
		<FeaturedFrame
			description={showingSuggestions ? 'Sugestões para você' : 'Vistos recentemente por você'}
			action={
				canRotate && hydrated ? (
					<Button
						type="button"
						variant="ghost"
						size="sm"
						className="mb-4 sm:mb-6"
						onClick={() => setChoice(stopped ? 'running' : 'paused')}
					>
						{stopped ? <PlayIcon aria-hidden="true" /> : <PauseIcon aria-hidden="true" />}
						{stopped ? 'Retomar sugestões' : 'Pausar sugestões'}
					</Button>
				) : null
			}
		>
			<p className="sr-only" role="status" aria-live="polite" data-testid="featured-announcement">
				{suggesting ? 'Mostrando sugestões para você' : ''}
			</p>
			<div
				data-testid="featured-cards"
				onPointerEnter={() => setHovered(true)}
				onPointerLeave={() => setHovered(false)}
				onFocus={() => setFocused(true)}
				onBlur={(event) => {
					if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
				}}
			>
				<ProductGrid products={products} headingLevel="h3" aboveTheFold={false} className={FEATURED_GRID} />
			</div>
		</FeaturedFrame>
	)
}

/**
 * document 000 §2 'Produtos em Destaque': the shopper's recently viewed products when there
 * are any, otherwise suggestions, in suggestion mode for everyone from 10 s after load; 'Erro ao carregar produtos' with 'Tentar Novamente' (a page
 * reload) when the catalogue failed; 'Nenhum produto encontrado' when there is nothing.
 */
export function FeaturedProducts({ featured }: { featured: FeaturedData }) {
	switch (featured.mode) {
		case 'recently-viewed':
		case 'suggestions':
			return <RotatingFeatured startMode={featured.mode} initial={featured.products} pool={featured.pool} />
		case 'empty':
			return (
				<FeaturedFrame>
					<div className="flex flex-col items-center gap-3 py-12 text-center">
						<PackageSearchIcon className="size-12 text-muted-foreground" aria-hidden="true" />
						<p className="text-lg font-medium">Nenhum produto encontrado</p>
					</div>
				</FeaturedFrame>
			)
		case 'error':
			return (
				<FeaturedFrame>
					<div role="alert" className="flex flex-col items-center gap-4 py-12 text-center">
						<p className="text-lg font-medium">Erro ao carregar produtos</p>
						<Button asChild>
							{/* A full reload (document 000: 'Tentar Novamente' reloads the page). */}
							<a href="/">Tentar Novamente</a>
						</Button>
					</div>
				</FeaturedFrame>
			)
	}
}
