import { ImageIcon } from '~/components/icons/lucide'
import { Link } from 'react-router'
import type { SearchResult } from '~/routes/resources/search'
import { formatMoney } from '~/utils/format'
import { thumbnailUrl } from '~/utils/responsive-image'

export const SEARCH_RESULTS_ID = 'busca-produtos-resultados'

/** The spec's empty text (document 000 §2 'Search bar'). */
export function emptySearchText(query: string): string {
	return `Nenhum produto encontrado para "${query}"`
}

/**
 * The results under the search field: thumbnail, title, one-line description and the
 * lowest price, at most 400 px tall (document 000 §2). Each result is a plain link; the
 * arrow keys move between them (see SearchPanel).
 */
export function SearchResults({
	results,
	query,
	busy,
	onPick,
	onKeyDown,
}: {
	results: SearchResult[]
	query: string
	busy: boolean
	onPick: () => void
	onKeyDown: (event: React.KeyboardEvent<HTMLUListElement>) => void
}) {
	if (results.length === 0) {
		return <p className="px-3 py-6 text-center text-sm text-muted-foreground">{emptySearchText(query)}</p>
	}
	return (
		<ul
			id={SEARCH_RESULTS_ID}
			aria-label={`Resultados para "${query}"`}
			aria-busy={busy}
			className="max-h-[400px] overflow-y-auto overscroll-contain py-1"
			onKeyDown={onKeyDown}
		>
			{results.map((result) => (
				<li key={result.handle}>
					<Link
						to={`/produto/${result.handle}`}
						onClick={onPick}
						className="flex items-center gap-3 rounded-md px-3 py-2 outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset"
					>
						{result.image ? (
							// The title beside it names the product: the thumbnail adds nothing to read.
							<img
								src={thumbnailUrl(result.image.url, 48)}
								alt=""
								width={48}
								height={48}
								loading="lazy"
								decoding="async"
								className="size-12 shrink-0 rounded-md border bg-muted object-cover"
							/>
						) : (
							<span className="flex size-12 shrink-0 items-center justify-center rounded-md border bg-muted">
								<ImageIcon className="size-5 text-muted-foreground" aria-hidden="true" />
							</span>
						)}
						<span className="flex min-w-0 flex-1 flex-col">
							<span className="truncate text-sm font-semibold">{result.title}</span>
							{result.description ? <span className="truncate text-xs text-muted-foreground">{result.description}</span> : null}
						</span>
						<span className="flex shrink-0 flex-col items-end whitespace-nowrap" data-testid="preco-busca">
							{result.priceVaries ? <span className="text-xs text-muted-foreground">a partir de </span> : null}
							<span className="text-sm font-bold">{formatMoney(result.minPriceCents)}</span>
						</span>
					</Link>
				</li>
			))}
		</ul>
	)
}
