import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * What one request cost the server: its database queries (issue 14: the bench prints the
 * queries per page). Counted only when the HTTP entry runs a request inside `measureRequest`
 * (REQUEST_METRICS=on, off by default); otherwise `countQuery` is a lookup and nothing more.
 *
 * The HTTP entry (server/index.ts) and the React Router build are separate bundles, each
 * with its own copy of this module: the store lives under a process-wide key so both see it.
 */
type RequestMetrics = { queries: number }

const KEY = Symbol.for('loja.request-metrics')
const globals = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestMetrics> }
const storage = (globals[KEY] ??= new AsyncLocalStorage<RequestMetrics>())

/** Runs `work` with a fresh counter; `metrics` is read when the response has finished. */
export function measureRequest<T>(work: (metrics: RequestMetrics) => T): T {
	const metrics: RequestMetrics = { queries: 0 }
	return storage.run(metrics, () => work(metrics))
}

/** Called for every statement the app sends (drizzle's logger, db.server.ts). */
export function countQuery(): void {
	const metrics = storage.getStore()
	if (metrics) metrics.queries += 1
}
