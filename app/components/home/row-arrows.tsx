import { ChevronLeftIcon, ChevronRightIcon } from '~/components/icons/lucide'
import { type RefObject, useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'
import { prefersReducedMotion } from '~/utils/reduced-motion'

/**
 * Arrows for a sideways row of cards (issue 13): on a desktop a mouse cannot swipe, so 4 of 20
 * products were all a shopper saw. Each click scrolls by the visible width (the track snaps to
 * the next card); an arrow is disabled at its end. Phones swipe and do not get them.
 * The home's rows draw them once their cards are in the page (category-row.tsx): before that there
 * is nothing to scroll, and measuring would lay out a row the browser otherwise skips.
 */
export function RowArrows({
	container,
	label,
	itemCount,
}: {
	container: RefObject<HTMLElement | null>
	label: string
	itemCount: number
}) {
	/** The scrolling list inside the container (the <ul> ProductGrid renders). */
	const trackOf = () => container.current?.querySelector('ul') ?? null
	const [edges, setEdges] = useState({ start: true, end: false })
	useEffect(() => {
		const element = trackOf()
		if (!element) return
		const update = () =>
			setEdges({ start: element.scrollLeft <= 1, end: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1 })
		update()
		element.addEventListener('scroll', update, { passive: true })
		window.addEventListener('resize', update)
		return () => {
			element.removeEventListener('scroll', update)
			window.removeEventListener('resize', update)
		}
		// itemCount: the row drew the rest of its cards (its ends moved). trackOf reads the stable ref.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [container, itemCount])
	const scroll = (direction: 1 | -1) => {
		const element = trackOf()
		if (!element) return
		element.scrollBy({ left: direction * element.clientWidth * 0.9, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
	}
	if (edges.start && edges.end) return null
	return (
		<div className="hidden gap-2 md:flex" data-testid="setas-da-linha">
			<Button
				type="button"
				variant="outline"
				size="icon"
				aria-label={`Produtos anteriores de ${label}`}
				disabled={edges.start}
				onClick={() => scroll(-1)}
			>
				<ChevronLeftIcon aria-hidden="true" />
			</Button>
			<Button
				type="button"
				variant="outline"
				size="icon"
				aria-label={`Mais produtos de ${label}`}
				disabled={edges.end}
				onClick={() => scroll(1)}
			>
				<ChevronRightIcon aria-hidden="true" />
			</Button>
		</div>
	)
}
