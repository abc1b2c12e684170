import { isDatabaseUnavailableError } from '~/server/database-errors.server'
import { logger } from '~/server/logger.server'

/**
 * Retries a database step that must not be lost to a moment of overload (decision 059).
 *
 * Under load the pool can run out of connections for a few seconds ('timeout exceeded when
 * trying to connect'): isDatabaseUnavailableError says so, and a whole page answers 503. A step
 * that runs after the order was committed (or after the card was charged) cannot simply give up
 * like that: this retries it while the error says "database unavailable", with a short growing
 * pause, for at most `budgetMs` from the first try. Any other error is thrown at once, and so is
 * the last unavailable one once the budget is spent.
 *
 * Only for steps that are safe to run again: one statement or one transaction that either
 * committed or did not (a pool timeout happens before the statement is even sent).
 */

/** How long a step is retried by default: a burst of load, not an outage (that stays a 503). */
export const TRANSIENT_RETRY_BUDGET_MS = 20_000
/** First pause, doubled after each failure up to the cap. */
const FIRST_DELAY_MS = 100
const MAX_DELAY_MS = 2_000

export type RetryTransientOptions = {
	/** For the log line of each retry (e.g. 'registrar a cobrança aprovada'). */
	label: string
	/** Context for the log (order reference…): ids only, never personal data. */
	context?: Record<string, unknown>
	budgetMs?: number
	/** Tests: a fake clock and pause. */
	now?: () => number
	sleep?: (ms: number) => Promise<void>
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function retryTransient<T>(operation: () => Promise<T>, options: RetryTransientOptions): Promise<T> {
	const now = options.now ?? Date.now
	const sleep = options.sleep ?? pause
	const budgetMs = options.budgetMs ?? TRANSIENT_RETRY_BUDGET_MS
	const started = now()
	let delay = FIRST_DELAY_MS
	for (let attempt = 1; ; attempt++) {
		try {
			return await operation()
		} catch (error) {
			if (!isDatabaseUnavailableError(error) || now() - started + delay > budgetMs) throw error
			logger.warn(
				{ ...options.context, error: String(error), attempt, retryInMs: delay },
				`banco indisponível ao ${options.label}: tentando de novo`,
			)
			await sleep(delay)
			delay = Math.min(delay * 2, MAX_DELAY_MS)
		}
	}
}
