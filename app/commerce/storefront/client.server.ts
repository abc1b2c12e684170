import { CommerceError } from '../errors'
import { logger } from '~/server/logger.server'

/**
 * The Storefront API's HTTP client (document 000 §7: POST {query, variables} as JSON with the
 * public access token header). Errors carry §8's messages as written ('Payment required',
 * 'HTTP error! status: 500', 'Error calling Shopify: …'); throttling (HTTP 430 or 429, or a
 * THROTTLED GraphQL error) is retried with back-off; each request has a timeout; successful
 * query answers are kept briefly in memory per query and variables (decision 046).
 */

export type StorefrontErrorKind =
	| 'payment_required'
	| 'http'
	| 'graphql'
	| 'throttled'
	| 'timeout'
	| 'network'
	| 'malformed'
	| 'user_errors'
	| 'no_checkout_url'
	/** A subscription variant without the prepaid 12-month plan our price needs (decision 052). */
	| 'no_selling_plan'

/** §8: the toast shown for HTTP 402 (title as written; the description says what it means). */
export const PAYMENT_REQUIRED_TOAST = {
	title: 'Shopify: Pagamento necessário',
	description: 'O acesso à API da loja Shopify precisa de um plano de cobrança ativo.',
} as const

/** What the shopper reads when the store cannot be reached: the pages' error states show it. */
export const STOREFRONT_UNAVAILABLE_MESSAGE = 'Não foi possível carregar os produtos da loja. Tente novamente em instantes.'

/** A failure of the Storefront API. `message` is §8's text; `userMessage` is Portuguese. */
export class StorefrontError extends CommerceError {
	readonly kind: StorefrontErrorKind
	/** The destructive toast §8 gives for this failure, when it gives one. */
	readonly toast: { title: string; description: string } | null

	constructor(
		kind: StorefrontErrorKind,
		message: string,
		options: { userMessage?: string; toast?: { title: string; description: string }; cause?: unknown } = {},
	) {
		super('provider_error', options.userMessage ?? STOREFRONT_UNAVAILABLE_MESSAGE, { detail: message, cause: options.cause })
		this.name = 'StorefrontError'
		this.kind = kind
		this.toast = options.toast ?? null
	}
}

export type StorefrontClientOptions = {
	/** The whole GraphQL endpoint (env: storefrontEndpoint). */
	endpoint: string
	/** The public Storefront access token. */
	token: string
	/** Per attempt. */
	timeoutMs?: number
	/** Retries after a throttled answer (so up to maxRetries + 1 attempts). */
	maxRetries?: number
	/** First back-off; doubled each retry (with jitter), or the server's Retry-After when it sends one. */
	retryBaseMs?: number
	/** How long a successful query answer is reused; 0 turns the cache off. */
	cacheTtlMs?: number
	cacheMaxEntries?: number
	now?: () => number
}

export type StorefrontRequest = {
	query: string
	variables?: Record<string, unknown>
	/** Mutations and anything that must be fresh pass false. */
	cache?: boolean
}

export type StorefrontClient = {
	request<T>(request: StorefrontRequest): Promise<T>
	/** Forget every cached answer (tests; a future webhook from the store). */
	clearCache(): void
}

const DEFAULTS = { timeoutMs: 8_000, maxRetries: 3, retryBaseMs: 250, cacheTtlMs: 30_000, cacheMaxEntries: 500 }
/** A throttled answer's Retry-After is honoured up to this long; past it the page would rather fail. */
const MAX_RETRY_WAIT_MS = 4_000

type GraphQLResponse = { data?: unknown; errors?: { message?: unknown; extensions?: { code?: unknown } }[] }

class Throttled extends Error {
	constructor(readonly retryAfterMs: number | null) {
		super('throttled')
	}
}

export function createStorefrontClient(options: StorefrontClientOptions): StorefrontClient {
	const config = { ...DEFAULTS, ...options }
	const now = options.now ?? Date.now
	/** Insertion order is age order: the oldest entry is evicted first. In flight requests are shared. */
	const cache = new Map<string, { expires: number; value: Promise<unknown> }>()

	async function attempt(body: string): Promise<unknown> {
		let response: Response
		try {
			response = await fetch(config.endpoint, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					accept: 'application/json',
					'x-shopify-storefront-access-token': config.token,
				},
				body,
				signal: AbortSignal.timeout(config.timeoutMs),
			})
		} catch (error) {
			if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
				throw new StorefrontError('timeout', `Shopify did not answer within ${config.timeoutMs} ms`, { cause: error })
			}
			throw new StorefrontError('network', `Could not reach Shopify: ${(error as Error).message}`, { cause: error })
		}
		if (response.status === 430 || response.status === 429) {
			await response.body?.cancel()
			throw new Throttled(retryAfter(response.headers.get('retry-after')))
		}
		if (response.status === 402) {
			await response.body?.cancel()
			throw new StorefrontError('payment_required', 'Payment required', { toast: PAYMENT_REQUIRED_TOAST })
		}
		if (!response.ok) {
			await response.body?.cancel()
			throw new StorefrontError('http', `HTTP error! status: ${response.status}`)
		}
		let json: GraphQLResponse
		try {
			json = (await response.json()) as GraphQLResponse
		} catch (error) {
			if (error instanceof DOMException && error.name === 'TimeoutError') {
				throw new StorefrontError('timeout', `Shopify did not answer within ${config.timeoutMs} ms`, { cause: error })
			}
			throw new StorefrontError('malformed', 'Invalid JSON in the answer from Shopify', { cause: error })
		}
		if (typeof json !== 'object' || json === null) throw new StorefrontError('malformed', 'Invalid JSON in the answer from Shopify')
		const errors = Array.isArray(json.errors) ? json.errors : []
		if (errors.some((e) => e?.extensions?.code === 'THROTTLED')) throw new Throttled(null)
		if (errors.length > 0) {
			const messages = errors.map((e) => (typeof e?.message === 'string' ? e.message : 'unknown error'))
			throw new StorefrontError('graphql', `Error calling Shopify: ${messages.join(', ')}`)
		}
		if (typeof json.data !== 'object' || json.data === null) throw new StorefrontError('malformed', 'No data in the answer from Shopify')
		return json.data
	}

	async function send(body: string): Promise<unknown> {
		for (let retry = 0; ; retry++) {
			try {
				return await attempt(body)
			} catch (error) {
				if (!(error instanceof Throttled)) throw error
				if (retry >= config.maxRetries) {
					throw new StorefrontError('throttled', `Shopify is throttling requests (gave up after ${retry + 1} attempts)`, { cause: error })
				}
				const backOff = config.retryBaseMs * 2 ** retry * (1 + Math.random() / 4)
				const wait = Math.min(error.retryAfterMs ?? backOff, MAX_RETRY_WAIT_MS)
				logger.warn({ retry: retry + 1, waitMs: Math.round(wait) }, 'Storefront API throttled; retrying')
				await new Promise((resolve) => setTimeout(resolve, wait))
			}
		}
	}

	return {
		async request<T>({ query, variables = {}, cache: useCache = true }: StorefrontRequest): Promise<T> {
			const body = JSON.stringify({ query, variables })
			if (!useCache || config.cacheTtlMs <= 0) return (await send(body)) as T
			const entry = cache.get(body)
			if (entry && entry.expires > now()) return (await entry.value) as T
			if (entry) cache.delete(body)
			const value = send(body)
			cache.set(body, { expires: now() + config.cacheTtlMs, value })
			while (cache.size > config.cacheMaxEntries) cache.delete(cache.keys().next().value as string)
			// A failure is not remembered: the next page view asks again.
			value.catch(() => {
				if (cache.get(body)?.value === value) cache.delete(body)
			})
			return (await value) as T
		},
		clearCache() {
			cache.clear()
		},
	}
}

/** Retry-After in seconds (or an HTTP date) → milliseconds; null when absent or unreadable. */
function retryAfter(header: string | null): number | null {
	if (!header) return null
	const seconds = Number(header)
	if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
	const date = Date.parse(header)
	return Number.isNaN(date) ? null : Math.max(0, date - Date.now())
}
