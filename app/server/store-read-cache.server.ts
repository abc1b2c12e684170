import { getEnv } from '~/server/env.server'
import { STORE_CHANNEL } from '~/server/event-channels.server'
import { subscribe } from '~/server/events.server'

/**
 * Reads of shop data kept in memory until the next store event (issue 14, decision 050). A
 * product page asked the database 13 statements, most of them for the same product,
 * collections, add-ons and reviews that every view reads again. Those change when the owner
 * edits the catalogue or moderates a review, and every such change is a store event (the same
 * events that empty the page cache, decision 045), so reads are kept until the next event or,
 * as a safety net for changes that announce nothing (stock taken by an order that does not
 * sell a variant out), FRESH_MS.
 *
 * - One load per key however many requests wait for it; a failure is not kept.
 * - A load that began before an invalidation is not kept (generation counter).
 * - What is kept is frozen: callers share it, and one that changed it in place would change
 *   every later page (in strict mode such a write throws instead).
 * - Bounded: MAX_ENTRIES keys, least recently used first.
 */

type Entry = { value: Promise<unknown>; storedAt: number }

export type ReadCacheOptions = { freshMs?: number; maxEntries?: number; now?: () => number }

export type ReadCache = {
	/** `load` with its results kept per name and arguments (JSON). */
	wrap<A extends unknown[], R>(name: string, load: (...args: A) => Promise<R>): (...args: A) => Promise<R>
	/** Forgets everything kept (a store event). */
	invalidate(): void
	readonly stats: { hits: number; misses: number; invalidations: number }
}

function deepFreeze<T>(value: T): T {
	if (value && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value)
		for (const child of Object.values(value)) deepFreeze(child)
	}
	return value
}

export function createReadCache(options: ReadCacheOptions = {}): ReadCache {
	const freshMs = options.freshMs ?? 30_000
	const maxEntries = options.maxEntries ?? 2_000
	const now = options.now ?? Date.now
	const entries = new Map<string, Entry>()
	let generation = 0
	const stats = { hits: 0, misses: 0, invalidations: 0 }

	function read<R>(key: string, load: () => Promise<R>): Promise<R> {
		const kept = entries.get(key)
		if (kept && now() - kept.storedAt < freshMs) {
			stats.hits += 1
			// Most recently used last: the oldest key is the first one the bound drops.
			entries.delete(key)
			entries.set(key, kept)
			return kept.value as Promise<R>
		}
		stats.misses += 1
		const startedIn = generation
		const value = load().then(deepFreeze)
		const entry: Entry = { value, storedAt: now() }
		entries.set(key, entry)
		value.then(
			() => {
				// Changed while loading: the next read loads again.
				if (generation !== startedIn && entries.get(key) === entry) entries.delete(key)
			},
			() => {
				if (entries.get(key) === entry) entries.delete(key)
			},
		)
		while (entries.size > maxEntries) {
			const oldest = entries.keys().next().value
			if (oldest === undefined) break
			entries.delete(oldest)
		}
		return value
	}

	return {
		wrap:
			(name, load) =>
			(...args) =>
				read(`${name}:${JSON.stringify(args)}`, () => load(...args)),
		invalidate() {
			generation += 1
			stats.invalidations += 1
			entries.clear()
		},
		stats,
	}
}

// One per process, kept on globalThis: the HTTP entry and the React Router build are separate bundles.
const KEY = Symbol.for('loja.store-read-cache')
const globals = globalThis as typeof globalThis & { [KEY]?: ReadCache }

/** Tests: forget the cache (with the event bus it listens to: resetEventsForTests). */
export function resetStoreReadCacheForTests() {
	delete globals[KEY]
}

/** The process's cache, emptied by every store event of any app server (LISTEN/NOTIFY). */
export function storeReadCache(): ReadCache {
	let cache = globals[KEY]
	if (!cache) {
		const created = createReadCache()
		subscribe(STORE_CHANNEL, () => created.invalidate())
		globals[KEY] = created
		cache = created
	}
	return cache
}

/**
 * `load` kept until the next store event when CATALOGUE_CACHE is on (the default; tests that
 * write the database directly switch it off), read every time otherwise.
 */
export function keptUntilStoreChange<A extends unknown[], R>(name: string, load: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
	let kept: ((...args: A) => Promise<R>) | undefined
	return (...args) => {
		if (!getEnv().CATALOGUE_CACHE) return load(...args)
		kept ??= storeReadCache().wrap(name, load)
		return kept(...args)
	}
}
