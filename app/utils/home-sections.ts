/*
 * The home page's rules that need no database or browser (document 000 §2 'Home page', §4,
 * §9): which sections come in which order, which products may be suggested, how a sample
 * is drawn, and how ratings and counts read in Portuguese. Shared by the loader and the
 * components so both follow the same constants.
 */
import { formatLongDate } from '~/utils/format'
import { CATEGORY_CARDS } from './category-cards'

/** document 000 §9: recently viewed shows 6; suggestions are a random 6 from a pool of up to 50. */
export const RECENTLY_VIEWED_LIMIT = 6
export const SUGGESTION_COUNT = 6
export const SUGGESTION_POOL_LIMIT = 50
/** document 000 §7/§9: up to 20 products per category row on the home page. */
export const HOME_ROW_PRODUCT_LIMIT = 20
/** document 000 §9: the 12 latest approved reviews. */
export const HOME_REVIEWS_LIMIT = 12

/**
 * The shop's own default video and still (public/media/, made by scripts/generate-home-media.mjs).
 * document 000 §8: the hero falls back to the default video, then to the still; the subscription
 * promo to the default video. WebM (VP9) first, MP4 (H.264) for players without VP9.
 */
export const DEFAULT_HOME_VIDEOS: readonly string[] = ['/media/home-default.webm', '/media/home-default.mp4']
/** The loop's first frame: the hero's painted background and its reduced-motion still. */
export const HOME_POSTER_IMAGE = '/media/home-poster.webp'
/** The same scene at 1200 × 630 in JPEG, which every link-preview crawler reads (og:image). */
export const HOME_SHARE_IMAGE = '/media/home-share.jpg'

/**
 * The addresses a background video tries in turn: the configured one (when there is one),
 * then the fallbacks, each once. The player moves on when one fails to load.
 */
export function videoSourceChain(configured: string | null, fallbacks: readonly string[] = []): string[] {
	return [...new Set([...(configured ? [configured] : []), ...fallbacks])]
}

/** document 000 §9: collections whose products are never suggested (made to order or B2B). */
export const SUGGESTION_EXCLUDED_COLLECTIONS: readonly string[] = ['artes-personalizadas', 'personalizacao-de-colares', 'atacado']
/** Add-ons, personalization bases and gifts carry this tag: they are not sold on their own. */
export const INTERNAL_PRODUCT_TAG = 'uso-interno'

export type CategoryRowConfig = { kind: 'row'; handle: string; title: string; href: string }
export type HomeSection =
	| CategoryRowConfig
	| { kind: 'featured' }
	| { kind: 'subscription-promo' }
	| { kind: 'reviews' }
	| { kind: 'instagram' }
	| { kind: 'app-download' }

function row(handle: string, title: string, href = `/categoria/${handle}`): CategoryRowConfig {
	return { kind: 'row', handle, title, href }
}

/**
 * document 000 §2 'Featured order', exactly: recently viewed or suggestions; Bandanas; Bandana
 * Xadrez; subscription promo; Bandana Neutra; Box; reviews; Instagram; Colares; Gravatas;
 * Lacinhos; Higiene; app-download banner; Cachecol; Personalização de Colares.
 * 'Ver Todos' links use the short forms the footer uses where one exists (decision 19).
 */
export const HOME_FEATURED_SECTIONS: readonly HomeSection[] = [
	{ kind: 'featured' },
	row('bandana', 'Bandanas', '/bandanas'),
	row('bandana-xadrez', 'Bandana Xadrez'),
	{ kind: 'subscription-promo' },
	row('bandana-neutra', 'Bandana Neutra'),
	row('shinebox', 'Box', '/box'),
	{ kind: 'reviews' },
	{ kind: 'instagram' },
	row('colar', 'Colares', '/colares'),
	row('gravatas', 'Gravatas', '/gravatas'),
	row('lacinhos', 'Lacinhos', '/lacinhos'),
	row('higiene', 'Higiene'),
	{ kind: 'app-download' },
	row('cachecol', 'Cachecol'),
	row('personalizacao-de-colares', 'Personalização de Colares'),
]

export const HOME_CATEGORY_ROWS: readonly CategoryRowConfig[] = HOME_FEATURED_SECTIONS.filter(
	(section): section is CategoryRowConfig => section.kind === 'row',
)

export { CATEGORY_CARDS, type CategoryCardConfig } from './category-cards'

/** '1 produto disponível', '75 produtos disponíveis', '0 planos disponíveis'. */
export function availableCountLabel(count: number, noun: 'produtos' | 'planos' = 'produtos'): string {
	if (count === 1) return noun === 'planos' ? '1 plano disponível' : '1 produto disponível'
	return `${count} ${noun} disponíveis`
}

/** The subtitle of each category card, from the real collection counts (missing collection → 0). */
export function categoryCardSubtitles(counts: ReadonlyMap<string, number>): { label: string; href: string; subtitle: string }[] {
	return CATEGORY_CARDS.map((card) => ({
		label: card.label,
		href: card.href,
		subtitle:
			card.collectionHandle === null ? (card.subtitle ?? '') : availableCountLabel(counts.get(card.collectionHandle) ?? 0, card.noun),
	}))
}

/** What suggestion filtering needs to know of a product. */
export type SuggestionCandidate = { tags: readonly string[]; collections: readonly { handle: string }[] }

/** Not internal (add-ons, bases) and in none of the excluded collections. */
export function isSuggestible(product: SuggestionCandidate): boolean {
	if (product.tags.some((tag) => tag.toLowerCase() === INTERNAL_PRODUCT_TAG)) return false
	return !product.collections.some((c) => SUGGESTION_EXCLUDED_COLLECTIONS.includes(c.handle))
}

/** The suggestion pool: suggestible products, at most SUGGESTION_POOL_LIMIT. */
export function suggestionPool<T extends SuggestionCandidate>(products: readonly T[], limit = SUGGESTION_POOL_LIMIT): T[] {
	return products.filter(isSuggestible).slice(0, limit)
}

/**
 * `count` distinct items drawn uniformly (partial Fisher-Yates), in random order. `random`
 * returns [0, 1) like Math.random; tests pass a seeded one.
 */
export function sampleItems<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
	const copy = [...items]
	const n = Math.min(count, copy.length)
	for (let i = 0; i < n; i++) {
		const j = i + Math.floor(random() * (copy.length - i))
		const picked = copy[j] as T
		copy[j] = copy[i] as T
		copy[i] = picked
	}
	return copy.slice(0, n)
}

// The average and count copy live in ~/utils/reviews (shared with the product page).
/** document 000 §9: dates pt-BR, '5 de março de 2026' (the shop's time zone, so server and browser agree). */
export function formatReviewDate(date: Date | string): string {
	return formatLongDate(date)
}
