import { resetCachedProvidersForTests } from '~/commerce/index.server'
import { clearCepCacheForTests } from '~/server/address/cep-lookup.server'
import { closeAllEventStreams, resetEventsForTests } from '~/server/events.server'
import { resetSearchSuggestionCacheForTests } from '~/server/search-suggestions.server'
import { clearStoreSettingsCache } from '~/server/settings.server'
import { clearMelhorEnvioCacheForTests } from '~/server/shipping/melhor-envio/quotes.server'
import { resetStoreReadCacheForTests } from '~/server/store-read-cache.server'

/**
 * What the process keeps about the database it reads: cached settings, cached reads, the event
 * bus's LISTEN connection and its subscribers. The unit run shares each worker's modules between
 * files (isolate: false, decision 074), so a file's database comes with none of the previous
 * file's: a gift threshold cached from another file's database once decided a cart here.
 */
export async function forgetDatabaseState() {
	clearStoreSettingsCache()
	clearCepCacheForTests()
	// Carrier quotes (decision 087) and the pause after a failure are the previous file's.
	clearMelhorEnvioCacheForTests()
	resetStoreReadCacheForTests()
	resetCachedProvidersForTests()
	resetSearchSuggestionCacheForTests()
	// The bus listens on the old database; the caches above were its subscribers.
	await closeAllEventStreams()
	resetEventsForTests()
}
