import { sampleItems } from '~/utils/home-sections'

// Apart from home-sections.ts, which the home page's first JavaScript holds: this is the lazy
// featured section's alone (issue 34 measures the home's first load).

/**
 * The suggestions the shopper asked for ('Ver sugestões', 'Ver outras sugestões'): `count` drawn
 * from the pool's products not on screen, topped up from those on screen only when the rest of
 * the pool is too small — so a request always shows something new while the pool allows it.
 */
export function nextSuggestions<T extends { id: string }>(
	pool: readonly T[],
	shown: readonly { id: string }[],
	count: number,
	random: () => number = Math.random,
): T[] {
	const onScreen = new Set(shown.map((item) => item.id))
	const fresh = sampleItems(
		pool.filter((item) => !onScreen.has(item.id)),
		count,
		random,
	)
	const topUp = sampleItems(
		pool.filter((item) => onScreen.has(item.id)),
		count - fresh.length,
		random,
	)
	return [...fresh, ...topUp]
}
