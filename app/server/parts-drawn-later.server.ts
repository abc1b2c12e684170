import { DRAWN_LATER_ATTRIBUTE, DRAWN_LATER_PARTS, type DrawnLaterPart } from '~/components/drawn-later'
import featuredProducts from '~/components/home/featured-products.tsx?raw'
import videoPlayer from '~/components/home/video-player.tsx?raw'
import favoriteButton from '~/components/shop/favorite-button.tsx?raw'
import productCard from '~/components/shop/product-card.tsx?raw'
import productGrid from '~/components/shop/product-grid.tsx?raw'
import badge from '~/components/ui/badge.tsx?raw'
import button from '~/components/ui/button.tsx?raw'
import type { CriticalCss } from './critical-css.server'

/**
 * The classes a part drawn after hydration may use (components/drawn-later.ts, decision 158), read
 * from its components' source text: every word between spaces and quotes that some rule of the
 * stylesheet needs. That errs towards more rules in the page (a variant never drawn, a word that
 * happens to be a class), never fewer. When a part starts using another component, its file goes in
 * this list: `first-paint.e2e.ts` fails while the home draws its cards with a class left out.
 */
const SOURCES: Record<DrawnLaterPart, string[]> = {
	'product-cards': [featuredProducts, productGrid, productCard, favoriteButton, badge, button],
	video: [videoPlayer],
}

const MARKER = new RegExp(`${DRAWN_LATER_ATTRIBUTE}="(${DRAWN_LATER_PARTS.join('|')})"`, 'g')

/** The parts `html` says the browser will draw later. */
export function partsDrawnLaterIn(html: string): Set<DrawnLaterPart> {
	return new Set([...html.matchAll(MARKER)].map((match) => match[1] as DrawnLaterPart))
}

// Per stylesheet (the server has one) and part: computed on the first page that names the part.
const byStylesheet = new WeakMap<CriticalCss, Map<DrawnLaterPart, ReadonlySet<string>>>()

/** The classes `part` may draw that some rule of `critical`'s stylesheet needs. */
export function classesDrawnLater(critical: CriticalCss, part: DrawnLaterPart): ReadonlySet<string> {
	let byPart = byStylesheet.get(critical)
	if (!byPart) {
		byPart = new Map()
		byStylesheet.set(critical, byPart)
	}
	let classes = byPart.get(part)
	if (!classes) {
		const words = SOURCES[part].flatMap((source) => source.split(/[\s'"`]+/))
		classes = new Set(words.filter((word) => word && critical.isUsedClass(word)))
		byPart.set(part, classes)
	}
	return classes
}
