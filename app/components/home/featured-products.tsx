import { PackageSearchIcon, ShuffleIcon } from '~/components/icons/lucide'
import { useState } from 'react'
import type { ProductCardData } from '~/components/shop/product-card'
import { ProductGrid } from '~/components/shop/product-grid'
import { Button } from '~/components/ui/button'
import type { FeaturedProducts as FeaturedData } from '~/server/home.server'
import { SUGGESTION_COUNT } from '~/utils/home-sections'
import { FEATURED_GRID, FeaturedFrame } from './featured-frame'
import { nextSuggestions } from './next-suggestions'

type SuggestionsProps = { startMode: 'recently-viewed' | 'suggestions'; initial: ProductCardData[]; pool: ProductCardData[] }

/**
 * Recently viewed products or suggestions, which stay as they are until the shopper asks for
 * others (decision 142: nothing changes under her eyes by itself, issue 31). 'Ver sugestões'
 * leaves the recently viewed products for suggestion mode; 'Ver outras sugestões' draws products
 * not on screen. The change is announced politely; focus stays on the button.
 */
function FeaturedSuggestions({ startMode, initial, pool }: SuggestionsProps) {
	const [products, setProducts] = useState(initial)
	const [suggesting, setSuggesting] = useState(startMode === 'suggestions')
	// Leaving the recently viewed products needs one suggestion; other suggestions need more than a screenful.
	const canAsk = suggesting ? pool.length > SUGGESTION_COUNT : pool.length > 0
	const [announcement, setAnnouncement] = useState('')
	return (
		<FeaturedFrame
			description={suggesting ? 'Sugestões para você' : 'Vistos recentemente por você'}
			action={
				canAsk ? (
					<Button
						type="button"
						variant="ghost"
						size="sm"
						className="mb-4 sm:mb-6"
						onClick={() => {
							setProducts(nextSuggestions(pool, products, SUGGESTION_COUNT))
							setAnnouncement(suggesting ? 'Mostrando outras sugestões' : 'Mostrando sugestões para você')
							setSuggesting(true)
						}}
					>
						<ShuffleIcon aria-hidden="true" />
						{suggesting ? 'Ver outras sugestões' : 'Ver sugestões'}
					</Button>
				) : null
			}
		>
			<p className="sr-only" role="status" aria-live="polite" data-testid="featured-announcement">
				{announcement}
			</p>
			<div data-testid="featured-cards">
				<ProductGrid products={products} headingLevel="h3" aboveTheFold={false} className={FEATURED_GRID} />
			</div>
		</FeaturedFrame>
	)
}

/**
 * document 000 §2 'Produtos em Destaque': the shopper's recently viewed products when there
 * are any, otherwise suggestions, and suggestions when she asks for them (§4's automatic
 * switch at 10 s and reshuffle every 15 s: decision 142); 'Erro ao carregar produtos' with
 * 'Tentar Novamente' (a page reload) when the catalogue failed; 'Nenhum produto encontrado'
 * when there is nothing.
 */
export function FeaturedProducts({ featured }: { featured: FeaturedData }) {
	switch (featured.mode) {
		case 'recently-viewed':
		case 'suggestions':
			return <FeaturedSuggestions startMode={featured.mode} initial={featured.products} pool={featured.pool} />
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
