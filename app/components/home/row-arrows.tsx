import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { type RefObject, useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'

/**
 * Arrows for a sideways row of cards (issue 13): on a desktop a mouse cannot swipe, so 4 of 20
 * products were all a shopper saw. Each click scrolls by the visible width (the track snaps to
 * the next card); an arrow is disabled at its end. Phones swipe and do not get them.
 * `measure` false (a row still far from the viewport): the arrows assume the row starts at its
 * beginning and goes on, without reading its geometry (which would lay the row out).
 */
export function RowArrows({
	container,
	label,
	itemCount,
	measure,
}: {
	container: RefObject<HTMLElement | null>
	label: string
	itemCount: number
	measure: boolean
}) {
	/** The scrolling list inside the container (the <ul> ProductGrid renders). */
	const trackOf = () => container.current?.querySelector('ul') ?? null
	const [edges, setEdges] = useState({ start: true, end: false })
	useEffect(() => {
		const element = measure ? trackOf() : null
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
	}, [container, itemCount, measure])
	const scroll = (direction: 1 | -1) => {
		const element = trackOf()
		if (!element) return
		const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
		element.scrollBy({ left: direction * element.clientWidth * 0.9, behavior: reduced ? 'auto' : 'smooth' })
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
