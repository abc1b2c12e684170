import { ImageIcon } from '~/components/icons/lucide'
import { useState } from 'react'
import type { Image } from '~/commerce'
import { cn } from '~/utils/cn'
import { responsiveImageProps } from '~/utils/responsive-image'

// The demo photos are square; a provider that knows the real size sends it.
const DEFAULT_SIZE = 800
// The gallery is the left half of the page from md, capped by the 7xl container.
const MAIN_SIZES = '(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw'
const THUMB_SIZES = '80px'

/**
 * The product's images (up to 10, document 000 §3): one large image and a row of thumbnails.
 * The first image is the page's LCP element, so it loads eagerly with high priority; the
 * thumbnails and the images shown later load lazily.
 */
export function ProductGallery({ images, title, focusUrl = null }: { images: Image[]; title: string; focusUrl?: string | null }) {
	// The chosen variant's picture (issue 13, defect 4): shown first, and again whenever the
	// choice changes (React's 'adjust state while rendering': no effect, no flash).
	const focusIndex = focusUrl ? images.findIndex((i) => i.url === focusUrl) : -1
	const [firstShown] = useState(Math.max(focusIndex, 0))
	const [current, setCurrent] = useState(firstShown)
	const [lastFocus, setLastFocus] = useState(focusUrl)
	if (focusUrl !== lastFocus) {
		setLastFocus(focusUrl)
		if (focusIndex >= 0) setCurrent(focusIndex)
	}
	const image = images[current] ?? images[0]

	return (
		<div className="flex flex-col gap-3">
			<div className="overflow-hidden rounded-2xl border bg-muted">
				{image ? (
					<img
						key={image.url}
						{...responsiveImageProps(image.url, { sizes: MAIN_SIZES, width: image.width })}
						alt={image.altText ?? title}
						width={image.width ?? DEFAULT_SIZE}
						height={image.height ?? DEFAULT_SIZE}
						loading={current === firstShown ? 'eager' : 'lazy'}
						fetchPriority={current === firstShown ? 'high' : undefined}
						decoding={current === firstShown ? 'sync' : 'async'}
						className="aspect-square size-full object-cover dark:brightness-[0.85]"
						data-testid="imagem-principal"
					/>
				) : (
					<div className="flex aspect-square items-center justify-center text-muted-foreground">
						<ImageIcon className="size-12" aria-hidden="true" />
						<span className="sr-only">Produto sem imagem</span>
					</div>
				)}
			</div>
			{images.length > 1 ? (
				<ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Imagens do produto">
					{images.map((thumb, index) => (
						<li key={thumb.url} className="shrink-0">
							<button
								type="button"
								onClick={() => setCurrent(index)}
								aria-label={`Ver imagem ${index + 1} de ${images.length}`}
								aria-pressed={index === current}
								className={cn(
									'block size-16 overflow-hidden rounded-lg border-2 bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring sm:size-20',
									index === current ? 'border-primary' : 'border-transparent hover:border-muted-foreground/40',
								)}
							>
								<img
									{...responsiveImageProps(thumb.url, { sizes: THUMB_SIZES, width: thumb.width })}
									alt=""
									width={thumb.width ?? DEFAULT_SIZE}
									height={thumb.height ?? DEFAULT_SIZE}
									loading="lazy"
									decoding="async"
									className="size-full object-cover dark:brightness-[0.85]"
								/>
							</button>
						</li>
					))}
				</ul>
			) : null}
		</div>
	)
}
