import {
	CalendarHeartIcon,
	ChevronLeftIcon,
	ChevronRightIcon,
	CircleDotIcon,
	DropletsIcon,
	GiftIcon,
	type LucideIcon,
	PaletteIcon,
	PawPrintIcon,
	PenToolIcon,
	RibbonIcon,
	ShirtIcon,
	SparklesIcon,
	StoreIcon,
} from '~/components/icons/lucide'
import { useRef } from 'react'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { SectionHeading } from './section-heading'

export type CategoryCard = { label: string; href: string; subtitle: string }

const ICONS: Readonly<Record<string, LucideIcon>> = {
	'/bandanas': ShirtIcon,
	'/lacinhos': RibbonIcon,
	'/personalize': PaletteIcon,
	'/box': GiftIcon,
	'/assinaturas': CalendarHeartIcon,
	'/colares': CircleDotIcon,
	'/gravatas': SparklesIcon,
	'/categoria/higiene': DropletsIcon,
	'/personalize-colares': PenToolIcon,
	'/atacado': StoreIcon,
}

/**
 * document 000 §2: 'Explore Nossas Categorias', a carousel that loops: the arrows wrap
 * from the last card to the first and back. The track is a native scroll-snap list, so
 * touch swiping, the keyboard (Tab through the links) and no-JavaScript all work.
 */
export function CategoryCarousel({ cards }: { cards: CategoryCard[] }) {
	const track = useRef<HTMLUListElement>(null)

	function scroll(direction: 1 | -1) {
		const list = track.current
		if (!list) return
		const first = list.firstElementChild as HTMLElement | null
		const step = (first?.offsetWidth ?? 200) + 16
		const max = list.scrollWidth - list.clientWidth
		// Loop: past either end, jump to the other one.
		if (direction === 1 && list.scrollLeft >= max - 4) list.scrollTo({ left: 0 })
		else if (direction === -1 && list.scrollLeft <= 4) list.scrollTo({ left: max })
		else list.scrollBy({ left: direction * step })
	}

	return (
		<section id="categorias" aria-labelledby="categorias-title" className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
			<div className="flex items-end justify-between gap-4">
				<SectionHeading id="categorias-title" title="Explore Nossas Categorias" />
				<div className="mb-4 flex gap-2 sm:mb-6">
					<Button
						type="button"
						variant="outline"
						size="icon"
						aria-label="Categorias anteriores"
						aria-controls="categorias-lista"
						onClick={() => scroll(-1)}
					>
						<ChevronLeftIcon aria-hidden="true" />
					</Button>
					<Button
						type="button"
						variant="outline"
						size="icon"
						aria-label="Próximas categorias"
						aria-controls="categorias-lista"
						onClick={() => scroll(1)}
					>
						<ChevronRightIcon aria-hidden="true" />
					</Button>
				</div>
			</div>
			<ul
				id="categorias-lista"
				ref={track}
				className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] motion-safe:scroll-smooth"
			>
				{cards.map((card) => {
					const Icon = ICONS[card.href] ?? PawPrintIcon
					return (
						<li key={card.href} className="w-40 shrink-0 snap-start sm:w-48">
							<Link
								to={card.href}
								prefetch="intent"
								className="group flex h-full flex-col items-center gap-3 rounded-xl border bg-card p-5 text-center text-card-foreground shadow-sm transition hover:border-primary hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
							>
								<span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground transition-transform group-hover:scale-110">
									<Icon className="size-7" aria-hidden="true" />
								</span>
								<span className="font-semibold">{card.label}</span>
								<span className="text-xs text-muted-foreground">{card.subtitle}</span>
							</Link>
						</li>
					)
				})}
			</ul>
		</section>
	)
}
