import { STORE_CHANNEL } from '~/server/event-channels.server'
import { getEnv } from '~/server/env.server'
import { subscribe } from '~/server/events.server'

/**
 * A few seconds of memory for the header's search suggestions (issue 14, decision 047). Typing
 * sends the same prefixes from many shoppers at once ('ba', 'ban', 'band'…) and backspacing
 * asks again for what was just shown; each answer is kept SEARCH_CACHE_MS per normalized
 * query, at most MAX_ENTRIES of them, the least recently used going first.
 *
 * Any store event (catalogue saves, stock after an order, settings; this server's or another's
 * through PostgreSQL NOTIFY) empties it, so a renamed product or a new price shows in the next
 * suggestion. A search that started before the event is not stored (generation check), and
 * concurrent misses for one query share one search (single flight).
 */

const MAX_ENTRIES = 500

type Entry<T> = { value: Promise<T>; expiresAt: number; generation: number }

export type SuggestionCache<T> = {
	/** The cached answer for `query`, or `search()`'s, stored for the TTL if it succeeds. */
	get(query: string, search: () => Promise<T>): Promise<T>
	clear(): void
	readonly size: number
}

/** The key: case and spacing do not change the results (accents might: the database folds them). */
export function suggestionKey(query: string): string {
	return query.trim().toLowerCase().replace(/\s+/g, ' ')
}

export function createSuggestionCache<T>(options: { ttlMs: number; maxEntries?: number; now?: () => number }): SuggestionCache<T> {
	const maxEntries = options.maxEntries ?? MAX_ENTRIES
	const now = options.now ?? Date.now
	const entries = new Map<string, Entry<T>>()
	let generation = 0

	return {
		get(query, search) {
			if (options.ttlMs <= 0) return search()
			const key = suggestionKey(query)
			const found = entries.get(key)
			if (found && found.expiresAt > now() && found.generation === generation) {
				// Most recently used last: the first key is the one to drop.
				entries.delete(key)
				entries.set(key, found)
				return found.value
			}
			entries.delete(key)
			const startedIn = generation
			const value = search()
			const entry: Entry<T> = { value, expiresAt: now() + options.ttlMs, generation: startedIn }
			entries.set(key, entry)
			while (entries.size > maxEntries) {
				const oldest = entries.keys().next().value
				if (oldest === undefined) break
				entries.delete(oldest)
			}
			// A failed search is not remembered: the next request tries again.
			value.catch(() => {
				if (entries.get(key) === entry) entries.delete(key)
			})
			return value
		},
		clear() {
			generation += 1
			entries.clear()
		},
		get size() {
			return entries.size
		},
	}
}

const KEY = Symbol.for('loja.searchSuggestions')
type GlobalWithCache = typeof globalThis & { [KEY]?: SuggestionCache<unknown> }

/** The process-wide cache, emptied by every store event (subscribed on first use). */
export function searchSuggestionCache<T>(): SuggestionCache<T> {
	const global = globalThis as GlobalWithCache
	if (!global[KEY]) {
		const cache = createSuggestionCache<unknown>({ ttlMs: getEnv().SEARCH_CACHE_MS })
		global[KEY] = cache
		subscribe(STORE_CHANNEL, () => cache.clear())
	}
	return global[KEY] as SuggestionCache<T>
}

/** Tests: forget the cache (with the event bus it listens to: resetEventsForTests). */
export function resetSearchSuggestionCacheForTests() {
	delete (globalThis as GlobalWithCache)[KEY]
}
