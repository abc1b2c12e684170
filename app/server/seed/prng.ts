/**
 * A small seeded pseudo-random generator (mulberry32), so that the demo data is the same
 * on every machine and tests can rely on it. Not for anything secret.
 */
export type Random = {
	/** A float in [0, 1). */
	next(): number
	/** An integer in [min, max]. */
	int(min: number, max: number): number
	/** true with the given probability. */
	chance(probability: number): boolean
	pick<T>(items: readonly T[]): T
	/** count distinct items, in random order. */
	sample<T>(items: readonly T[], count: number): T[]
}

export function createRandom(seed: number): Random {
	let state = seed >>> 0
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
	return {
		next,
		int,
		chance: (probability) => next() < probability,
		pick: (items) => {
			if (items.length === 0) throw new Error('pick: lista vazia')
			return items[int(0, items.length - 1)] as (typeof items)[number]
		},
		sample: (items, count) => {
			const copy = [...items]
			for (let i = copy.length - 1; i > 0; i--) {
				const j = int(0, i)
				;[copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]]
			}
			return copy.slice(0, Math.min(count, copy.length))
		},
	}
}

/** 'Rosa Bebê Xadrez' → 'rosa-bebe-xadrez' (catalogue handle format). */
export { slugify } from '~/utils/slug'
