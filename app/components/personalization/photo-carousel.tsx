import { ChevronLeftIcon, ChevronRightIcon } from '~/components/icons/lucide'
import { useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'
import { prefersReducedMotion } from '~/utils/reduced-motion'

export type CarouselPhoto = { url: string; alt: string }

const ADVANCE_MS = 3500

/**
 * document 001 §2: a looping carousel of 20 example photos that links to the brand's social
 * profile. It advances by itself (not with reduced motion, nor while the pointer or focus is
 * on it) and wraps around at both ends; the arrows work the same way.
 */
export function PhotoCarousel({ photos, profileUrl }: { photos: readonly CarouselPhoto[]; profileUrl: string | null }) {
	const track = useRef<HTMLUListElement>(null)
	const [paused, setPaused] = useState(false)

	const step = (direction: 1 | -1) => {
		const list = track.current
		if (!list) return
		const item = list.firstElementChild as HTMLElement | null
		const width = (item?.offsetWidth ?? 160) + 12
		const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 4
		const atStart = list.scrollLeft <= 4
		if (direction === 1 && atEnd) list.scrollTo({ left: 0, behavior: 'smooth' })
		else if (direction === -1 && atStart) list.scrollTo({ left: list.scrollWidth, behavior: 'smooth' })
		else list.scrollBy({ left: direction * width, behavior: 'smooth' })
	}

	useEffect(() => {
		if (paused || photos.length < 2) return
		if (prefersReducedMotion()) return
		const timer = window.setInterval(() => step(1), ADVANCE_MS)
		return () => window.clearInterval(timer)
	}, [paused, photos.length])

	if (photos.length === 0) return null
	return (
		<section
			aria-label="Fotos de clientes"
			className="relative"
			onMouseEnter={() => setPaused(true)}
			onMouseLeave={() => setPaused(false)}
			onFocus={() => setPaused(true)}
			onBlur={() => setPaused(false)}
		>
			<ul ref={track} className="flex snap-x snap-mandatory gap-3 overflow-x-auto pb-2 motion-safe:scroll-smooth [scrollbar-width:none]">
				{photos.map((photo, index) => (
					<li key={`${photo.url}-${index}`} className="w-36 shrink-0 snap-start sm:w-44">
						{profileUrl ? (
							<a
								href={profileUrl}
								target="_blank"
								rel="noopener noreferrer"
								className="block rounded-lg focus-visible:ring-[3px] focus-visible:ring-ring"
							>
								<img
									src={photo.url}
									alt={photo.alt}
									loading="lazy"
									width={176}
									height={176}
									className="aspect-square w-full rounded-lg object-cover"
								/>
							</a>
						) : (
							<img
								src={photo.url}
								alt={photo.alt}
								loading="lazy"
								width={176}
								height={176}
								className="aspect-square w-full rounded-lg object-cover"
							/>
						)}
					</li>
				))}
			</ul>
			<div className="mt-2 flex justify-end gap-2">
				<Button type="button" variant="outline" size="icon-sm" aria-label="Fotos anteriores" onClick={() => step(-1)}>
					<ChevronLeftIcon aria-hidden="true" />
				</Button>
				<Button type="button" variant="outline" size="icon-sm" aria-label="Próximas fotos" onClick={() => step(1)}>
					<ChevronRightIcon aria-hidden="true" />
				</Button>
			</div>
		</section>
	)
}
